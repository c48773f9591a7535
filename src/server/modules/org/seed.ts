import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { readSeedFile } from '../../seed/seed-files.ts';

interface SeedDepartment {
  name: string;
  manager?: string;
  members: string[];
  children?: SeedDepartment[];
}

export const readSeedDepartments = () =>
  readSeedFile<Record<string, SeedDepartment[]>>('seed/departments.json', 'meta/departments.schema.json');

/**
 * The demo department tree of a tenant (schemas/seed/departments.json), with managers and
 * each member's department. Once: a tenant that has any department keeps what it has.
 */
export async function seedDepartments(db: Kysely<DB>, tenantCode: string): Promise<void> {
  const departments = readSeedDepartments()[tenantCode];
  if (!departments) return;
  await db.transaction().execute(async (trx) => {
    const tenant = await trx.selectFrom('tenant').select('id').where('code', '=', tenantCode).executeTakeFirstOrThrow();
    const existing = await trx.selectFrom('department').select('id').where('tenant_id', '=', tenant.id).limit(1).executeTakeFirst();
    if (existing) return;
    const members = await trx
      .selectFrom('tenant_member')
      .innerJoin('app_user', 'app_user.id', 'tenant_member.user_id')
      .select(['app_user.id', 'app_user.username'])
      .where('tenant_member.tenant_id', '=', tenant.id)
      .execute();
    const userId = (username: string) => {
      const found = members.find((m) => m.username === username);
      if (!found) throw new Error(`departments.json: ${username} is not a member of ${tenantCode}`);
      return found.id;
    };
    const insert = async (list: SeedDepartment[], parentId: number | null) => {
      for (const [sort, department] of list.entries()) {
        const { id } = await trx
          .insertInto('department')
          .values({
            tenant_id: tenant.id,
            parent_id: parentId,
            name: department.name,
            manager_user_id: department.manager ? userId(department.manager) : null,
            sort,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        const memberIds = department.members.map(userId);
        if (memberIds.length) {
          await trx
            .updateTable('tenant_member')
            .set({ department_id: id })
            .where('tenant_id', '=', tenant.id)
            .where('user_id', 'in', memberIds)
            .execute();
        }
        await insert(department.children ?? [], id);
      }
    };
    await insert(departments, null);
  });
}

import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RIGHTS_TABLES } from '../../../src/server/db/migrations/013_rights_revision.ts';
import { testDialects } from '../../helpers/databases.ts';
import { HARBOR, NORTHWIND, startTestApp, type TestApp } from '../../helpers/test-app.ts';

/**
 * Members' rights are kept in memory under their tenant's rights revision, so every write to a
 * table that decides rights must move it, in its own tenant only — on both databases, whatever
 * code path or instance writes.
 */
describe.each(testDialects())('tenant rights revision on %s', (dialect) => {
  let t: TestApp;
  let northwind: number;
  let harbor: number;
  beforeAll(async () => {
    t = await startTestApp(dialect);
    const tenants = await t.app.services.db.selectFrom('tenant').select(['id', 'name']).execute();
    northwind = tenants.find((r) => r.name === NORTHWIND)!.id;
    harbor = tenants.find((r) => r.name === HARBOR)!.id;
  });
  afterAll(() => t.close());

  const revisions = async () => {
    const rows = await t.app.services.db.selectFrom('tenant').select(['id', 'rights_revision']).execute();
    const of = (id: number) => rows.find((r) => r.id === id)!.rights_revision;
    return { northwind: of(northwind), harbor: of(harbor) };
  };

  /** Runs a write and says whether it moved Northwind's revision (and left Harbor's alone). */
  const moves = async (write: string) => {
    const before = await revisions();
    await sql.raw(write).execute(t.app.services.db);
    const after = await revisions();
    expect(after.harbor, write).toBe(before.harbor);
    return after.northwind > before.northwind;
  };

  it.each(RIGHTS_TABLES)('an update of %s moves it', async (table) => {
    const db = t.app.services.db;
    // Give the group tables a row of Northwind's to update.
    if (table.startsWith('group_')) {
      const group = await db
        .insertInto('permission_group')
        .values({ tenant_id: northwind, name: `g-${table}`, description: '', create_time: '2026-11-22', update_time: '2026-11-22' })
        .returning('id')
        .executeTakeFirstOrThrow();
      const role = await db.selectFrom('role').select('id').where('tenant_id', '=', northwind).executeTakeFirstOrThrow();
      const user = await db.selectFrom('tenant_member').select('user_id').where('tenant_id', '=', northwind).executeTakeFirstOrThrow();
      const values =
        table === 'group_point'
          ? `(${northwind}, ${group.id}, 'doc:view')`
          : table === 'group_role'
            ? `(${northwind}, ${group.id}, ${role.id})`
            : `(${northwind}, ${group.id}, ${user.user_id})`;
      const column = ({ group_point: 'point_code', group_role: 'role_id', group_user: 'user_id' } as Record<string, string>)[table];
      expect(await moves(`insert into ${table} (tenant_id, group_id, ${column}) values ${values}`)).toBe(true);
    }
    expect(await moves(`update ${table} set tenant_id = tenant_id where id = (select min(id) from ${table} where tenant_id = ${northwind})`)).toBe(true);
  });

  it('a delete moves it, and a statement that changes nothing leaves it', async () => {
    expect(await moves(`delete from group_user where tenant_id = ${northwind}`)).toBe(true);
    expect(await moves(`delete from user_role where tenant_id = ${northwind} and id = -1`)).toBe(false);
    // Records and other tenants' tables are no rights.
    expect(await moves(`update form set name = name where tenant_id = ${northwind}`)).toBe(false);
  });
});

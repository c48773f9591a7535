import type { Kysely } from 'kysely';
import { storedText } from '../../core/local-text.ts';
import { flattenTree } from '../../core/menu-tree.ts';
import type { Clock } from '../clock.ts';
import type { Dialect } from '../db/database.ts';
import type { DB } from '../db/schema.ts';
import { loadAddresses } from '../modules/address/load.ts';
import { hashPassword } from '../modules/auth/password.ts';
import { seedDepartments } from '../modules/org/seed.ts';
import { seedAuthorization } from './authorization-seed.ts';
import { demoMenuTitle, demoText } from './demo/texts.ts';
import { subtreeKeys, withChildren, type SeedNode } from './menu-keys.ts';
import { readSeedDemo, readSeedMenu, type SeedDemo } from './seed-files.ts';
import { seedTenantContent } from './tenant-content.ts';

type Tenant = SeedDemo['tenants'][number];
type Node = SeedNode;

/**
 * Loads the seed metadata. Safe to run at every start: tenants, users, workspaces and roles
 * are created when missing (found by code or username), menu nodes when their seed key is
 * missing; rows already there, and what administrators changed, are left alone.
 */
export async function seedDatabase(db: Kysely<DB>, clock: Clock, dialect: Dialect): Promise<void> {
  const menu = withChildren(readSeedMenu());
  const demo = readSeedDemo();
  await loadAddresses(db);
  const now = new Date(clock.now()).toISOString();

  const missingUsers: SeedDemo['users'] = [];
  for (const user of demo.users) {
    const found = await db.selectFrom('app_user').select('id').where('username', '=', user.username).executeTakeFirst();
    if (!found) missingUsers.push(user);
  }
  const hashes = await Promise.all(missingUsers.map(() => hashPassword(demo.password)));

  await db.transaction().execute(async (trx) => {
    for (const [i, user] of missingUsers.entries()) {
      await trx
        .insertInto('app_user')
        .values({
          username: user.username,
          name: user.name,
          mobile_phone: user.mobilePhone ?? null,
          email: user.email?.toLowerCase() ?? null,
          password_hash: hashes[i]!,
          avatar: null,
          status: 'ACTIVE',
          create_time: now,
          update_time: now,
        })
        .execute();
    }
    for (const tenant of demo.tenants) await seedTenant(trx, tenant, menu, now);
  });
  // Before the tenant content: the demo forms' flows find managers through departments.
  for (const tenant of demo.tenants) await seedDepartments(db, tenant.code);
  for (const tenant of demo.tenants) await seedTenantContent(db, dialect, tenant.code, clock);
  // After the tenant content, so templates find the customer pages.
  for (const tenant of demo.tenants) await seedAuthorization(db, tenant, menu, now);
}

async function seedTenant(db: Kysely<DB>, tenant: Tenant, menu: Node[], now: string): Promise<void> {
  const existing = await db.selectFrom('tenant').select('id').where('code', '=', tenant.code).executeTakeFirst();
  const tenantId =
    existing?.id ??
    (await db.insertInto('tenant').values({ code: tenant.code, name: tenant.name, create_time: now }).returning('id').executeTakeFirstOrThrow()).id;

  const resourceIds = await seedResources(db, tenantId, menu);
  if (existing) return; // Grants, workspaces and members are set up once; later they are the administrators' to change.

  const userIds = new Map(
    (await db.selectFrom('app_user').select(['id', 'username']).execute()).map((u) => [u.username, u.id]),
  );
  const idsOf = (keys: Iterable<string>) => [...keys].map((k) => resourceIds.get(k)!).filter((id) => id !== undefined);
  const isPoint = new Set(flattenTree(menu).filter((n) => n.type === 'BUTTON').map((n) => n.key));

  const workspaceIds = new Map<string, number>();
  for (const ws of tenant.workspaces) {
    const { id } = await db
      .insertInto('workspace')
      .values({ tenant_id: tenantId, code: ws.code, name: ws.name, create_time: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    workspaceIds.set(ws.code, id);
    const rows = idsOf(subtreeKeys(menu, ws.menus)).map((resource_id) => ({ tenant_id: tenantId, workspace_id: id, resource_id }));
    if (rows.length) await db.insertInto('workspace_resource').values(rows).execute();
  }

  const roleIds = new Map<string, number>();
  for (const role of tenant.roles) {
    const { id } = await db
      .insertInto('role')
      .values({ tenant_id: tenantId, code: role.code, name: storedText(demoText(role.name)) })
      .returning('id')
      .executeTakeFirstOrThrow();
    roleIds.set(role.code, id);
    const excluded = subtreeKeys(menu, role.except ?? []);
    const keys = [...subtreeKeys(menu, role.grants)].filter((k) => !excluded.has(k) && !(role.exceptPoints && isPoint.has(k)));
    const rows = idsOf(keys).map((resource_id) => ({ tenant_id: tenantId, role_id: id, resource_id }));
    if (rows.length) await db.insertInto('role_resource').values(rows).execute();
  }

  for (const member of tenant.members) {
    const userId = userIds.get(member.username);
    if (userId === undefined) throw new Error(`Seed member ${member.username} is not a seed user`);
    await db.insertInto('tenant_member').values({ tenant_id: tenantId, user_id: userId, type: member.type, create_time: now }).execute();
    for (const code of member.workspaces) {
      await db
        .insertInto('workspace_member')
        .values({ tenant_id: tenantId, workspace_id: workspaceIds.get(code)!, user_id: userId })
        .execute();
    }
    for (const code of member.roles ?? []) {
      await db.insertInto('user_role').values({ tenant_id: tenantId, user_id: userId, role_id: roleIds.get(code)! }).execute();
    }
  }
}

/** Inserts the menu nodes the tenant lacks; returns seed key -> resource id for all of them. */
async function seedResources(db: Kysely<DB>, tenantId: number, menu: Node[]): Promise<Map<string, number>> {
  const ids = new Map(
    (await db.selectFrom('resource').select(['id', 'seed_key']).where('tenant_id', '=', tenantId).execute())
      .filter((r) => r.seed_key !== null)
      .map((r) => [r.seed_key!, r.id]),
  );
  const walk = async (nodes: Node[], parentId: number | null) => {
    for (const [sort, node] of nodes.entries()) {
      let id = ids.get(node.key);
      if (id === undefined) {
        ({ id } = await db
          .insertInto('resource')
          .values({
            tenant_id: tenantId,
            parent_id: parentId,
            title: storedText(demoMenuTitle(node.key, node.title)),
            route: node.route ?? null,
            type: node.type,
            icon: node.icon ?? null,
            sort: sort + 1,
            code: node.code ?? null,
            seed_key: node.key,
          })
          .returning('id')
          .executeTakeFirstOrThrow());
        ids.set(node.key, id);
      }
      await walk(node.children, id);
    }
  };
  await walk(menu, null);
  return ids;
}

import type { TestApp } from '../../helpers/test-app.ts';

/**
 * A workspace of the northwind tenant with the given members, made straight in the tables: the
 * demo's workspaces come with seeded lists, and rules about empty lists need one without any.
 * Made before the members sign in, so their rights include it.
 */
export async function ownWorkspace(t: TestApp, code: string, usernames: readonly string[]): Promise<{ id: number; tenantId: number }> {
  const { db } = t.app.services;
  const tenant = await db.selectFrom('tenant').select('id').where('code', '=', 'northwind').executeTakeFirstOrThrow();
  const { id } = await db
    .insertInto('workspace')
    .values({ tenant_id: tenant.id, code, name: code, create_time: new Date().toISOString() })
    .returning('id')
    .executeTakeFirstOrThrow();
  const users = await db.selectFrom('app_user').select('id').where('username', 'in', [...usernames]).execute();
  if (users.length) await db.insertInto('workspace_member').values(users.map((u) => ({ tenant_id: tenant.id, workspace_id: id, user_id: u.id }))).execute();
  return { id, tenantId: tenant.id };
}

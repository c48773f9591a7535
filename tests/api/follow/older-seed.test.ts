import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readStoredText } from '../../../src/core/local-text.ts';
import { followPointsOfOlderSeeds } from '../../../src/server/db/migrations/023_follows.ts';
import type { DB } from '../../../src/server/db/schema.ts';
import { testDialects } from '../../helpers/databases.ts';
import { startTestApp, type TestApp } from '../../helpers/test-app.ts';

/**
 * Migration 023 on a database seeded before follow-ups had their points: the menu's old
 * "Edit follow-up" button (follow:edit, granted to the members) becomes follow:manage, which no
 * role holds until an administrator grants it.
 */
describe.each(testDialects())('migration 023, follow-up points of older seeds, on %s', (dialect) => {
  let t: TestApp;
  let db: Kysely<DB>;
  let buttonIds: number[];

  beforeAll(async () => {
    t = await startTestApp(dialect);
    db = t.app.services.db;
    // As an older database has it: the edit button, held by the member roles.
    await db.updateTable('resource').set({ seed_key: 'followList.edit', code: 'follow:edit', title: 'Edit follow-up' }).where('seed_key', '=', 'followList.manage').execute();
    const buttons = await db.selectFrom('resource').select(['id', 'tenant_id']).where('seed_key', '=', 'followList.edit').execute();
    buttonIds = buttons.map((b) => b.id);
    const members = await db.selectFrom('role').select(['id', 'tenant_id']).where('code', '=', 'member').execute();
    await db
      .insertInto('role_resource')
      .values(members.map((role) => ({ tenant_id: role.tenant_id, role_id: role.id, resource_id: buttons.find((b) => b.tenant_id === role.tenant_id)!.id })))
      .execute();
    await followPointsOfOlderSeeds(db as unknown as Kysely<unknown>);
  });
  afterAll(() => t?.close());

  it('turns the edit button into follow:manage, named in every language', async () => {
    const buttons = await db.selectFrom('resource').select(['id', 'seed_key', 'code', 'title']).where('id', 'in', buttonIds).execute();
    expect(buttons.length).toBeGreaterThan(1);
    for (const button of buttons) {
      expect(button).toMatchObject({ seed_key: 'followList.manage', code: 'follow:manage' });
      expect(readStoredText(button.title)).toEqual({ en: 'Manage follow-ups', 'zh-CN': '管理跟进', ar: 'إدارة المتابعات' });
    }
    expect(await db.selectFrom('resource').select('id').where('code', '=', 'follow:edit').execute()).toEqual([]);
  });

  it('takes the old grant away: managing anyone\'s follow-ups is given on purpose', async () => {
    expect(await db.selectFrom('role_resource').select('id').where('resource_id', 'in', buttonIds).execute()).toEqual([]);
  });

  it('changes nothing when run again', async () => {
    const before = await db.selectFrom('resource').selectAll().where('id', 'in', buttonIds).orderBy('id').execute();
    await followPointsOfOlderSeeds(db as unknown as Kysely<unknown>);
    expect(await db.selectFrom('resource').selectAll().where('id', 'in', buttonIds).orderBy('id').execute()).toEqual(before);
  });
});

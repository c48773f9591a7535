import { describe, expect, it } from 'vitest';
import { buildApp } from '../../../src/server/app.ts';
import { loadConfig } from '../../../src/server/config.ts';
import { createTestDatabase, testDialects } from '../../helpers/databases.ts';

describe.each(testDialects())('seeding on %s', (dialect) => {
  it('loads on first start and changes nothing on later starts', async () => {
    const database = await createTestDatabase(dialect);
    const config = { ...loadConfig({ DATA_DIR: database.dataDir, DATABASE_URL: database.databaseUrl, LOG_LEVEL: 'silent' }), webDir: '/none' };
    const count = async (app: Awaited<ReturnType<typeof buildApp>>) => {
      const db = app.services.db;
      const n = async (table: 'tenant' | 'app_user' | 'workspace' | 'resource' | 'role_resource' | 'address' | 'tenant_member') =>
        Number((await db.selectFrom(table).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
      return {
        tenants: await n('tenant'),
        users: await n('app_user'),
        members: await n('tenant_member'),
        workspaces: await n('workspace'),
        resources: await n('resource'),
        grants: await n('role_resource'),
        addresses: await n('address'),
      };
    };
    try {
      const first = await buildApp({ config });
      const before = await count(first);
      const hash = (await first.services.db.selectFrom('app_user').select('password_hash').where('username', '=', 'alice').executeTakeFirstOrThrow()).password_hash;
      await first.close();
      expect(before).toMatchObject({ tenants: 2, users: 6, members: 7, workspaces: 4 });
      expect(before.addresses).toBeGreaterThan(3000);

      const second = await buildApp({ config });
      expect(await count(second)).toEqual(before);
      const again = (await second.services.db.selectFrom('app_user').select('password_hash').where('username', '=', 'alice').executeTakeFirstOrThrow()).password_hash;
      expect(again).toBe(hash);
      await second.close();
    } finally {
      await database.drop();
    }
  });
});

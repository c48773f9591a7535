import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../../../src/server/app.ts';
import { ManualClock } from '../../../src/server/clock.ts';
import { loadConfig } from '../../../src/server/config.ts';
import { DEMO_DATASETS } from '../../../src/server/seed/demo/datasets.ts';
import { datasetSeedOf } from '../../../src/server/modules/dataset/seed.ts';
import { validatePageConfig } from '../../../src/server/modules/page/widget-schemas.ts';
import { readSeedPages, seedPages } from '../../../src/server/modules/page/seed.ts';
import { createTestDatabase, testDialects } from '../../helpers/databases.ts';
import { PAGE_FIXTURES_DIR, pageFixture } from '../../helpers/pages.ts';
import { readStoredText } from '../../../src/core/local-text.ts';

describe.each(testDialects())('seeding pages and datasets on %s', (dialect) => {
  it('loads datasets and seed pages once per tenant, linking pages to their seed menu entries', async () => {
    const database = await createTestDatabase(dialect);
    const config = { ...loadConfig({ DATA_DIR: database.dataDir, DATABASE_URL: database.databaseUrl, LOG_LEVEL: 'silent' }), webDir: '/none' };
    const clock = new ManualClock(Date.parse('2026-11-22T08:00:00.000Z'));
    const app = await buildApp({ config, clock });
    const db = app.services.db;
    try {
      const tenants = await db.selectFrom('tenant').select(['id', 'code', 'name']).orderBy('id').execute();
      const counts = async (d = db) => ({
        datasets: Number((await d.selectFrom('dataset').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n),
        rows: Number((await d.selectFrom('dataset_row').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n),
        pages: Number((await d.selectFrom('page').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n),
      });
      // Each tenant's data has its own seed, so its own number of rows.
      const rowsOf = (code: string) => DEMO_DATASETS.reduce((sum, d) => sum + d.generate(clock.now(), datasetSeedOf(code)).length, 0);
      const first = await counts();
      expect(first.datasets).toBe(DEMO_DATASETS.length * tenants.length);
      expect(first.rows).toBe(tenants.reduce((sum, tenant) => sum + rowsOf(tenant.code), 0));
      // Every valid file of schemas/pages, for every tenant.
      const valid = readSeedPages().filter((p) => validatePageConfig(p.file.config).length === 0);
      for (const tenant of tenants) {
        const keys = await db.selectFrom('page').select('seed_key').where('tenant_id', '=', tenant.id).execute();
        expect(keys.map((k) => k.seed_key).sort()).toEqual(valid.map((p) => p.key).sort());
        // `{tenant}` in a seed page's texts is the tenant's own name, in the column and the config.
        const website = await db.selectFrom('page').select(['title', 'config']).where('tenant_id', '=', tenant.id).where('seed_key', '=', 'website-portfolio').executeTakeFirstOrThrow();
        expect(readStoredText(website.title)).toMatchObject({ en: `${tenant.name} · Our portfolio`, 'zh-CN': `${tenant.name} · 我们的资产组合` });
        expect((JSON.parse(website.config) as { title: unknown }).title).toEqual(readStoredText(website.title));
        expect(website.config).toContain(`${tenant.name} owns and manages`);
        expect(website.config).not.toContain('{tenant}');
        for (const other of tenants.filter((t) => t.id !== tenant.id)) expect(website.config).not.toContain(other.name);
      }

      // The test fixtures as seed files, in place of schemas/pages.
      await db.deleteFrom('page').execute();
      for (const tenant of tenants) await seedPages(db, tenant, clock.now(), PAGE_FIXTURES_DIR);
      const northwind = tenants.find((t) => t.code === 'northwind')!;
      const pages = await db.selectFrom('page').selectAll().where('tenant_id', '=', northwind.id).orderBy('seed_key').execute();
      expect(pages.map((p) => [p.seed_key, p.route, p.kind, p.published])).toEqual([
        ['draft-site', null, 'website', 0],
        ['energy-site', null, 'website', 1],
        ['roche', '/roche', 'page', 1],
      ]);
      const roche = pages.find((p) => p.seed_key === 'roche')!;
      const entry = await db.selectFrom('resource').select(['id', 'route']).where('tenant_id', '=', northwind.id).where('seed_key', '=', 'roche').executeTakeFirstOrThrow();
      expect(roche).toMatchObject({ resource_id: entry.id, owns_resource: 0, title: 'Roche campus operations' });
      expect(JSON.parse(roche.config)).toEqual(pageFixture('roche').config);
      expect(pages.find((p) => p.seed_key === 'energy-site')!.resource_id).toBeNull();

      // Again, and after a restart: nothing added or changed.
      await db.updateTable('page').set({ title: 'Renamed by an editor' }).where('id', '=', roche.id).execute();
      for (const tenant of tenants) await seedPages(db, tenant, clock.now(), PAGE_FIXTURES_DIR);
      const again = await counts();
      expect(again.pages).toBe(3 * tenants.length);
      // A page already at a seed page's route keeps it: the seed page is skipped.
      await db.deleteFrom('page').where('id', '=', roche.id).execute();
      await db
        .insertInto('page')
        .values({ ...roche, id: undefined, seed_key: null, title: 'Made here' })
        .execute();
      await seedPages(db, northwind, clock.now(), PAGE_FIXTURES_DIR);
      const atRoche = await db.selectFrom('page').select(['title', 'seed_key']).where('tenant_id', '=', northwind.id).where('route', '=', '/roche').execute();
      expect(atRoche).toEqual([{ title: 'Made here', seed_key: null }]);

      // A bad file is left out with a warning that names it; the others still load.
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'plinth-pages-'));
      const bad = pageFixture('draft-site');
      bad.config.widgets[0]!.type = 'hologram';
      fs.writeFileSync(path.join(dir, 'bad.json'), JSON.stringify(bad));
      fs.writeFileSync(path.join(dir, 'broken.json'), '{ "route": ');
      fs.writeFileSync(path.join(dir, 'good.json'), JSON.stringify(pageFixture('energy-site')));
      const warnings: string[] = [];
      await seedPages(db, northwind, clock.now(), dir, (message) => warnings.push(message));
      fs.rmSync(dir, { recursive: true });
      expect(warnings).toHaveLength(2);
      expect(warnings).toContain('Seed page left out: bad.json: config.widgets[0].type: unknown widget type "hologram"');
      expect(warnings.find((w) => w.includes('broken.json'))).toMatch(/^Seed page left out: broken.json: SyntaxError/);
      const loaded = await db.selectFrom('page').select('seed_key').where('tenant_id', '=', northwind.id).where('seed_key', 'in', ['bad', 'good']).execute();
      expect(loaded).toEqual([{ seed_key: 'good' }]);
      await app.close();

      const restarted = await buildApp({ config, clock });
      const after = await counts(restarted.services.db);
      expect(after).toMatchObject({ datasets: again.datasets, rows: again.rows });
      const fixturePages = await restarted.services.db.selectFrom('page').select('seed_key').where('seed_key', 'in', ['roche', 'energy-site', 'draft-site']).execute();
      expect(fixturePages).toHaveLength(3 * tenants.length - 1);
      await restarted.close();
    } finally {
      await database.drop();
    }
  });
});

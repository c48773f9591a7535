import fs from 'node:fs';
import path from 'node:path';
import type { Kysely } from 'kysely';
import { upgradePageConfig } from '../../../core/config-versions/page-config-versions.ts';
import { plateRoute } from '../../../core/contracts/plates.ts';
import { storedText } from '../../../core/local-text.ts';
import type { PageConfig } from '../../../core/pages/page-config.ts';
import type { DB } from '../../db/schema.ts';
import { TenantScope } from '../../db/tenant-scope.ts';
import { datasetsByCode } from '../dataset/service.ts';
import { formDatasetCode } from '../dataset/sources.ts';
import { FormVersionCache } from '../form/versions.ts';
import { pageConfigProblems } from '../page/service.ts';
import { createMenuNode } from '../resource/menu-entries.ts';
import { demoPageConfig, demoText } from '../../seed/demo/texts.ts';
import { SCHEMAS_DIR } from '../../seed/seed-files.ts';

export const SEED_PLATES_DIR = path.join(SCHEMAS_DIR, 'seed', 'plates');

/** A demo plate: its tenant's code, the seed key of the menu it shows under, and its config. */
interface SeedPlateFile {
  tenant: string;
  name: string;
  description: string;
  menuParent: string;
  config: Record<string, unknown>;
}

/** `$form:<seed key>` in a config names a demo form: the tenant's form of that seed key. */
const FORM_REFERENCE = /^\$form:([a-z0-9-]+)$/;

function resolveForms(value: unknown, formIds: ReadonlyMap<string, number>, file: string): unknown {
  if (typeof value === 'string') {
    const match = FORM_REFERENCE.exec(value);
    if (!match) return value;
    const id = formIds.get(match[1]!);
    if (id === undefined) throw new Error(`${file}: no demo form "${match[1]}" for this tenant`);
    return formDatasetCode(id);
  }
  if (Array.isArray(value)) return value.map((v) => resolveForms(v, formIds, file));
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, resolveForms(v, formIds, file)]));
  }
  return value;
}

/**
 * Gives a tenant each demo plate it lacks (by seed key, the file name), over its demo forms,
 * with a menu entry under the seed menu `menuParent`. Runs after the demo forms; a plate that
 * fails the page checks stops the seed, as a broken demo form does.
 */
export async function seedPlates(db: Kysely<DB>, tenant: { id: number; code: string }, seedTime: number, dir = SEED_PLATES_DIR): Promise<void> {
  const files = fs.existsSync(dir) ? fs.readdirSync(dir).filter((f) => f.endsWith('.json')).sort() : [];
  const plates = files
    .map((file) => ({ key: file.replace(/\.json$/, ''), file, plate: JSON.parse(fs.readFileSync(path.join(dir, file), 'utf8')) as SeedPlateFile }))
    .filter((p) => p.plate.tenant === tenant.code);
  if (!plates.length) return;
  const scope = new TenantScope(db, tenant.id);
  const existing = new Set((await scope.selectFrom('plate').select('seed_key').where('seed_key', 'is not', null).execute()).map((r) => r.seed_key));
  const missing = plates.filter((p) => !existing.has(p.key));
  if (!missing.length) return;
  const forms = await scope.selectFrom('form').select(['id', 'seed_key']).where('seed_key', 'is not', null).execute();
  const formIds = new Map(forms.map((f) => [f.seed_key!, f.id]));
  const datasets = await datasetsByCode(scope, new FormVersionCache());
  const menus = new Map(
    (await scope.selectFrom('resource').select(['id', 'seed_key']).where('seed_key', 'is not', null).execute()).map((r) => [r.seed_key!, r.id]),
  );
  const admin = await db
    .selectFrom('tenant_member')
    .select('user_id')
    .where('tenant_id', '=', tenant.id)
    .where('type', '=', 'ADMIN')
    .orderBy('user_id')
    .executeTakeFirst();
  const time = new Date(seedTime).toISOString();
  for (const { key, file, plate } of missing) {
    const name = demoText(plate.name);
    const config = demoPageConfig({ ...(upgradePageConfig(resolveForms(plate.config, formIds, file)) as PageConfig), title: name });
    const [problem] = pageConfigProblems(config, datasets);
    if (problem) throw new Error(`schemas/seed/plates/${file}: ${problem.path}: ${problem.message}`);
    const parentId = menus.get(plate.menuParent);
    if (parentId === undefined) throw new Error(`schemas/seed/plates/${file}: no seed menu "${plate.menuParent}"`);
    await db.transaction().execute(async (trx) => {
      const tx = scope.with(trx);
      const [row] = await tx
        .insertInto('plate', [
          {
            name: storedText(name),
            description: storedText(demoText(plate.description)),
            config: JSON.stringify(config),
            resource_id: null,
            seed_key: key,
            created_by: admin?.user_id ?? null,
            updated_by: admin?.user_id ?? null,
            create_time: time,
            update_time: time,
          },
        ])
        .returning('id')
        .execute();
      const resourceId = await createMenuNode(tx, { parentId, icon: 'DashboardOutlined' }, name, plateRoute(row!.id));
      await tx.updateTable('plate').set({ resource_id: resourceId }).where('id', '=', row!.id).execute();
      // A seed key marks the entry as the seed's own (the menu tests expect every seeded node to carry one).
      await tx.updateTable('resource').set({ seed_key: `plate:${key}` }).where('id', '=', resourceId).execute();
    });
  }
}

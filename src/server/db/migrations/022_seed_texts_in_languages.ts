import fs from 'node:fs';
import path from 'node:path';
import type { Kysely } from 'kysely';
import { readStoredText, storedText } from '../../../core/local-text.ts';
import { demoMenuTitle, demoText } from '../../seed/demo/texts.ts';
import { readSeedDemo, readSeedMenu, SCHEMAS_DIR, type SeedMenuNode } from '../../seed/seed-files.ts';
import { readJson, readJsonOrNull, writeJson } from '../json-column.ts';
import type { DB } from '../schema.ts';

/**
 * Databases seeded before the seed carried its texts in English, Chinese and Arabic keep the
 * English: the demo's menu titles, role names, form names' labels, choices, flow steps, plate
 * titles and chart texts. Each stored text still exactly equal to the seed's English text at
 * the same place becomes the text in every language; a text an administrator changed (or
 * wrote in several languages already) stays as it is.
 */

/** Keys whose string values are texts a person reads (labels, titles, names, chart texts). */
const TEXT_KEYS = new Set(['label', 'title', 'name', 'xAxisName']);
/** What identifies an entry of a list, so a moved entry still meets its seed counterpart. */
const IDENTITY_KEYS = ['key', 'id', 'value', 'field'] as const;

type Json = unknown;
const isObject = (value: Json): value is Record<string, Json> => typeof value === 'object' && value !== null && !Array.isArray(value);

const identityOf = (value: Json): string | undefined => {
  if (!isObject(value)) return undefined;
  const key = IDENTITY_KEYS.find((each) => typeof value[each] === 'string');
  return key && `${key}:${String(value[key])}`;
};

/** The stored value with each text still equal to the seed's English (at the same place) translated. */
export function translateLikeSeed(stored: Json, seed: Json): Json {
  if (Array.isArray(stored) && Array.isArray(seed)) {
    const seeds = seed as Json[];
    return (stored as Json[]).map((entry, i) => {
      const id = identityOf(entry);
      const counterpart = id === undefined ? seeds[i] : seeds.find((each) => identityOf(each) === id);
      return counterpart === undefined ? entry : translateLikeSeed(entry, counterpart);
    });
  }
  if (!isObject(stored) || !isObject(seed)) return stored;
  const next: Record<string, Json> = { ...stored };
  for (const [key, value] of Object.entries(stored)) {
    const english = seed[key];
    if (english === undefined) continue;
    if (typeof value === 'string' && typeof english === 'string') {
      if (value === english && TEXT_KEYS.has(key)) next[key] = demoText(english);
    } else if (key === 'valueLabels' && isObject(value) && isObject(english)) {
      next[key] = Object.fromEntries(Object.entries(value).map(([each, label]) => [each, label === english[each] && typeof label === 'string' ? demoText(label) : label]));
    } else next[key] = translateLikeSeed(value, english);
  }
  return next;
}

/** The seed files of a folder of schemas/seed by their key (the file name), as written: in English. */
function seedFiles<T>(folder: string): Map<string, T> {
  const dir = path.join(SCHEMAS_DIR, 'seed', folder);
  return new Map(
    fs
      .readdirSync(dir)
      .filter((file) => file.endsWith('.json'))
      .map((file) => [path.basename(file, '.json'), JSON.parse(fs.readFileSync(path.join(dir, file), 'utf8')) as T]),
  );
}

function seedMenuTitles(): Map<string, string> {
  const titles = new Map<string, string>();
  const walk = (nodes: readonly SeedMenuNode[]) => {
    for (const node of nodes) {
      titles.set(node.key, node.title);
      walk(node.children ?? []);
    }
  };
  walk(readSeedMenu());
  return titles;
}

export async function up(kysely: Kysely<unknown>): Promise<void> {
  const db = kysely as unknown as Kysely<DB>;

  // Menu titles of the seed's entries.
  const titles = seedMenuTitles();
  for (const row of await db.selectFrom('resource').select(['id', 'seed_key', 'title']).where('seed_key', 'is not', null).execute()) {
    const english = titles.get(row.seed_key!);
    if (english === undefined || row.title !== english) continue;
    const text = storedText(demoMenuTitle(row.seed_key!, english));
    if (text !== row.title) await db.updateTable('resource').set({ title: text }).where('id', '=', row.id).execute();
  }

  // Role names and descriptions of the seed's roles.
  const roles = new Map(readSeedDemo().tenants.flatMap((tenant) => tenant.roles.map((role) => [role.code, role] as const)));
  for (const row of await db.selectFrom('role').select(['id', 'code', 'name', 'description']).execute()) {
    const seed = roles.get(row.code);
    if (!seed) continue;
    const name = row.name === seed.name ? storedText(demoText(seed.name)) : row.name;
    const description = seed.description !== undefined && row.description === seed.description ? storedText(demoText(seed.description)) : row.description;
    if (name !== row.name || description !== row.description) await db.updateTable('role').set({ name, description }).where('id', '=', row.id).execute();
  }

  // Demo forms: their designs (labels, section titles, choices) in every version, and their flows.
  const forms = seedFiles<{ design: Json; flow?: Json }>('forms');
  for (const form of await db.selectFrom('form').select(['id', 'seed_key', 'design', 'flow']).where('seed_key', 'is not', null).execute()) {
    const seed = forms.get(form.seed_key!);
    if (!seed) continue;
    const design = writeJson(translateLikeSeed(readJson(form.design), seed.design));
    const storedFlow = readJsonOrNull(form.flow);
    const flow = storedFlow === null || !seed.flow ? form.flow : writeJson(translateLikeSeed(storedFlow, seed.flow));
    if (design !== writeJson(readJson(form.design)) || flow !== form.flow) await db.updateTable('form').set({ design, flow: flow as string | null }).where('id', '=', form.id).execute();
    for (const version of await db.selectFrom('form_version').select(['id', 'design', 'flow']).where('form_id', '=', form.id).execute()) {
      const versionDesign = writeJson(translateLikeSeed(readJson(version.design), seed.design));
      const versionFlowStored = readJsonOrNull(version.flow);
      const versionFlow = versionFlowStored === null || !seed.flow ? null : writeJson(translateLikeSeed(versionFlowStored, seed.flow));
      await db
        .updateTable('form_version')
        .set({ design: versionDesign, ...(versionFlow !== null && { flow: versionFlow }) })
        .where('id', '=', version.id)
        .execute();
    }
  }

  // Demo plates: their names and configs (title, filter labels, component titles, chart texts).
  const plates = seedFiles<{ name: string; config: Json }>('plates');
  for (const plate of await db.selectFrom('plate').select(['id', 'seed_key', 'name', 'config']).where('seed_key', 'is not', null).execute()) {
    const seed = plates.get(plate.seed_key!);
    if (!seed) continue;
    const storedName = readStoredText(plate.name);
    const name = storedName === seed.name ? storedText(demoText(seed.name)) : plate.name;
    const config = writeJson(translateLikeSeed(readJson(plate.config), { ...(seed.config as object), title: seed.name }));
    await db.updateTable('plate').set({ name, config }).where('id', '=', plate.id).execute();
  }
}

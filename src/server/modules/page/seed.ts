import fs from 'node:fs';
import path from 'node:path';
import type { Kysely } from 'kysely';
import { upgradePageConfig } from '../../../core/config-versions/page-config-versions.ts';
import { strictObject } from '../../../core/contracts/common.ts';
import { storedText } from '../../../core/local-text.ts';
import type { PageConfig } from '../../../core/pages/page-config.ts';
import { pageRouteProblem } from '../../../core/pages/page-route.ts';
import { createAjv, describeValidationError } from '../../../core/validation/ajv.ts';
import type { DB } from '../../db/schema.ts';
import { TenantScope } from '../../db/tenant-scope.ts';
import { demoPageConfig } from '../../seed/demo/texts.ts';
import { SCHEMAS_DIR } from '../../seed/seed-files.ts';
import { storedDatasetsByCode } from '../dataset/service.ts';
import { pageConfigProblems } from './service.ts';

/** Where the seed pages live: one `<name>.json` per page. */
export const SEED_PAGES_DIR = path.join(SCHEMAS_DIR, 'pages');

/** A seed page file: the page and the seed menu entry (`key` in schemas/seed/menu.json) that opens it. */
export interface SeedPageFile {
  route: string | null;
  kind: 'page' | 'website';
  published: boolean;
  menuKey?: string;
  config: PageConfig;
}

const seedPageFileSchema = strictObject(
  {
    $schema: { type: 'string' },
    route: { type: ['string', 'null'] },
    kind: { enum: ['page', 'website'] },
    published: { type: 'boolean' },
    menuKey: { type: 'string', minLength: 1 },
    config: { type: 'object' },
  },
  ['route', 'kind', 'published', 'config'],
);

export interface SeedPage {
  /** The file name without `.json`: the seed key that finds the page again. */
  key: string;
  file: SeedPageFile;
}

/**
 * Reads the seed page files of a folder (none when it does not exist), checking their
 * wrapper shape and route; a bad file goes to `onProblem` (by default: thrown) and is left out.
 */
export function readSeedPages(
  dir = SEED_PAGES_DIR,
  onProblem: (message: string) => void = (message) => {
    throw new Error(message);
  },
): SeedPage[] {
  if (!fs.existsSync(dir)) return [];
  const validate = createAjv({ allErrors: true, useDefaults: false }).compile(seedPageFileSchema);
  const pages: SeedPage[] = [];
  for (const name of fs.readdirSync(dir).filter((n) => n.endsWith('.json')).sort()) {
    let file: unknown;
    try {
      file = JSON.parse(fs.readFileSync(path.join(dir, name), 'utf8'));
    } catch (error) {
      onProblem(`${name}: ${String(error)}`);
      continue;
    }
    if (!validate(file)) {
      onProblem(`${name}: ${(validate.errors ?? []).map(describeValidationError).join('; ')}`);
      continue;
    }
    const page = file as SeedPageFile;
    const routeProblem = page.route === null ? null : pageRouteProblem(page.route);
    if (routeProblem) onProblem(`${name}: route: ${routeProblem}`);
    else if (page.kind === 'website' && page.route !== null) onProblem(`${name}: route: must be null for a website`);
    else pages.push({ key: name.slice(0, -'.json'.length), file: page });
  }
  return pages;
}

/** Written in a seed page's texts, stands for the name of the tenant the page is given to. */
export const TENANT_NAME_PLACEHOLDER = '{tenant}';

/** The config with every `{tenant}` in its strings (title, texts, captions) replaced by `name`. */
function withTenantName<T>(value: T, name: string): T {
  if (typeof value === 'string') return value.replaceAll(TENANT_NAME_PLACEHOLDER, name) as T;
  if (Array.isArray(value)) return value.map((item: unknown) => withTenantName(item, name)) as T;
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, withTenantName(item as unknown, name)])) as T;
  }
  return value;
}

/**
 * Gives the tenant each seed page it lacks: skipped when a page with its seed key or its
 * route exists. A page is linked to the seed menu entry named by `menuKey`; `{tenant}` in its
 * texts becomes the tenant's name, so each tenant's website speaks of that tenant. A file whose
 * config fails the page checks is left out with a warning naming the file and path (a unit
 * test keeps the shipped files valid), so one bad file does not stop the server.
 */
export async function seedPages(
  db: Kysely<DB>,
  tenant: { id: number; name: string },
  seedTime: number,
  dir = SEED_PAGES_DIR,
  warn: (message: string) => void = console.warn,
): Promise<void> {
  const pages = readSeedPages(dir, (message) => warn(`Seed page left out: ${message}`));
  if (pages.length === 0) return;
  const scope = new TenantScope(db, tenant.id);
  const datasets = await storedDatasetsByCode(scope);
  const existing = await scope.selectFrom('page').select(['route', 'seed_key']).execute();
  const keys = new Set(existing.map((p) => p.seed_key));
  const routes = new Set(existing.map((p) => p.route));
  const menu = new Map(
    (await scope.selectFrom('resource').select(['id', 'seed_key']).where('seed_key', 'is not', null).execute()).map((r) => [r.seed_key, r.id]),
  );
  const now = new Date(seedTime).toISOString();
  const rows = [];
  for (const { key, file } of pages) {
    if (keys.has(key) || (file.route !== null && routes.has(file.route))) continue;
    const upgraded = upgradePageConfig(file.config) as PageConfig;
    // The demo's pages carry their texts in every language; other seed folders (tests') as written.
    const config = withTenantName(dir === SEED_PAGES_DIR ? demoPageConfig(upgraded) : upgraded, tenant.name);
    const [problem] = pageConfigProblems(config, datasets);
    if (problem) {
      warn(`Seed page left out: ${key}.json: config.${problem.path}: ${problem.message}`);
      continue;
    }
    rows.push({
      route: file.route,
      kind: file.kind,
      published: file.published ? 1 : 0,
      title: storedText(config.title),
      config: JSON.stringify(config),
      resource_id: (file.menuKey && menu.get(file.menuKey)) || null,
      owns_resource: 0,
      seed_key: key,
      create_time: now,
      update_time: now,
    });
  }
  if (rows.length) await scope.insertInto('page', rows).execute();
}

import fs from 'node:fs';
import path from 'node:path';
import type { PageCreateBody } from '../../src/core/contracts/page.ts';
import type { MenuNode } from '../../src/core/entities.ts';
import { flattenTree } from '../../src/core/menu-tree.ts';
import type { PageConfig } from '../../src/core/pages/page-config.ts';
import type { SeedPageFile } from '../../src/server/modules/page/seed.ts';
import type { TestApp } from './test-app.ts';

export const PAGE_FIXTURES_DIR = path.resolve(import.meta.dirname, '../fixtures/pages');

/** A page file of tests/fixtures/pages, e.g. `roche`. */
export function pageFixture(name: string): SeedPageFile {
  return JSON.parse(fs.readFileSync(path.join(PAGE_FIXTURES_DIR, `${name}.json`), 'utf8')) as SeedPageFile;
}

/** A copy of a fixture's config with another title. */
export const fixtureConfig = (name: string, title?: string): PageConfig => {
  const config = structuredClone(pageFixture(name).config);
  return title ? { ...config, title } : config;
};

export const pageBody = (overrides: Partial<PageCreateBody> & { route: string | null }): PageCreateBody => ({
  kind: 'page',
  published: true,
  config: fixtureConfig('roche') as unknown as Record<string, unknown>,
  ...overrides,
});

/** The ADMIN's menu tree of the tenant, flattened. */
export async function menuNodes(t: TestApp, adminToken: string): Promise<MenuNode[]> {
  const tree = await t.call<MenuNode[]>('GET', '/proptech_allplan/resource/current/tree', { token: adminToken });
  return flattenTree(tree.body.data);
}

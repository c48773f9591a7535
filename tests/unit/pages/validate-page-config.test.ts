import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { pageRouteProblem } from '../../../src/core/pages/page-route.ts';
import { validatePageConfig as problemsOf } from '../../../src/server/modules/page/widget-schemas.ts';
import { checkDatasetQuery } from '../../../src/core/query/check-query.ts';
import { DEMO_DATASETS } from '../../../src/server/seed/demo/datasets.ts';
import { readSeedPages } from '../../../src/server/modules/page/seed.ts';
import { readSeedMenu, type SeedMenuNode } from '../../../src/server/seed/seed-files.ts';

/** Where each problem is and what it says in English (the sentence keys have their own test). */
const validatePageConfig = (config: unknown) => problemsOf(config).map(({ path, message }) => ({ path, message }));

const FIXTURES = path.resolve(import.meta.dirname, '../../fixtures/pages');

const page = (widgets: unknown[], extra: Record<string, unknown> = {}) => ({ title: 'Test page', widgets, ...extra });
const markdown = (props: unknown, extra: Record<string, unknown> = {}) => ({
  id: 'text',
  type: 'markdown',
  grid: { x: 0, y: 0, w: 12, h: 4 },
  props,
  ...extra,
});

describe('validatePageConfig', () => {
  it('passes a well-formed page', () => {
    expect(validatePageConfig(page([markdown({ content: '# Hello' })]))).toEqual([]);
  });

  it('names the path of a bad page field', () => {
    expect(validatePageConfig({ widgets: [] })).toContainEqual({ path: 'title', message: 'is required' });
    expect(validatePageConfig(page([], { colour: 'red' }))).toContainEqual({ path: 'colour', message: 'is not an allowed field' });
    expect(validatePageConfig(page([markdown({ content: 'x' }, { grid: { x: 0, y: 0, w: 0, h: 1 } })]))).toContainEqual({
      path: 'widgets[0].grid.w',
      message: 'must be >= 1',
    });
  });

  it('checks widget props against the schema of their type', () => {
    expect(validatePageConfig(page([markdown({ content: 42 })]))).toEqual([{ path: 'widgets[0].props.content', message: 'must be string' }]);
    expect(validatePageConfig(page([markdown({})]))).toEqual([{ path: 'widgets[0].props.content', message: 'is required' }]);
    expect(validatePageConfig(page([markdown({ content: 'x', tone: 'loud' })]))).toEqual([
      { path: 'widgets[0].props.tone', message: 'must be equal to one of the allowed values' },
    ]);
    // No props at all is checked as {} (required props are missing).
    expect(validatePageConfig(page([markdown(undefined)]))).toEqual([{ path: 'widgets[0].props.content', message: 'is required' }]);
  });

  it('refuses a widget type the registry does not know', () => {
    expect(validatePageConfig(page([markdown({}, { type: 'sparkles' })]))).toEqual([
      { path: 'widgets[0].type', message: 'unknown widget type "sparkles"' },
    ]);
    expect(validatePageConfig(page([markdown({}, { type: 'constructor' })]))).toEqual([
      { path: 'widgets[0].type', message: 'unknown widget type "constructor"' },
    ]);
  });

  it('checks a widget query against the query meta-schema', () => {
    const problems = validatePageConfig(page([markdown({ content: 'x' }, { data: { dataset: 'work_orders', filters: [{ field: 'a', op: 'like' }] } })]));
    expect(problems).toEqual([{ path: 'widgets[0].data.filters[0].op', message: 'must be equal to one of the allowed values' }]);
  });

  it('refuses repeated ids, unknown filter references and cells wider than the grid', () => {
    const a = markdown({ content: 'x' });
    const problems = validatePageConfig(
      page([a, { ...a, filterIds: ['period'], grid: { x: 20, y: 0, w: 6, h: 2 } }], {
        filters: [
          { id: 'site', type: 'dateRange', label: 'When', field: 'date' },
          { id: 'site', type: 'dateRange', label: 'When', field: 'date' },
        ],
      }),
    );
    expect(problems).toEqual([
      { path: 'filters[1].id', message: '"site" is used by another filter' },
      { path: 'widgets[1].id', message: '"text" is used by another widget' },
      { path: 'widgets[1].filterIds[0]', message: 'no page filter has the id "period"' },
      { path: 'widgets[1].grid', message: 'x + w (26) is wider than the 24 grid columns' },
    ]);
  });

  it('does not write defaults into the checked config', () => {
    const config = page([markdown({ content: 'x' })]);
    validatePageConfig(config);
    expect(config.widgets[0]).toEqual(markdown({ content: 'x' }));
  });
});

describe('page routes', () => {
  it('accepts customer routes and new ones, refuses app screens, reserved prefixes and bad shapes', () => {
    for (const ok of ['/roche', '/BIM5D', '/weishitong-2', '/sites/north_campus']) expect(pageRouteProblem(ok), ok).toBeNull();
    expect(pageRouteProblem('/login')).toBe('"/login" is the address of the login screen');
    expect(pageRouteProblem('/gantt/12')).toBe('"/gantt/12" is the address of the gantt screen');
    expect(pageRouteProblem('/website/3')).toMatch(/reserved/);
    expect(pageRouteProblem('/api/x')).toMatch(/reserved/);
    for (const bad of ['roche', '/', '/a b', '/a/', '//a', '/a?b=1', '/é']) expect(pageRouteProblem(bad), bad).toMatch(/must start with/);
  });
});

describe.each([
  ['seed pages (schemas/pages)', undefined],
  ['test fixture pages', FIXTURES],
])('%s', (_name, dir) => {
  const pages = readSeedPages(dir);
  const menuKeys = new Map<string, string | undefined>();
  const collect = (nodes: SeedMenuNode[]) =>
    nodes.forEach((n) => {
      menuKeys.set(n.key, n.route);
      collect(n.children ?? []);
    });
  collect(readSeedMenu());

  it('answer at different routes', () => {
    const routes = pages.map((p) => p.file.route).filter((r) => r !== null);
    expect(new Set(routes).size).toBe(routes.length);
  });

  it.each(pages.map((p) => [p.key, p] as const))('%s passes the page checks and queries only demo dataset fields', (_key, { file }) => {
    expect(validatePageConfig(file.config)).toEqual([]);
    const config = file.config;
    config.widgets.forEach((widget, i) => {
      if (!widget.data) return;
      const dataset = DEMO_DATASETS.find((d) => d.code === widget.data!.dataset);
      expect(dataset, `widgets[${i}].data.dataset`).toBeDefined();
      expect(checkDatasetQuery(widget.data, dataset!), `widgets[${i}].data`).toEqual([]);
    });
    if (file.menuKey) expect(menuKeys.get(file.menuKey), `menuKey ${file.menuKey}`).toBe(file.route);
    if (file.kind === 'website') expect(file.route).toBeNull();
  });
});

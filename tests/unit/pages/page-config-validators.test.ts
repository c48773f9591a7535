import { describe, expect, it } from 'vitest';
import { pageConfigValidators } from 'virtual:plinth/page-config-validators';
import { checkPageConfig } from '../../../src/core/pages/page-config-problems.ts';
import { readWidgetPropsSchemas, validatePageConfig } from '../../../src/server/modules/page/widget-schemas.ts';
import { readSeedPages } from '../../../src/server/modules/page/seed.ts';
import { widgetRegistry } from '../../../widgets/registry.ts';
import { PAGE_FIXTURES_DIR } from '../../helpers/pages.ts';

/** What the page editor runs in the browser: the shared rules over validation code generated at build time. */
const inBrowser = (config: unknown) => checkPageConfig(config, pageConfigValidators);

const widget = (extra: Record<string, unknown> = {}) => ({ id: 'text', type: 'markdown', grid: { x: 0, y: 0, w: 12, h: 4 }, props: { content: '# Hi' }, ...extra });
const page = (widgets: unknown[], extra: Record<string, unknown> = {}) => ({ title: 'Parity', widgets, ...extra });

const BAD_CONFIGS: [string, unknown][] = [
  ['not an object', 'page'],
  ['null', null],
  ['widgets not a list', { title: 'x', widgets: {} }],
  ['no title', { widgets: [] }],
  ['an unknown page field', page([], { colour: 'red' })],
  ['a zero-wide cell', page([widget({ grid: { x: 0, y: 0, w: 0, h: 1 } })])],
  ['a cell wider than the grid', page([widget({ grid: { x: 20, y: 0, w: 6, h: 2 } })])],
  ['a narrower grid', page([widget({ grid: { x: 6, y: 0, w: 8, h: 2 } })], { layout: { columns: 12, gap: -1 } })],
  ['props of the wrong type', page([widget({ props: { content: 42 } })])],
  ['missing props', page([widget({ props: undefined })])],
  ['a value outside an enum', page([widget({ props: { content: 'x', tone: 'loud' } })])],
  ['an unknown widget type', page([widget({ type: 'sparkles' })])],
  ['a prototype name as type', page([widget({ type: 'toString' })])],
  ['a bad query operator', page([widget({ data: { dataset: 'work_orders', filters: [{ field: 'a', op: 'like' }] } })])],
  ['a query with unknown keys', page([widget({ data: { dataset: 'Work Orders', measures: [{ agg: 'median' }], extra: true } })])],
  [
    'repeated ids and unknown filter references',
    page([widget(), widget({ filterIds: ['period', 7] })], {
      filters: [
        { id: 'site', type: 'dateRange', label: 'When', field: 'date' },
        { id: 'site', type: 'select', label: '', field: 'bad field', default: {} },
      ],
    }),
  ],
  [
    'bad chart and table props',
    page([
      widget({ id: 'chart', type: 'chart', props: { kind: 'donut', series: [{ name: 3 }] } }),
      widget({ id: 'table', type: 'table', props: { columns: [{ field: '', type: 'money' }], rowHeight: 'tall' } }),
      widget({ id: 'kpi', type: 'kpi', props: { value: { field: 1 } } }),
    ]),
  ],
];

describe('page config checks in the browser and on the server', () => {
  it('generate a validator for every widget type the server knows, which are the registry’s', () => {
    const folders = Object.keys(readWidgetPropsSchemas()).sort();
    expect(Object.keys(pageConfigValidators.props).sort()).toEqual(folders);
    expect([...widgetRegistry.types].sort()).toEqual(folders);
    // Each registry entry carries the schema of its own folder.
    for (const [type, schema] of Object.entries(readWidgetPropsSchemas())) expect(widgetRegistry.definition(type)!.propsSchema, type).toEqual(schema);
  });

  it.each(BAD_CONFIGS)('find the same problems in a config with %s', (_name, config) => {
    const expected = validatePageConfig(config);
    if (config !== null && typeof config === 'object' && 'title' in config) expect(expected.length).toBeGreaterThan(0);
    expect(inBrowser(config)).toEqual(expected);
  });

  const pages = [...readSeedPages(), ...readSeedPages(PAGE_FIXTURES_DIR)];
  it.each(pages.map((p) => [p.key, p.file.config] as const))('pass the good page %s, and agree on every widget broken', (_key, config) => {
    expect(inBrowser(config)).toEqual([]);
    expect(validatePageConfig(config)).toEqual([]);
    const { widgets } = config as unknown as { widgets: Record<string, unknown>[] };
    widgets.forEach((w, i) => {
      const broken = structuredClone(config) as unknown as { widgets: Record<string, unknown>[] };
      broken.widgets[i] = { ...w, props: { ...(w.props as object), unknownProperty: true }, grid: { x: -1, y: 0, w: 1, h: 1 } };
      const problems = validatePageConfig(broken);
      expect(problems.length, `widgets[${i}]`).toBeGreaterThan(0);
      expect(inBrowser(broken), `widgets[${i}]`).toEqual(problems);
    });
  });

  it('leave the checked config as it was written (no defaults filled in)', () => {
    const config = page([widget({ id: 'table', type: 'table', props: { columns: [{ field: 'no' }] } })]);
    const before = structuredClone(config);
    inBrowser(config);
    validatePageConfig(config);
    expect(config).toEqual(before);
  });
});

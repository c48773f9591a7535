// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { i18n as I18n } from 'i18next';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { PageConfig } from '../../../src/core/pages/page-config.ts';
import { localToday, resolveRelativeRange } from '../../../src/core/pages/relative-range.ts';
import type { DatasetFieldType, DatasetQuery } from '../../../src/core/query/query-spec.ts';
import type { QueryResult } from '../../../src/web/api/page-endpoints.ts';
import { createI18n } from '../../../src/web/i18n/i18n.ts';
import type { PageDataSource } from '../../../src/web/renderer/page-data-source.ts';
import { PageRenderer } from '../../../src/web/renderer/page-renderer.tsx';
import { REFETCH_DEBOUNCE_MS } from '../../../src/web/renderer/use-widget-data.ts';
import { WidgetRegistryContext } from '../../../src/web/renderer/widget-registry-context.ts';
import { widgetRegistry } from '../../../widgets/registry.ts';
import { defineWidget } from '../../../widgets/types.ts';
import { fileBackend } from '../../helpers/locales.ts';
import { stubMatchMedia } from '../../helpers/render-screen.ts';

let i18n: I18n;

beforeAll(async () => {
  i18n = await createI18n({ lng: 'en', backend: fileBackend });
  stubMatchMedia();
});

/** The app's widgets and one that throws while drawing, as a broken widget would. */
const registry = widgetRegistry.with(
  'test-throws',
  defineWidget({
    propsSchema: { type: 'object' },
    component: async () => ({
      default: () => {
        throw new Error('Cannot read the gauge');
      },
    }),
    size: { w: 6, h: 4 },
  }),
);

afterEach(cleanup);

/** Rows of a small dataset, and an answer computed from them the way the server would. */
const ROWS = [
  { building: 'Tower A', meter: 'electricity', date: '2026-11-20', value: 100 },
  { building: 'Tower A', meter: 'water', date: '2026-11-21', value: 7 },
  { building: 'Tower B', meter: 'electricity', date: '2026-11-21', value: 250 },
  { building: 'Tower B', meter: 'electricity', date: '2025-01-03', value: 40 },
];
const FIELDS = new Map<string, Map<string, DatasetFieldType>>([
  ['energy', new Map<string, DatasetFieldType>([['building', 'string'], ['meter', 'string'], ['date', 'date'], ['value', 'number']])],
  ['safety', new Map<string, DatasetFieldType>([['site', 'string']])],
]);

function answer(query: DatasetQuery): QueryResult {
  const rows = ROWS.filter((row) =>
    (query.filters ?? []).every((f) => {
      const value = row[f.field as keyof typeof row];
      if (f.op === 'eq') return value === f.value;
      if (f.op === 'in') return (f.value as unknown[]).includes(value);
      if (f.op === 'between') {
        const [from = null, to = null] = f.value as (string | null)[];
        return (from === null || String(value) >= from) && (to === null || String(value) <= to);
      }
      return true;
    }),
  );
  if (query.measures?.length) return { rows: [{ sum_value: rows.reduce((sum, row) => sum + row.value, 0) }] };
  return { list: rows, total: rows.length, pageNum: 1, pageSize: 100 };
}

interface Source extends PageDataSource {
  queries: DatasetQuery[];
  /** Delay of each answer in order; later answers default to none. */
  delays: number[];
}

function dataSource(held: string[] = []): Source {
  const source: Source = {
    queries: [],
    delays: [],
    run(_widget, query) {
      source.queries.push(query);
      const delay = source.delays[source.queries.length - 1] ?? 0;
      return new Promise((resolve) => setTimeout(() => resolve(answer(query)), delay));
    },
    distinct: async () => ({ values: ['Tower A', 'Tower B'] }),
    datasetFields: async () => FIELDS,
    heldPoints: async () => new Set(held),
  };
  return source;
}

async function draw(config: PageConfig, source: PageDataSource) {
  await act(async () => {
    render(
      <I18nextProvider i18n={i18n}>
        <WidgetRegistryContext.Provider value={registry}>
          <MemoryRouter>
            <PageRenderer config={config} source={source} />
          </MemoryRouter>
        </WidgetRegistryContext.Provider>
      </I18nextProvider>,
    );
  });
}

const cell = (id: string) => document.querySelector<HTMLElement>(`[data-widget-id="${id}"]`);
const kpiValue = (id: string) => cell(id)?.querySelector('.kpi-widget-value')?.textContent;

const totalKpi = (id: string, extra: Partial<PageConfig['widgets'][number]> = {}): PageConfig['widgets'][number] => ({
  id,
  type: 'kpi',
  title: 'Total use',
  grid: { x: 0, y: 0, w: 6, h: 3 },
  data: { dataset: 'energy', measures: [{ field: 'value', agg: 'sum' }] },
  ...extra,
});

describe('PageRenderer', () => {
  it('draws each widget of a good config in its cell, with its title', async () => {
    const source = dataSource();
    await draw(
      {
        title: 'Energy monitoring',
        description: 'Meters of the Roche campus',
        widgets: [
          { id: 'intro', type: 'markdown', title: 'About', grid: { x: 0, y: 0, w: 12, h: 4 }, props: { content: '## Campus\nFour **towers**.' } },
          totalKpi('total', { grid: { x: 12, y: 0, w: 6, h: 4 } }),
        ],
      },
      source,
    );
    expect(screen.getByRole('heading', { level: 1, name: 'Energy monitoring' })).toBeTruthy();
    await waitFor(() => expect(cell('intro')!.querySelector('strong')?.textContent).toBe('towers'));
    // (Sanitising is checked in Chromium: happy-dom's tree walking does not carry DOMPurify.)
    await waitFor(() => expect(kpiValue('total')).toBe('397'));
    expect(within(cell('total')!).getByRole('heading', { name: 'Total use' })).toBeTruthy();
    expect(source.queries).toEqual([{ dataset: 'energy', measures: [{ field: 'value', agg: 'sum' }] }]);
  });

  it('names the bad property of a widget whose props fail its schema, and draws its siblings', async () => {
    await draw(
      {
        title: 'Broken',
        widgets: [
          { id: 'bad', type: 'markdown', grid: { x: 0, y: 0, w: 6, h: 4 }, props: { align: 'middle' } },
          { id: 'badTable', type: 'table', grid: { x: 6, y: 0, w: 6, h: 4 }, props: { columns: [{ title: 'No field' }] }, data: { dataset: 'energy' } },
          { id: 'unknown', type: 'sparkle', grid: { x: 12, y: 0, w: 6, h: 4 } },
          { id: 'good', type: 'markdown', grid: { x: 0, y: 4, w: 6, h: 4 }, props: { content: 'Still here' } },
        ],
      },
      dataSource(),
    );
    const bad = within(cell('bad')!).getByRole('alert');
    expect(bad.textContent).toContain('This widget is set up wrongly');
    expect(bad.textContent).toContain('props.content is required');
    expect(bad.textContent).toContain('props.align must be one of "start", "center", "end"');
    expect(within(cell('badTable')!).getByRole('alert').textContent).toContain('props.columns[0].field is required');
    expect(within(cell('unknown')!).getByRole('alert').textContent).toContain('Unknown widget type “sparkle”');
    await waitFor(() => expect(cell('good')!.textContent).toContain('Still here'));
  });

  it('contains a widget that throws, with a retry, while the rest of the page works', async () => {
    await draw(
      {
        title: 'Throwing',
        widgets: [
          { id: 'boom', type: 'test-throws', grid: { x: 0, y: 0, w: 6, h: 4 } },
          { id: 'fine', type: 'markdown', grid: { x: 6, y: 0, w: 6, h: 4 }, props: { content: 'Unaffected' } },
        ],
      },
      dataSource(),
    );
    await waitFor(() => expect(within(cell('boom')!).getByRole('alert').textContent).toContain('Cannot read the gauge'));
    expect(within(cell('boom')!).getByRole('alert').textContent).toContain('This widget failed');
    expect(within(cell('boom')!).getByRole('button', { name: /Retry/ })).toBeTruthy();
    await waitFor(() => expect(cell('fine')!.textContent).toContain('Unaffected'));
  });

  it('runs widget queries with the page filters that apply to them, from their defaults', async () => {
    const source = dataSource();
    const [from, to] = resolveRelativeRange('last30days', localToday());
    await draw(
      {
        title: 'Filtered',
        filters: [
          { id: 'period', type: 'dateRange', label: 'Period', field: 'date', default: 'last30days' },
          { id: 'building', type: 'select', label: 'Building', field: 'building', options: [{ value: 'Tower A', label: 'A' }], default: 'Tower A' },
          { id: 'site', type: 'select', label: 'Site', field: 'site', optionsDataset: 'safety' },
        ],
        widgets: [
          totalKpi('all'),
          totalKpi('onlyBuilding', { filterIds: ['building'], grid: { x: 6, y: 0, w: 6, h: 3 } }),
        ],
      },
      source,
    );
    await waitFor(() => expect(source.queries).toHaveLength(2));
    const byFilters = source.queries.map((q) => q.filters);
    // `site` is not a field of the energy dataset, so it narrows neither widget.
    expect(byFilters).toContainEqual([
      { field: 'date', op: 'between', value: [from, to] },
      { field: 'building', op: 'eq', value: 'Tower A' },
    ]);
    expect(byFilters).toContainEqual([{ field: 'building', op: 'eq', value: 'Tower A' }]);
  });

  it('asks again when the filter bar changes a filter, after the debounce, and drops an answer that arrives late', async () => {
    const source = dataSource();
    source.delays = [200]; // the first answer is slow and arrives after the second
    await draw(
      {
        title: 'Filter bar',
        filters: [
          {
            id: 'building',
            type: 'select',
            label: 'Building',
            field: 'building',
            options: [
              { value: 'Tower A', label: 'Tower A' },
              { value: 'Tower B', label: 'Tower B' },
            ],
            default: 'Tower A',
          },
        ],
        widgets: [
          { id: 'bar', type: 'filter-bar', grid: { x: 0, y: 0, w: 24, h: 2 } },
          totalKpi('total', { grid: { x: 0, y: 2, w: 6, h: 3 } }),
        ],
      },
      source,
    );
    await waitFor(() => expect(source.queries).toHaveLength(1));
    const select = await waitFor(() => within(cell('bar')!).getByRole('combobox'));
    await act(async () => {
      fireEvent.mouseDown(select);
    });
    const option = await waitFor(() => {
      const found = [...document.querySelectorAll('.ant-select-item-option')].find((el) => el.textContent === 'Tower B');
      if (!found) throw new Error('option not shown yet');
      return found;
    });
    await act(async () => {
      fireEvent.click(option);
    });
    // Nothing is sent until the change has settled.
    expect(source.queries).toHaveLength(1);
    await waitFor(() => expect(source.queries).toHaveLength(2), { timeout: REFETCH_DEBOUNCE_MS + 1000 });
    expect(source.queries[1]!.filters).toEqual([{ field: 'building', op: 'eq', value: 'Tower B' }]);
    await waitFor(() => expect(kpiValue('total')).toBe('290'));
    // The slow first answer (Tower A: 107) came later and was dropped.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(kpiValue('total')).toBe('290');
  });

  it('shows a widget with visibleIf only to readers who hold the function point', async () => {
    const config: PageConfig = {
      title: 'Rights',
      widgets: [
        { id: 'public', type: 'markdown', grid: { x: 0, y: 0, w: 6, h: 3 }, props: { content: 'For everyone' } },
        { id: 'editors', type: 'markdown', grid: { x: 6, y: 0, w: 6, h: 3 }, props: { content: 'For editors' }, visibleIf: { functionPoint: 'page:edit' } },
      ],
    };
    await draw(config, dataSource([]));
    await waitFor(() => expect(cell('public')!.textContent).toContain('For everyone'));
    expect(cell('editors')).toBeNull();
    cleanup();

    await draw(config, dataSource(['page:edit']));
    await waitFor(() => expect(cell('editors')?.textContent).toContain('For editors'));
  });

  it('tells each cell\'s state in data-widget-state: loading, then ready, empty, error or invalid', async () => {
    const source = dataSource();
    const run = source.run;
    let answerSlow = () => {};
    source.run = (widget, query, extras) => {
      if (widget.id === 'failing') return Promise.reject(new Error('no answer'));
      // The slow widget's answer waits until the test has seen it loading.
      if (widget.id === 'slow') return new Promise((resolve) => (answerSlow = () => resolve(run(widget, query, extras))));
      return run(widget, query, extras);
    };
    await draw(
      {
        title: 'States',
        widgets: [
          totalKpi('slow'),
          { id: 'none', type: 'table', grid: { x: 6, y: 0, w: 6, h: 4 }, data: { dataset: 'energy', filters: [{ field: 'building', op: 'eq', value: 'Tower C' }] } },
          totalKpi('failing', { grid: { x: 12, y: 0, w: 6, h: 3 } }),
          { id: 'bad', type: 'markdown', grid: { x: 0, y: 4, w: 6, h: 4 }, props: {} },
          { id: 'text', type: 'markdown', grid: { x: 6, y: 4, w: 6, h: 4 }, props: { content: 'No data needed' } },
        ],
      },
      source,
    );
    const state = (id: string) => cell(id)?.dataset.widgetState;
    expect(state('slow')).toBe('loading');
    await act(async () => answerSlow());
    await waitFor(() => expect(state('slow')).toBe('ready'));
    await waitFor(() => expect(kpiValue('slow')).toBe('397'));
    expect(state('none')).toBe('empty');
    expect(state('failing')).toBe('error');
    expect(state('bad')).toBe('invalid');
    expect(state('text')).toBe('ready');
  });

  it('shows the error of a failed query with a retry that asks again', async () => {
    const source = dataSource();
    let fail = true;
    const run = source.run;
    source.run = (widget, query, extras) => (fail ? Promise.reject(new Error('filters[0].field: unknown field "x"')) : run(widget, query, extras));
    await draw({ title: 'Failing', widgets: [totalKpi('total')] }, source);
    const alert = await waitFor(() => within(cell('total')!).getByRole('alert'));
    expect(alert.textContent).toContain('unknown field "x"');
    fail = false;
    await act(async () => {
      fireEvent.click(within(alert).getByRole('button', { name: /Retry/ }));
    });
    await waitFor(() => expect(kpiValue('total')).toBe('397'));
  });
});

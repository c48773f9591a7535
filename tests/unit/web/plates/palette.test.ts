import { describe, expect, it } from 'vitest';
import { pageDatasetProblems } from '../../../../src/core/pages/page-config-problems.ts';
import type { PageConfig } from '../../../../src/core/pages/page-config.ts';
import type { DatasetInfo } from '../../../../src/core/query/query-spec.ts';
import { validatePageConfig } from '../../../../src/server/modules/page/widget-schemas.ts';
import { preferredDataset, startingSource } from '../../../../src/web/pages/plates/editor/palette.ts';
import { newComponent } from '../../../../widgets/new-component.ts';
import { widgetRegistry } from '../../../../widgets/registry.ts';

const requests: DatasetInfo = {
  code: 'form_7',
  name: 'Maintenance request',
  rowCount: 300,
  fields: [
    { name: 'building', title: 'Building', type: 'string' },
    { name: 'priority', title: 'Priority', type: 'string' },
    { name: 'cost', title: 'Cost', type: 'number' },
    { name: 'reportedAt', title: 'Reported', type: 'date' },
  ],
};
const readings: DatasetInfo = { code: 'energy', name: 'Energy', rowCount: 10, fields: [{ name: 'kwh', title: 'kWh', type: 'number' }] };

const entry = (key: string) => widgetRegistry.paletteEntry(key)!;
const make = (key: string, dataset: DatasetInfo | undefined) => newComponent(entry(key), { id: `${key}1`, title: key, dataset, cell: { x: 0, y: 0 } });

describe('plate palette', () => {
  it('offers every chart kind of the chart widget, then table, pivot, KPI, form, text, image, drawing sheet, schedule and filter controls', () => {
    const { palette } = widgetRegistry;
    expect(palette.map((e) => e.key)).toEqual(['bar', 'line', 'area', 'pie', 'scatter', 'gauge', 'funnel', 'radar', 'heatmap', 'map', 'table', 'pivot', 'kpi', 'form', 'text', 'image', 'drawing', 'gantt', 'filters']);
    expect(new Set(palette.map((e) => e.type))).toEqual(new Set(['chart', 'table', 'pivot', 'kpi', 'form', 'markdown', 'image', 'drawing', 'gantt', 'filter-bar']));
    // Each lands at a size its kind is read at: bars at half the plate, a pie as wide as high, a table across it.
    expect(palette.map((e) => `${e.key} ${e.size.w}×${e.size.h}`)).toEqual(
      expect.arrayContaining(['bar 12×8', 'line 12×8', 'pie 6×8', 'gauge 6×7', 'table 24×8', 'kpi 6×4', 'filters 24×2']),
    );
  });

  it('makes components that pass the page rules and the dataset checks the server applies', () => {
    for (const dataset of [requests, readings]) {
      // A plate over `dataset` and the requests form: the form widget starts on the form, the others on `dataset`.
      const plate = [make('kpi', dataset)];
      const widgets = widgetRegistry.palette.map((e, i) => newComponent(e, { id: `${e.key}1`, title: e.key, dataset: startingSource(e, plate, [dataset, requests]), cell: { x: 0, y: i * 10 } }));
      const config: PageConfig = { title: 'All of them', widgets };
      expect(validatePageConfig(config), dataset.code).toEqual([]);
      expect(pageDatasetProblems(config, new Map([[dataset.code, dataset]])), dataset.code).toEqual([]);
      // Each is the palette entry it was made from.
      expect(widgets.map((w) => widgetRegistry.entryOf(w)?.key)).toEqual(widgetRegistry.palette.map((e) => e.key));
    }
  });

  it('starts each kind on a grouping that suits it', () => {
    expect(make('line', requests).data).toMatchObject({ dimensions: ['reportedAt:month'], sort: [{ field: 'reportedAt:month', order: 'asc' }] });
    expect(make('pivot', requests).data).toMatchObject({ dimensions: ['building', 'reportedAt:month'] });
    expect(make('kpi', requests).data).toEqual({ dataset: 'form_7', measures: [{ agg: 'count', as: 'count' }] });
    expect(make('table', requests).data).toEqual({ dataset: 'form_7', pageSize: 100 });
    expect(make('bar', requests)).toMatchObject({ type: 'chart', title: 'bar', props: { kind: 'bar' }, data: { dimensions: ['building'], limit: 20 } });
    expect(make('text', requests)).toEqual({ id: 'text1', type: 'markdown', grid: { x: 0, y: 0, w: 8, h: 4 }, props: { content: 'text' } });
    expect(make('form', requests)).toMatchObject({ type: 'form', title: 'form', props: { form: 7 } });
  });

  it('prefers the source the plate already uses most, else a form; a form widget starts on a form', () => {
    const widgets = [make('kpi', readings)];
    expect(preferredDataset(widgets, [requests, readings])?.code).toBe('energy');
    expect(preferredDataset([], [readings, requests])?.code).toBe('form_7');
    expect(preferredDataset([], [])).toBeUndefined();
    expect(startingSource(entry('form'), widgets, [readings, requests])?.code).toBe('form_7');
    expect(startingSource(entry('form'), widgets, [readings])).toBeUndefined();
  });
});

import { describe, expect, it } from 'vitest';
import { pageDatasetProblems } from '../../../../src/core/pages/page-config-problems.ts';
import { validatePageConfig } from '../../../../src/core/pages/validate-page-config.ts';
import type { PageConfig } from '../../../../src/core/pages/page-config.ts';
import type { DatasetInfo } from '../../../../src/core/query/query-spec.ts';
import { newComponent, PALETTE_KEYS, preferredDataset, startingQuery, widgetTypeOf } from '../../../../src/web/pages/plates/editor/palette.ts';

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

describe('plate palette', () => {
  it('offers every chart kind of the chart widget, then table, pivot, KPI, text, image and filter controls', () => {
    expect(PALETTE_KEYS).toEqual(['bar', 'line', 'area', 'pie', 'scatter', 'gauge', 'funnel', 'radar', 'heatmap', 'map', 'table', 'pivot', 'kpi', 'text', 'image', 'filters']);
    expect(new Set(PALETTE_KEYS.map(widgetTypeOf))).toEqual(new Set(['chart', 'table', 'pivot', 'kpi', 'markdown', 'image', 'filter-bar']));
  });

  it('makes components that pass the page rules and the dataset checks the server applies', () => {
    for (const dataset of [requests, readings]) {
      const widgets = PALETTE_KEYS.map((key, i) => newComponent(key, { id: `${key}1`, title: key, dataset, cell: { x: 0, y: i * 10 } }));
      const config: PageConfig = { title: 'All of them', widgets };
      expect(validatePageConfig(config), dataset.code).toEqual([]);
      expect(pageDatasetProblems(config, new Map([[dataset.code, dataset]])), dataset.code).toEqual([]);
    }
  });

  it('starts each kind on a grouping that suits it', () => {
    expect(startingQuery('line', requests)).toMatchObject({ dimensions: ['reportedAt:month'], sort: [{ field: 'reportedAt:month', order: 'asc' }] });
    expect(startingQuery('pivot', requests)).toMatchObject({ dimensions: ['building', 'reportedAt:month'] });
    expect(startingQuery('kpi', requests)).toEqual({ dataset: 'form_7', measures: [{ agg: 'count', as: 'count' }] });
    expect(startingQuery('table', requests)).toEqual({ dataset: 'form_7', pageSize: 100 });
    expect(startingQuery('text', requests)).toBeUndefined();
  });

  it('prefers the source the plate already uses most, else a form', () => {
    const widgets = [newComponent('kpi', { id: 'a', title: 'a', dataset: readings, cell: { x: 0, y: 0 } })];
    expect(preferredDataset(widgets, [requests, readings])?.code).toBe('energy');
    expect(preferredDataset([], [readings, requests])?.code).toBe('form_7');
    expect(preferredDataset([], [])).toBeUndefined();
  });
});

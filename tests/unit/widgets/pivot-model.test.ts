import { describe, expect, it } from 'vitest';
import { cellKey, columnTotalKey, pivotModel, rowTotalKey } from '../../../widgets/pivot/pivot-model.ts';

const query = {
  dataset: 'form_7',
  dimensions: ['building', 'reportedAt:quarter'],
  measures: [{ agg: 'count' as const, as: 'requests' }, { agg: 'avg' as const, field: 'cost' }],
};
const rows = [
  { building: 'tower', 'reportedAt:quarter': '2026-Q2', requests: 4, avg_cost: 100 },
  { building: 'tower', 'reportedAt:quarter': '2026-Q1', requests: 2, avg_cost: 50 },
  { building: 'mall', 'reportedAt:quarter': '2026-Q1', requests: '3', avg_cost: 80 },
  { building: null, 'reportedAt:quarter': '2026-Q2', requests: 1, avg_cost: null },
];

describe('pivot model', () => {
  it('crosses the first dimension with the second, columns in order, with totals of the additive measures only', () => {
    const model = pivotModel(rows, { totals: true, heat: false }, query);
    expect(model.rowFields).toEqual(['building']);
    expect(model.columnField).toBe('reportedAt:quarter');
    expect(model.rowKeys).toEqual([['tower'], ['mall'], ['']]);
    expect(model.columnKeys).toEqual(['2026-Q1', '2026-Q2']);
    expect(model.measures.map((m) => [m.field, m.additive])).toEqual([
      ['requests', true],
      ['avg_cost', false],
    ]);
    expect(model.cells.get(cellKey(['mall'], '2026-Q1', 'requests'))).toBe(3);
    expect(model.cells.get(cellKey(['tower'], '2026-Q2', 'avg_cost'))).toBe(100);
    expect(model.cells.has(cellKey([''], '2026-Q2', 'avg_cost'))).toBe(false);
    expect(model.rowTotals.get(rowTotalKey(['tower'], 'requests'))).toBe(6);
    expect(model.columnTotals.get(columnTotalKey('2026-Q1', 'requests'))).toBe(5);
    expect(model.grandTotals.get('requests')).toBe(10);
    // An average cannot be added up.
    expect(model.grandTotals.has('avg_cost')).toBe(false);
    expect(model.range).toEqual({ min: 1, max: 100 });
  });

  it('follows the props: rows, columns and measures chosen; a finer query adds up into the cells', () => {
    const model = pivotModel(rows, { rows: ['reportedAt:quarter'], measures: [{ field: 'requests', name: 'Requests' }], totals: true, heat: true }, { ...query, dimensions: ['building', 'reportedAt:quarter'] });
    expect(model.columnField).toBe('building');
    expect(model.rowKeys).toEqual([['2026-Q2'], ['2026-Q1']]);
    expect(model.columnKeys).toEqual(['', 'mall', 'tower']);
    expect(model.cells.get(cellKey(['2026-Q1'], 'tower', 'requests'))).toBe(2);

    const flat = pivotModel(rows, { columns: undefined, totals: true, heat: false }, { ...query, dimensions: ['building'] });
    expect(flat.columnField).toBeNull();
    expect(flat.cells.get(cellKey(['tower'], '', 'requests'))).toBe(6);
  });
});

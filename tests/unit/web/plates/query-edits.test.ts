import { describe, expect, it } from 'vitest';
import { replaceDimension, replaceMeasure, resultColumns, tidyQuery } from '../../../../src/web/pages/plates/component-set/query-edits.ts';

describe('component query edits', () => {
  const query = {
    dataset: 'form_7',
    dimensions: ['building', 'reportedAt:month'],
    measures: [{ agg: 'count' as const, as: 'requests' }],
    sort: [{ field: 'reportedAt:month', order: 'asc' as const }, { field: 'requests', order: 'desc' as const }],
  };

  it('a sort follows a dimension that changes bucket, and a measure that is renamed', () => {
    const byQuarter = replaceDimension(query, 1, 'reportedAt:quarter');
    expect(byQuarter.sort).toEqual([{ field: 'reportedAt:quarter', order: 'asc' }, { field: 'requests', order: 'desc' }]);
    const summed = replaceMeasure(byQuarter, 0, { agg: 'sum', field: 'cost' });
    expect(summed.measures).toEqual([{ agg: 'sum', field: 'cost' }]);
    expect(summed.sort).toEqual([{ field: 'reportedAt:quarter', order: 'asc' }, { field: 'sum_cost', order: 'desc' }]);
    expect(resultColumns(summed)).toEqual(['building', 'reportedAt:quarter', 'sum_cost']);
    // A count takes no field.
    expect(replaceMeasure(summed, 0, { agg: 'count', field: 'cost', as: 'n' }).measures).toEqual([{ agg: 'count', as: 'n' }]);
  });

  it('drops sorts on columns that are gone, empty lists, and paging of an aggregate', () => {
    expect(tidyQuery({ ...query, dimensions: ['building'], filters: [], pageSize: 20, pageNum: 2 })).toEqual({
      dataset: 'form_7',
      dimensions: ['building'],
      measures: [{ agg: 'count', as: 'requests' }],
      sort: [{ field: 'requests', order: 'desc' }],
    });
    expect(tidyQuery({ dataset: 'form_7', sort: [{ field: 'cost' }], pageSize: 100, limit: undefined })).toEqual({ dataset: 'form_7', sort: [{ field: 'cost' }], pageSize: 100 });
  });
});

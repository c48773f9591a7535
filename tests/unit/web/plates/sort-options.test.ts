import { describe, expect, it } from 'vitest';
import type { DatasetField } from '../../../../src/core/query/query-spec.ts';
import { sortColumnOptions, type ColumnWords } from '../../../../src/web/pages/plates/component-set/sort-options.ts';

const FIELDS: DatasetField[] = [
  { name: 'building', title: { en: 'Building', 'zh-CN': '楼宇', ar: 'المبنى' }, type: 'string' },
  { name: 'amount', title: { en: 'Amount', 'zh-CN': '金额', ar: 'المبلغ' }, type: 'number' },
  { name: 'createTime', title: 'Created', type: 'datetime' },
];

const words = (language: string): ColumnWords => ({
  language,
  bucket: (bucket) => ({ month: language === 'zh-CN' ? '月' : 'Month' })[bucket] ?? bucket,
  measure: (agg, field) => (agg === 'count' ? 'Count' : `${agg === 'sum' ? 'Total' : agg} ${field}`),
});

describe('the plate sort picker', () => {
  it('names a grouped query\'s columns by their titles, not by their aggregate keys', () => {
    const query = {
      dataset: 'form_1',
      dimensions: ['building', 'createTime:month'],
      measures: [{ agg: 'count' as const }, { agg: 'sum' as const, field: 'amount' }],
    };
    expect(sortColumnOptions(query, FIELDS, words('en'))).toEqual([
      { value: 'building', label: 'Building' },
      { value: 'createTime:month', label: 'Created · Month' },
      { value: 'count', label: 'Count' },
      { value: 'sum_amount', label: 'Total Amount' },
    ]);
    expect(sortColumnOptions(query, FIELDS, words('zh-CN')).map((option) => option.label)).toEqual(['楼宇', 'Created · 月', 'Count', 'Total 金额']);
  });

  it('keeps a measure\'s own name as the value the query sorts on', () => {
    const query = { dataset: 'form_1', dimensions: ['building'], measures: [{ agg: 'avg' as const, field: 'amount', as: 'score' }] };
    expect(sortColumnOptions(query, FIELDS, words('ar')).at(-1)).toEqual({ value: 'score', label: 'avg المبلغ' });
  });
});

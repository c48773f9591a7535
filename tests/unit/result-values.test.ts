import { describe, expect, it } from 'vitest';
import type { ResultColumn } from '../../src/core/query/query-spec.ts';
import { columnTitle, resultValueText, type ValueWords } from '../../src/core/value-format.ts';

/* How a value of a query answer reads in a plate: as the form shows it (src/core/value-format.ts). */

const STATUS: Record<string, Record<string, string>> = { en: { approved: 'Approved' }, 'zh-CN': { approved: '已通过' }, ar: { approved: 'معتمد' } };

const words = (language: string): ValueWords => ({
  language,
  yes: language === 'en' ? 'Yes' : '是',
  no: language === 'en' ? 'No' : '否',
  status: (code) => STATUS[language]?.[code] ?? code,
  recordColumn: (name) => (name === 'createTime' ? 'Created' : name === 'createdBy' ? 'Created by' : name),
  measure: (agg, field) => (agg === 'count' ? 'Count' : `${agg === 'avg' ? 'Average' : 'Total'} ${field}`),
});

const building: ResultColumn = { name: 'building', title: 'Building', type: 'string', labels: { harbourview: 'Harbourview Plaza', eastgate: { en: 'Eastgate Mall', 'zh-CN': '东门商场' } } };
const createdBy: ResultColumn = { name: 'createdBy', title: 'Created by', type: 'integer', record: true, refers: 'user', labels: { 2: 'Alice Chen' } };
const createTime: ResultColumn = { name: 'createTime', title: 'Created', type: 'datetime', record: true };
const status: ResultColumn = { name: 'status', title: 'Status', type: 'string', record: true };

describe('a value of a query answer', () => {
  it('reads a choice by its option label, in the reader’s language where the label has one', () => {
    expect(resultValueText(building, 'harbourview', words('en'))).toBe('Harbourview Plaza');
    expect(resultValueText(building, 'eastgate', words('zh-CN'))).toBe('东门商场');
    expect(resultValueText(building, 'eastgate', words('ar'))).toBe('Eastgate Mall');
    // A value the form no longer offers is shown as it is stored.
    expect(resultValueText(building, 'annex', words('en'))).toBe('annex');
    expect(resultValueText(building, ['harbourview', 'eastgate'], words('en'))).toBe('Harbourview Plaza, Eastgate Mall');
  });

  it('reads a person or department by name, never by id', () => {
    expect(resultValueText(createdBy, 2, words('en'))).toBe('Alice Chen');
    expect(resultValueText(createdBy, '2', words('en'))).toBe('Alice Chen');
    expect(resultValueText(createdBy, 9, words('en'))).toBe('#9');
  });

  it('writes an identifying whole number without digit groups, a counted one with them, as the column’s format says', () => {
    const assetId: ResultColumn = { name: 'asset_id', title: 'Asset', type: 'integer' };
    const id: ResultColumn = { name: 'id', title: 'ID', type: 'integer' };
    const visits: ResultColumn = { name: 'visits', title: 'Visits', type: 'integer' };
    expect(resultValueText(assetId, 3806, words('en'))).toBe('3806');
    expect(resultValueText(id, 3806, words('en'))).toBe('3806');
    expect(resultValueText(visits, 3806, words('en'))).toBe('3,806');
    expect(resultValueText(visits, 3806, words('en'), { grouping: false })).toBe('3806');
    expect(resultValueText(assetId, 3806, words('en'), { grouping: true })).toBe('3,806');
    expect(resultValueText(id, 3806, words('ar'))).not.toMatch(/[,٬]/);
  });

  it('reads a record’s status in the reader’s words', () => {
    expect(resultValueText(status, 'approved', words('en'))).toBe('Approved');
    expect(resultValueText(status, 'approved', words('ar'))).toBe('معتمد');
  });

  it('reads an instant as local wall-clock time in the reader’s form, never as an ISO string', () => {
    const en = resultValueText(createTime, '2026-01-01T07:12:00.000Z', words('en'));
    expect(en).toMatch(/^(Jan 1|Dec 31), 202[56] \d\d:12:00$/);
    expect(resultValueText(createTime, '2026-01-01T07:12:00.000Z', words('zh-CN'))).toMatch(/^202[56]-\d\d-\d\d \d\d:12:00$/);
    expect(resultValueText({ name: 'due', title: 'Due', type: 'date' }, '2026-11-22', words('en'))).toBe('Nov 22, 2026');
  });

  it('reads a date bucket as a period, numbers in the reader’s digits and yes or no', () => {
    const month: ResultColumn = { name: 'reportedAt:month', title: 'Reported at', type: 'string', bucket: 'month' };
    expect(resultValueText(month, '2026-11', words('en'))).toBe('Nov 2026');
    expect(resultValueText({ ...month, bucket: 'quarter' }, '2026-Q4', words('en'))).toBe('2026-Q4');
    expect(resultValueText({ name: 'n', title: 'N', type: 'number' }, 1234.5, words('en'))).toBe('1,234.5');
    expect(resultValueText({ name: 'n', title: 'N', type: 'number' }, 1234.5, words('ar'))).toBe(new Intl.NumberFormat('ar').format(1234.5));
    expect(resultValueText({ name: 'ok', title: 'OK', type: 'boolean' }, 1, words('en'))).toBe('Yes');
    expect(resultValueText({ name: 'ok', title: 'OK', type: 'boolean' }, false, words('zh-CN'))).toBe('否');
  });

  it('is empty for no value', () => {
    for (const value of [null, undefined, '']) expect(resultValueText(building, value, words('en'))).toBe('');
  });
});

describe('a column of a query answer', () => {
  it('is titled by its field’s label, a record column by its name in the reader’s language, a measure by what it counts', () => {
    expect(columnTitle(building, words('en'))).toBe('Building');
    expect(columnTitle({ ...building, title: { en: 'Building', ar: 'المبنى' } }, words('ar'))).toBe('المبنى');
    expect(columnTitle(createTime, words('en'))).toBe('Created');
    expect(columnTitle({ ...createTime, name: 'createTime:month', bucket: 'month' }, words('en'))).toBe('Created');
    expect(columnTitle({ name: 'requests', title: '', type: 'number', agg: 'count' }, words('en'))).toBe('Count');
    expect(columnTitle({ name: 'spent', title: 'Total cost', type: 'number', agg: 'sum' }, words('en'))).toBe('Total Total cost');
    expect(columnTitle({ name: 'raw', title: '', type: 'string' }, words('en'))).toBe('raw');
  });
});

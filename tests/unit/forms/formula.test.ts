import { describe, expect, it } from 'vitest';
import type { FormDesign } from '../../../src/core/forms/form-design.ts';
import { computeFields, evaluateFormula, formulaDependencies, MAX_FORMULA_LENGTH, parseFormula, type FormulaScope } from '../../../src/core/forms/formula.ts';

// 22 Nov 2026 20:00 UTC is already 23 Nov in UTC+8, the default calendar.
const NOW = new Date('2026-11-22T20:00:00Z');
const SCOPE: FormulaScope = {
  values: {
    qty: 3,
    price: 1.005,
    name: 'Valve',
    empty: null,
    start: '2026-01-31',
    end: '2026-03-01',
    tags: ['a', 'b'],
    site: { province: '110000' },
    items: [{ amount: 1 }, { amount: 2.5 }, {}],
  },
};
const run = (source: string, scope = SCOPE) => evaluateFormula(source, scope, NOW);

describe('formula evaluation', () => {
  it.each([
    ['ROUND(qty * price, 2)', 3.02],
    ['ROUND(1.005, 2)', 1.01],
    ['ROUND(-2.5)', -3],
    ['qty + 2 * 3', 9],
    ['(qty + 2) * 3', 15],
    ['2 ^ 3 ^ 2', 512],
    ['7 % 4', 3],
    ['-qty', -3],
    ['empty + 1', 1],
    ['SUM(items.amount)', 3.5],
    ['SUM(qty, 4, items.amount)', 10.5],
    ['AVG(items.amount)', 1.75],
    ['MIN(items.amount)', 1],
    ['MAX(items.amount, 10)', 10],
    ['COUNT(items.amount)', 2],
    ['COUNT(tags)', 2],
    ['ABS(-4.5)', 4.5],
    ['IF(qty > 2, "big", "small")', 'big'],
    ['qty >= 3 && name == "Valve"', true],
    ['!(qty < 3) || 1 / 0', true],
    ['qty > 5 ? "many" : "few"', 'few'],
    ['CONCAT(name, "-", qty, "-", tags)', 'Valve-3-a,b'],
    ['name + " x" + qty', 'Valve x3'],
    ['LEN(name)', 5],
    ['UPPER(name)', 'VALVE'],
    ['LOWER(name)', 'valve'],
    ['TODAY()', '2026-11-23'],
    ['DATEDIF(start, end, "D")', 29],
    ['DATEDIF(start, end, "M")', 1],
    ['DATEDIF("2020-02-29", "2026-02-28", "Y")', 5],
    ['DATEDIF(end, start, "M")', -1],
    ['DATEADD("2024-01-31", 1, "M")', '2024-02-29'],
    ['DATEADD(start, 30)', '2026-03-02'],
    ['DATEADD(start, -1, "Y")', '2025-01-31'],
    ['DATEDIF(empty, end, "D")', null],
    ['"b" > "a"', true],
  ])('%s = %j', (source, expected) => {
    expect(run(source)).toEqual({ value: expected });
  });

  it.each([
    ['1 / 0', 'division by zero'],
    ['qty % 0', 'division by zero'],
    ['name * 2', '"Valve" is not a number'],
    ['site + 1', 'site holds a value formulas cannot read'],
    ['qty > "a"', 'cannot compare'],
    ['missing + 1', 'missing is not a field of this form'],
    ['SUM(nope.amount)', 'nope is not a sub-table of this form'],
    ['DATEDIF(name, end, "D")', 'is not a date'],
    ['DATEDIF(start, end, "W")', "the unit must be 'D', 'M' or 'Y'"],
    ['ROUND(qty, 1.5)', 'ROUND: the digits must be a whole number'],
    ['10 ^ 400', 'not a finite number'],
  ])('%s is the error value %j, not a throw', (source, message) => {
    const result = run(source);
    expect(result).toHaveProperty('error');
    expect((result as { error: string }).error).toContain(message);
  });

  it('caps text a formula builds', () => {
    const scope = { values: { t: 'x'.repeat(5000) } };
    expect(run('CONCAT(t, t)', scope)).toEqual({ value: 'x'.repeat(10_000) });
    expect(run('CONCAT(t, t, t)', scope)).toEqual({ error: 'the text is longer than 10000 characters' });
  });
});

describe('formula safety: only the whitelist runs', () => {
  it.each([
    ['constructor.constructor("return process")()', 'only these functions can be called'],
    ['qty.constructor.constructor("return process")()', 'only these functions can be called'],
    ['this', '`this` is not allowed'],
    ['this.constructor', '`this` is not allowed'],
    ['globalThis', 'globalThis is not a field of this form'],
    ['process', 'process is not a field of this form'],
    ['constructor', 'constructor is not a field of this form'],
    ['__proto__', '__proto__ is not a field of this form'],
    ['toString', 'toString is not a field of this form'],
    ['items.__proto__', 'sub-table columns can only be used inside'],
    ['SUM(items.__proto__)', '__proto__ is not a column of items'],
    ['SUM(items.constructor)', 'constructor is not a column of items'],
    ['name["constructor"]', 'indexing with [...] is not allowed'],
    ['__proto__.polluted = 1', 'syntax error'],
    ['[1, 2]', 'lists ([...]) are not allowed'],
    ['qty, name', 'a formula is one expression'],
    ['eval("1")', 'eval is not a function'],
    ['Function("return 1")()', 'only these functions can be called'],
    ['SUM.call(null, 1)', 'only these functions can be called'],
    ['qty | 1', 'the operator | is not allowed'],
    ['qty ?? 1', 'the operator ?? is not allowed'],
    ['~qty', 'the operator ~ is not allowed'],
    ['SUM', 'SUM is a function'],
    ['ROUND(1, 2, 3)', 'ROUND takes 1 to 2 arguments'],
    ['', 'the formula is empty'],
    ['x'.repeat(MAX_FORMULA_LENGTH + 1), 'longer than 1000 characters'],
    ['ABS('.repeat(40) + '1' + ')'.repeat(40), 'nests deeper than'],
    [`SUM(${Array.from({ length: 100 }, () => 'a*a*a').join(',')})`, 'more than 400 parts'],
  ])('%s is refused', (source, message) => {
    const result = run(source, { ...SCOPE, subtables: new Map([['items', new Set(['amount'])]]) });
    expect(result).toHaveProperty('error');
    expect((result as { error: string }).error).toContain(message);
  });

  it('leaves Object.prototype untouched', () => {
    for (const source of ['__proto__.polluted = 1', 'constructor.prototype.polluted = 1', 'SUM(items.__proto__)']) run(source);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('reports the fields a formula reads', () => {
    expect(formulaDependencies('ROUND(qty * price, 2) + SUM(items.amount)')).toEqual(['qty', 'price', 'items.amount']);
    expect(formulaDependencies('1 +')).toEqual([]);
    expect(parseFormula('IF(a, b, c)')).toMatchObject({ dependencies: ['a', 'b', 'c'] });
  });
});

describe('computeFields', () => {
  const design: FormDesign = {
    version: 1,
    items: [
      { key: 'rate', type: 'percentage', label: 'Tax rate' },
      {
        key: 'items',
        type: 'subtable',
        label: 'Items',
        fields: [
          { key: 'qty', type: 'number', label: 'Qty' },
          { key: 'price', type: 'money', label: 'Price' },
          { key: 'withTax', type: 'computed', label: 'With tax', formula: 'ROUND(amount * (1 + rate / 100), 2)', precision: 2 },
          { key: 'amount', type: 'computed', label: 'Amount', formula: 'qty * price', precision: 2 },
        ],
      },
      { key: 'grandTotal', type: 'computed', label: 'Grand total', formula: 'subtotal + tax', precision: 2 },
      { key: 'subtotal', type: 'computed', label: 'Subtotal', formula: 'SUM(items.amount)', precision: 2 },
      { key: 'tax', type: 'computed', label: 'Tax', formula: 'SUM(items.withTax) - subtotal', precision: 2 },
      { key: 'label', type: 'computed', label: 'Label', formula: 'CONCAT("Total ", grandTotal)', resultType: 'text' },
      { key: 'due', type: 'computed', label: 'Due', formula: 'DATEADD(TODAY(), 7)', resultType: 'date' },
      { key: 'big', type: 'computed', label: 'Big', formula: 'grandTotal > 100', resultType: 'boolean' },
      { key: 'broken', type: 'computed', label: 'Broken', formula: '1 / 0' },
    ],
  };

  it('fills top-level and row formulas in dependency order, whatever the design order', () => {
    const data = computeFields(design, { rate: 10, items: [{ qty: 2, price: 30 }, { qty: 1, price: 45.5 }], subtotal: 1, broken: 5 }, NOW);
    expect(data.items).toEqual([
      { qty: 2, price: 30, amount: 60, withTax: 66 },
      { qty: 1, price: 45.5, amount: 45.5, withTax: 50.05 },
    ]);
    expect(data).toMatchObject({ subtotal: 105.5, tax: 10.55, grandTotal: 116.05, label: 'Total 116.05', due: '2026-11-30', big: true });
    expect(data).not.toHaveProperty('broken');
  });

  it('does not change its input', () => {
    const input = { rate: 0, items: [{ qty: 1, price: 1 }] };
    computeFields(design, input, NOW);
    expect(input).toEqual({ rate: 0, items: [{ qty: 1, price: 1 }] });
  });

  it('computes a 1,000-row sub-table quickly', () => {
    const rows = Array.from({ length: 1000 }, (_, i) => ({ qty: i % 7, price: 9.99 }));
    const started = performance.now();
    const data = computeFields(design, { rate: 6, items: rows }, NOW);
    expect(performance.now() - started).toBeLessThan(500);
    expect((data.items as unknown[]).length).toBe(1000);
  });
});

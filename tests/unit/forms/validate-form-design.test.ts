import { describe, expect, it } from 'vitest';
import { validateFormDesign } from '../../../src/core/forms/validate-form-design.ts';
import { BAD_DESIGNS, choice, design, text } from './bad-designs.ts';

describe('validateFormDesign', () => {
  it.each(BAD_DESIGNS)('refuses %s', (_what, bad, path, message) => {
    const problems = validateFormDesign(bad);
    const problem = problems.find((p) => p.path === path);
    expect(problem, JSON.stringify(problems)).toBeDefined();
    expect(problem!.message).toContain(message);
  });

  it('accepts sections, columns, conditions, a formula chain and a good default', () => {
    const good = design(
      choice('kind', { default: 'a' }),
      { key: 'details', type: 'section', title: 'Details', visibleIf: { all: [{ field: 'kind', op: 'eq', value: 'b' }] }, fields: [text('note', { required: true })] },
      { key: 'rows', type: 'subtable', label: 'Rows', fields: [{ key: 'q', type: 'number', label: 'Q' }, { key: 'd', type: 'computed', label: 'D', formula: 'q * factor' }] },
      { key: 'factor', type: 'number', label: 'Factor', default: 2 },
      { key: 'total', type: 'computed', label: 'Total', formula: 'SUM(rows.d) + half' },
      { key: 'half', type: 'computed', label: 'Half', formula: 'factor / 2' },
    );
    expect(validateFormDesign(good)).toEqual([]);
  });
});

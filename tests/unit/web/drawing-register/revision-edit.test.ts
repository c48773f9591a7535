import { describe, expect, it } from 'vitest';
import { disciplineReading } from '../../../../src/core/drawings/disciplines.ts';
import { editProblems, keptForm, withChange, type RevisionEdit } from '../../../../src/web/pages/drawings/release/revision-edit.ts';

const edit = (change: Partial<RevisionEdit> = {}): RevisionEdit => ({ number: 'A-101', title: 'Ground floor plan', discipline: 'A', label: 'B', setId: null, ...change });

describe('a pending revision edit', () => {
  it('has no problem when number, title and label have their forms', () => {
    expect(editProblems(edit())).toEqual({});
    expect(editProblems(edit({ number: 'S 2.01', label: 'P02', title: '' }))).toEqual({});
  });

  it('needs a number and a label', () => {
    expect(editProblems(edit({ number: '  ', label: '' }))).toEqual({ number: 'required', label: 'required' });
  });

  it('refuses a number, title or label the server schema refuses', () => {
    expect(editProblems(edit({ number: '-101' })).number).toBe('invalid');
    expect(editProblems(edit({ number: 'A'.repeat(33) })).number).toBe('tooLong');
    expect(editProblems(edit({ title: 'Plan <b>' })).title).toBe('invalid');
    expect(editProblems(edit({ title: 'x'.repeat(201) })).title).toBe('tooLong');
    expect(editProblems(edit({ label: 'B.1' })).label).toBe('invalid');
    expect(editProblems(edit({ label: 'ABCDEFGHI' })).label).toBe('tooLong');
  });

  it('brings the discipline along with a new number unless the reviewer chose another', () => {
    const defaults = disciplineReading(null, null);
    expect(withChange(edit(), { number: 'S-201' }, defaults).discipline).toBe('S');
    expect(withChange(edit({ discipline: 'I' }), { number: 'S-201' }, defaults).discipline).toBe('I');
  });

  it('reads the new number’s discipline by the workspace’s sheet-number rule and codes, as the server does', () => {
    // Building T1's sheets: the discipline stands after the building's prefix; HV is a code of this workspace.
    const tower = disciplineReading('T1-{discipline}{001}', ['A', 'M', 'HV', 'X']);
    const first = edit({ number: 'T1-A001', discipline: 'A' });
    expect(withChange(first, { number: 'T1-M002' }, tower).discipline).toBe('M');
    expect(withChange(first, { number: 'T1-HV003' }, tower).discipline).toBe('HV');
    // A number the rule does not make still goes by its prefix, among the workspace's codes only.
    expect(withChange(first, { number: 'S-201' }, tower).discipline).toBe('X');
    // The discipline the old number named by the rule counts as not chosen; one chosen stays.
    expect(withChange(edit({ number: 'T1-M001', discipline: 'M' }), { number: 'T1-A001' }, tower).discipline).toBe('A');
    expect(withChange(edit({ number: 'T1-M001', discipline: 'HV' }), { number: 'T1-A001' }, tower).discipline).toBe('HV');
  });

  it('leaves the discipline as it is while the workspace’s rule is not known', () => {
    expect(withChange(edit(), { number: 'S-201' }, null)).toMatchObject({ number: 'S-201', discipline: 'A' });
  });

  it('is sent with the number and title in the form they are kept', () => {
    expect(keptForm(edit({ number: ' ａ－１０１ ', title: '  Ground   floor ', label: ' C ' }))).toMatchObject({ number: 'A-101', title: 'Ground floor', label: 'C' });
  });
});

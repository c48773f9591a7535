import { describe, expect, it } from 'vitest';
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
    expect(withChange(edit(), { number: 'S-201' }).discipline).toBe('S');
    expect(withChange(edit({ discipline: 'I' }), { number: 'S-201' }).discipline).toBe('I');
  });

  it('is sent with the number and title in the form they are kept', () => {
    expect(keptForm(edit({ number: ' ａ－１０１ ', title: '  Ground   floor ', label: ' C ' }))).toMatchObject({ number: 'A-101', title: 'Ground floor', label: 'C' });
  });
});

import { describe, expect, it } from 'vitest';
import { ancestorsOf, subtreeHeight, subtreeOf, treeOrder } from '../../../../src/core/follow-settings/option-tree.ts';
import { bindingProblems, boundOptionsBehind, pathLabel, unfitLists, withBoundOptions } from '../../../../src/core/follow-settings/template-bindings.ts';
import type { FormDesign } from '../../../../src/core/forms/form-design.ts';

const options = [
  { id: 1, code: 'T1', parentId: null, sort: 2 },
  { id: 2, code: 'L10', parentId: 1, sort: 0 },
  { id: 3, code: 'L9', parentId: 1, sort: 0 },
  { id: 4, code: 'R1', parentId: 3, sort: 0 },
  { id: 5, code: 'P', parentId: null, sort: 1 },
  { id: 6, code: 'Lost', parentId: 99, sort: 0 },
];

describe('option trees', () => {
  it('orders parents before children, siblings by sort then code with digits as numbers', () => {
    expect(treeOrder(options).map(({ option, depth }) => `${option.code}:${depth}`)).toEqual(['Lost:0', 'P:0', 'T1:0', 'L9:1', 'R1:2', 'L10:1']);
  });

  it('knows what is above and below an option', () => {
    const byId = new Map(options.map((o) => [o.id, o]));
    expect(ancestorsOf(byId, 4)).toEqual([1, 3]);
    expect(subtreeOf(options, 1).sort()).toEqual([1, 2, 3, 4]);
    expect(subtreeHeight(options, 1)).toBe(3);
  });
});

const design: FormDesign = {
  version: 1,
  items: [
    { key: 'trade', type: 'select', label: 'Trade', options: [{ value: 'x', label: 'X' }] },
    { key: 'section', type: 'section', title: 'Where', fields: [{ key: 'room', type: 'radio', label: 'Room', options: [{ value: 'x', label: 'X' }] }] },
    { key: 'count', type: 'number', label: 'Count' },
  ],
};

describe('template bindings', () => {
  it('binds top-level choice fields (in sections too) to lists the workspace has', () => {
    expect(bindingProblems(design, { trade: 'trade', room: 'location' }, new Set(['trade', 'location']))).toEqual([]);
    expect(bindingProblems(design, { count: 'trade', trade: 'weather' }, new Set(['trade'])).map((p) => [p.path, p.key])).toEqual([
      ['bindings.count', 'notChoiceField'],
      ['bindings.trade', 'unknownSource'],
    ]);
  });

  it('names an option by the labels above it, per language, and by its own label when that is too long', () => {
    expect(pathLabel({ label: 'Room 201', path: ['Tower 1', 'Level 2'] })).toBe('Tower 1 › Level 2 › Room 201');
    expect(pathLabel({ label: { en: 'Room 201', 'zh-CN': '201室' }, path: ['T1'] })).toEqual({ en: 'T1 › Room 201', 'zh-CN': 'T1 › 201室' });
    expect(pathLabel({ label: 'Room', path: ['x'.repeat(118)] })).toBe('Room');
  });

  it('fills bound fields from their lists and tells when a published design is behind', () => {
    const offered = new Map([
      ['trade', [{ code: 'ELEC', label: 'Electrical', path: [] }]],
      ['location', [{ code: 'R201', label: 'Room 201', path: ['Level 2'] }]],
    ]);
    const filled = withBoundOptions(design, { trade: 'trade', room: 'location' }, offered);
    expect(filled.items[0]).toMatchObject({ options: [{ value: 'ELEC', label: 'Electrical' }] });
    expect(filled.items[1]).toMatchObject({ fields: [{ options: [{ value: 'R201', label: 'Level 2 › Room 201' }] }] });
    expect(boundOptionsBehind(design, { trade: 'trade' }, offered)).toBe(true);
    // Keys come back reordered from jsonb: not a change.
    const reordered = JSON.parse(JSON.stringify(filled).replace('"value":"ELEC","label":"Electrical"', '"label":"Electrical","value":"ELEC"')) as FormDesign;
    expect(boundOptionsBehind(reordered, { trade: 'trade', room: 'location' }, offered)).toBe(false);
    expect(unfitLists({ trade: 'trade', room: 'company' }, offered)).toEqual([{ field: 'room', source: 'company', count: 0 }]);
  });
});

import { describe, expect, it } from 'vitest';
import type { DataSourceOption, OptionSaveBody } from '../../../../src/core/contracts/follow-settings.ts';
import type { SettingsApi } from '../../../../src/web/pages/follow-settings/settings-api.ts';
import { disciplineListProblem, numberingPreview, sheetNumberPreview } from '../../../../src/web/pages/follow-settings/settings-rules.ts';
import { SourceStore } from '../../../../src/web/pages/follow-settings/source-store.ts';

const option = (id: number, code: string, parentId: number | null, sort: number, retired = false): DataSourceOption => ({
  id,
  code,
  label: code,
  parentId,
  sort,
  retired,
  path: [],
  revision: 1,
  updateTime: '2026-11-27T00:00:00Z',
});

/** The calls a store makes, answered from a list held here. */
function fakeApi(options: DataSourceOption[]) {
  const saved: OptionSaveBody[] = [];
  const api = {
    sources: () => Promise.resolve([{ key: 'location', name: null, builtIn: true, hierarchical: true, optionCount: options.length, retiredCount: 0 }]),
    options: () => Promise.resolve(options.map((each) => ({ ...each }))),
    saveOption: (body: OptionSaveBody) => {
      saved.push(body);
      const stored = options.find((each) => each.id === body.id)!;
      stored.sort = body.sort;
      return Promise.resolve(stored);
    },
  } as unknown as SettingsApi;
  return { api, saved };
}

describe('the data source screen', () => {
  it('shows options in tree order with their depth, hiding retired ones on request', async () => {
    const { api } = fakeApi([option(1, 'T1', null, 10), option(2, 'T1-L2', 1, 20), option(3, 'T1-L1', 1, 10), option(4, 'T2', null, 20, true)]);
    const store = new SourceStore(api, 'NW-TOWER');
    await store.start();
    await store.options.ensure();
    expect(store.rows.map((row) => [row.option.code, row.depth])).toEqual([
      ['T1', 0],
      ['T1-L1', 1],
      ['T1-L2', 1],
      ['T2', 0],
    ]);
    store.setShowRetired(false);
    expect(store.rows.map((row) => row.option.code)).toEqual(['T1', 'T1-L1', 'T1-L2']);
    expect(store.nextSort(1)).toBe(30);
    expect(store.nextSort(3)).toBe(10);
  });

  it('moves an option among its siblings, numbering them again where sorts were equal', async () => {
    const { api, saved } = fakeApi([option(1, 'A', null, 0), option(2, 'B', null, 0), option(3, 'C', null, 0), option(4, 'A1', 1, 0)]);
    const store = new SourceStore(api, 'NW-TOWER');
    await store.start();
    await store.options.ensure();
    await store.shift(store.options.data!.find((each) => each.code === 'C')!, -1);
    expect(store.rows.filter((row) => row.depth === 0).map((row) => row.option.code)).toEqual(['A', 'C', 'B']);
    // Only siblings are renumbered; the option below A keeps its place.
    expect(saved.map((body) => [body.code, body.sort])).toEqual([
      ['A', 10],
      ['C', 20],
      ['B', 30],
    ]);
    // The first cannot go further up: nothing is sent.
    await store.shift(store.options.data!.find((each) => each.code === 'A')!, -1);
    expect(saved).toHaveLength(3);
  });
});

describe('the project settings previews and checks', () => {
  it('previews the sheet numbers a rule gives, or why it gives none', () => {
    expect(sheetNumberPreview('{discipline}-{101}')).toEqual({ numbers: ['A-101', 'A-102', 'A-103', 'E-101', 'E-102', 'E-103'] });
    expect(sheetNumberPreview('{discipline}{001}')).toEqual({ numbers: ['A001', 'A002', 'A003', 'E001', 'E002', 'E003'] });
    expect(sheetNumberPreview('{discipline}-{level}')).toMatchObject({ error: expect.stringContaining('{level}') });
  });

  it('previews the next follow-up numbers of a numbering rule', () => {
    const today = new Date('2026-11-27T10:00:00Z');
    expect(numberingPreview('PI-{####}', today)).toEqual({ numbers: ['PI-0001', 'PI-0002', 'PI-0003'] });
    expect(numberingPreview('SO-{YYYY}-{##}', today)).toEqual({ numbers: ['SO-2026-01', 'SO-2026-02', 'SO-2026-03'] });
    expect(numberingPreview('PI-{####', today)).toMatchObject({ key: 'numberingUnmatched' });
  });

  it('keeps a discipline list savable only with codes of capitals, once each, and Other kept', () => {
    expect(disciplineListProblem([{ code: 'A' }, { code: 'FP' }, { code: 'X' }])).toBeNull();
    expect(disciplineListProblem([{ code: 'A' }, { code: 'a' }, { code: 'X' }])).toBe('code');
    expect(disciplineListProblem([{ code: 'A' }, { code: 'ABCDE' }, { code: 'X' }])).toBe('code');
    expect(disciplineListProblem([{ code: 'A' }, { code: 'A' }, { code: 'X' }])).toBe('duplicate');
    expect(disciplineListProblem([{ code: 'A' }])).toBe('other');
  });
});

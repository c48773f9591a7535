import { describe, expect, it } from 'vitest';
import type { FunctionPointOption } from '../../../../src/core/contracts/permission-groups.ts';
import {
  groupPointsByMenu,
  groupState,
  searchPointGroups,
  toggleGroup,
  unknownPoints,
} from '../../../../src/web/pages/authorize/point-groups.ts';
import { textIn, type LocalText } from '../../../../src/core/local-text.ts';

const point = (code: string, title: string, menuTitle: string, menuSeedKey: string | null): FunctionPointOption => ({ code, title, menuTitle, menuSeedKey });

const points = [
  point('form:create', 'Create form', 'Form designer', 'forms'),
  point('record:create', 'Create record', 'Form data', 'formData'),
  point('form:edit', 'Edit form', 'Form designer', 'forms'),
  point('doc:upload', 'Upload', 'Document library', 'docManage'),
  point('site:walk', 'Walk the site', 'Site tours', null),
  point('site:report', 'Report', 'Site tours', null),
];
const groups = groupPointsByMenu(points);
const label = { menu: (group: { menuTitle: LocalText }) => textIn(group.menuTitle, 'en'), point: (each: FunctionPointOption) => textIn(each.title, 'en') };

describe('function points grouped by menu', () => {
  it('puts each point under its menu, menus in the order first met, points in server order', () => {
    expect(groups.map((group) => [group.key, group.points.map((each) => each.code)])).toEqual([
      ['forms', ['form:create', 'form:edit']],
      ['formData', ['record:create']],
      ['docManage', ['doc:upload']],
      ['title:Site tours', ['site:walk', 'site:report']],
    ]);
  });

  it('groups menus an administrator added (no seed key) by their title', () => {
    expect(groups[3]).toMatchObject({ menuTitle: 'Site tours', menuSeedKey: null });
  });

  it('keeps a whole menu whose title matches a search, else only the matching points', () => {
    expect(searchPointGroups(groups, 'designer', label).map((group) => group.points.length)).toEqual([2]);
    const byCode = searchPointGroups(groups, 'CREATE', label);
    expect(byCode.map((group) => group.points.map((each) => each.code))).toEqual([['form:create'], ['record:create']]);
    expect(searchPointGroups(groups, '  ', label)).toHaveLength(4);
    expect(searchPointGroups(groups, 'nothing like it', label)).toEqual([]);
  });

  it('says whether all, some or none of a menu is chosen', () => {
    expect(groupState(groups[0]!, new Set(['form:create', 'form:edit']))).toBe('all');
    expect(groupState(groups[0]!, new Set(['form:edit']))).toBe('some');
    expect(groupState(groups[0]!, new Set(['doc:upload']))).toBe('none');
  });

  it('selects or clears a whole menu, keeping other choices, sorted as the server keeps them', () => {
    expect(toggleGroup(groups[0]!, ['doc:upload'], true)).toEqual(['doc:upload', 'form:create', 'form:edit']);
    expect(toggleGroup(groups[0]!, ['doc:upload', 'form:edit'], false)).toEqual(['doc:upload']);
  });

  it('toggles only the points a search left in view', () => {
    const [narrowed] = searchPointGroups(groups, 'edit form', label);
    expect(toggleGroup(narrowed!, [], true)).toEqual(['form:edit']);
  });

  it('names chosen points the server no longer offers', () => {
    expect(unknownPoints(['form:create', 'gone:away'], points)).toEqual(['gone:away']);
  });
});

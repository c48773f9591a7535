import { describe, expect, it } from 'vitest';
import { editTargetOf, idOfParam } from '../../../../src/web/ui/edit-target.ts';

describe('the id an address names', () => {
  it.each([
    ['1', 1],
    ['42', 42],
    ['9999999999', 9999999999],
  ])('%j names %d', (param, id) => expect(idOfParam(param)).toBe(id));

  it.each([null, undefined, '', '0', '007', '-3', '1e3', ' 5', '5.0', '0x10', '12345678901', 'new'])('%j names none', (param) =>
    expect(idOfParam(param)).toBeNull(),
  );

  it('lets an editor be opened for a new item', () => {
    expect(editTargetOf('new')).toBe('new');
    expect(editTargetOf('12')).toBe(12);
    expect(editTargetOf('x')).toBeNull();
  });
});

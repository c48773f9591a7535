import { describe, expect, it } from 'vitest';
import { displayNameSchema, personNameSchema } from '../../src/core/contracts/common.ts';
import { setNameSchema } from '../../src/core/contracts/drawings.ts';

/* A name has a visible letter and no angle bracket anywhere, not even one beside the letter. */
describe.each([
  ['a person’s name', personNameSchema.pattern],
  ['a display name', displayNameSchema.pattern],
  ['a drawing set’s name', setNameSchema.pattern],
])('%s', (_, pattern) => {
  const fits = (text: string) => new RegExp(pattern, 'u').test(text);

  it('takes words in any language, with spaces around them', () => {
    for (const name of ['Alice Chen', ' 东门商场 ', 'مخطط الموقع', 'Tender 2026-03', 'x']) expect(fits(name), name).toBe(true);
  });

  it('refuses spaces only and any angle bracket', () => {
    for (const name of ['', '   ', 'a<b', '<', 'b>', 'x <y', '<script>']) expect(fits(name), name).toBe(false);
  });
});

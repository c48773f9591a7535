import { markupValidator } from 'virtual:plinth/markup-validator';
import { describe, expect, it } from 'vitest';

/** The browser's check is code generated from the same schema the server compiles: it agrees with it. */
describe('the markup check the browser runs', () => {
  const style = { color: '#1f6feb', width: 1.5, opacity: 1, fill: null };

  it('accepts a markup the server accepts', () => {
    expect(markupValidator({ kind: 'measureArea', points: [[0, 0], [10, 0], [10, 10]], style, visibility: 'published' })).toBe(true);
  });

  it('refuses what the server refuses, with the field named', () => {
    expect(markupValidator({ kind: 'text', points: [[0, 0]], style, text: 'x', visibility: 'personal' })).toBe(false);
    expect(markupValidator.errors?.[0]?.instancePath).toBe('/style');
    expect(markupValidator({ kind: 'line', points: [[0, 0], [1, 1]], style, visibility: 'personal', extra: 1 })).toBe(false);
  });
});

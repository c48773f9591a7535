import { describe, expect, it } from 'vitest';
import { isHeaderSafe } from '../../../src/web/api/header-token.ts';

/** Whether Node's fetch (undici, which follows the Fetch standard) accepts the value as a header. */
function fetchAccepts(value: string): boolean {
  try {
    new Headers().set('token', value);
    return true;
  } catch {
    return false;
  }
}

const SAMPLES = [
  '',
  'abc',
  'A-z_0-9.~+/=',
  'é',
  '\u00ff',
  'tab\there',
  ' spaced ',
  '\u007f',
  '\u0001',
  '中',
  '\u0100',
  'line\nbreak',
  'carriage\rreturn',
  'nul\u0000byte',
  '😀',
];

describe('isHeaderSafe (spec §5: a token that cannot be encoded into a header)', () => {
  it.each(SAMPLES)('%j agrees with what fetch accepts', (value) => {
    expect(isHeaderSafe(value)).toBe(fetchAccepts(value));
  });

  it('rejects the cases browsers throw on', () => {
    expect(['中', '\n', '\r', '\u0000', '😀'].map(isHeaderSafe)).toEqual([false, false, false, false, false]);
  });
});

import { describe, expect, it } from 'vitest';
import { DEFAULT_DURATION_SETTINGS } from '../../../../src/core/schedule/durations.ts';
import type { Link } from '../../../../src/core/schedule/model.ts';
import { parsePredecessors, predecessorsText } from '../../../../src/core/schedule/outline.ts';

// Rows 1–6 hold tasks 11–16; task 14 (row 4) is the one edited.
const taskOfRow = (row: number) => (row >= 1 && row <= 6 ? row + 10 : undefined);
const parse = (text: string) => parsePredecessors(text, 14, taskOfRow, DEFAULT_DURATION_SETTINGS);
const links = (text: string): Link[] => {
  const parsed = parse(text);
  if (!parsed.ok) throw new Error(parsed.message);
  return parsed.links;
};

describe('parsePredecessors', () => {
  it('reads row numbers with types and lags as MS Project takes them', () => {
    expect(links('3FS+2d,5SS')).toEqual([
      { from: 13, to: 14, type: 'FS', lag: 960, lagFormat: 'work' },
      { from: 15, to: 14, type: 'SS', lag: 0, lagFormat: 'work' },
    ]);
    expect(links(' 1 ; 2ff-4h ')).toEqual([
      { from: 11, to: 14, type: 'FS', lag: 0, lagFormat: 'work' },
      { from: 12, to: 14, type: 'FF', lag: -240, lagFormat: 'work' },
    ]);
    expect(links('6SF+50%, 5FS+1ed, 3+1.5')).toEqual([
      { from: 16, to: 14, type: 'SF', lag: 50, lagFormat: 'percent' },
      { from: 15, to: 14, type: 'FS', lag: 1440, lagFormat: 'elapsed' },
      { from: 13, to: 14, type: 'FS', lag: 720, lagFormat: 'work' },
    ]);
  });

  it('takes the Chinese and Arabic commas, and nothing as no predecessors', () => {
    expect(links('1，2،3').map((l) => l.from)).toEqual([11, 12, 13]);
    expect(links('')).toEqual([]);
    expect(links(' , ')).toEqual([]);
  });

  it('reads back what predecessorsText writes', () => {
    const written: Link[] = [
      { from: 13, to: 14, type: 'FS', lag: 0, lagFormat: 'work' },
      { from: 12, to: 14, type: 'SS', lag: 960, lagFormat: 'work' },
      { from: 15, to: 14, type: 'FF', lag: -1440, lagFormat: 'elapsed' },
      { from: 16, to: 14, type: 'SF', lag: 30, lagFormat: 'work' },
      { from: 11, to: 14, type: 'FS', lag: 25, lagFormat: 'percent' },
    ];
    const text = predecessorsText(written, (id) => id - 10, DEFAULT_DURATION_SETTINGS);
    expect(text).toBe('3, 2SS+2d, 5FF-1ed, 6SF+30m, 1FS+25%');
    expect(links(text)).toEqual(written);
  });

  it('refuses what is not a predecessor, naming the item', () => {
    expect(parse('3XX')).toMatchObject({ ok: false, problem: 'badItem', item: '3XX' });
    expect(parse('1, 9')).toMatchObject({ ok: false, problem: 'noSuchRow', item: '9' });
    expect(parse('4SS')).toMatchObject({ ok: false, problem: 'self', item: '4SS' });
    expect(parse('1, 1SS')).toMatchObject({ ok: false, problem: 'twice', item: '1SS' });
    expect(parse('2FS+3q')).toMatchObject({ ok: false, problem: 'badLag', item: '2FS+3q' });
  });

  it('keeps a lag of nothing at zero, never minus zero', () => {
    expect(Object.is(links('2FS-0d')[0]!.lag, 0)).toBe(true);
  });
});

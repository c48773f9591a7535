import { describe, expect, it } from 'vitest';
import { formatDuration, formatDurationShort, isElapsedUnit, parseDuration, toMinutes } from '../../../../src/core/schedule/durations.ts';

describe('durations', () => {
  it('reads what people type', () => {
    expect(parseDuration('3d')).toEqual({ ok: true, minutes: 1440, unit: 'd' });
    expect(parseDuration('2w')).toEqual({ ok: true, minutes: 4800, unit: 'w' });
    expect(parseDuration('4h')).toEqual({ ok: true, minutes: 240, unit: 'h' });
    expect(parseDuration('30m')).toEqual({ ok: true, minutes: 30, unit: 'm' });
    expect(parseDuration('1mo')).toEqual({ ok: true, minutes: 9600, unit: 'mo' });
    expect(parseDuration('5ed')).toEqual({ ok: true, minutes: 7200, unit: 'ed' });
    expect(parseDuration('2.5d')).toEqual({ ok: true, minutes: 1200, unit: 'd' });
    expect(parseDuration('2,5 D')).toEqual({ ok: true, minutes: 1200, unit: 'd' });
    expect(parseDuration(' 3 Days ')).toEqual({ ok: true, minutes: 1440, unit: 'd' });
    expect(parseDuration('2 ewks')).toEqual({ ok: true, minutes: 20160, unit: 'ew' });
    expect(parseDuration('4d?')).toEqual({ ok: true, minutes: 1920, unit: 'd' });
  });

  it('a bare number takes the default unit, and 0 is a milestone', () => {
    expect(parseDuration('0')).toEqual({ ok: true, minutes: 0, unit: 'd' });
    expect(parseDuration('6', undefined, 'h')).toEqual({ ok: true, minutes: 360, unit: 'h' });
  });

  it("counts working units by the schedule's own day, week and month", () => {
    const settings = { minutesPerDay: 600, minutesPerWeek: 3000, daysPerMonth: 22 };
    expect(parseDuration('1d', settings)).toMatchObject({ minutes: 600 });
    expect(parseDuration('1w', settings)).toMatchObject({ minutes: 3000 });
    expect(parseDuration('1mo', settings)).toMatchObject({ minutes: 13200 });
    // Elapsed units are calendar time whatever the settings.
    expect(parseDuration('1ed', settings)).toMatchObject({ minutes: 1440 });
    expect(toMinutes(1, 'emo')).toBe(30 * 1440);
  });

  it('refuses nonsense with a reason', () => {
    expect(parseDuration('')).toMatchObject({ ok: false, problem: 'empty' });
    expect(parseDuration('abc')).toMatchObject({ ok: false, problem: 'notANumber' });
    expect(parseDuration('3 fortnights')).toMatchObject({ ok: false, problem: 'unknownUnit' });
    expect(parseDuration('-2d')).toMatchObject({ ok: false, problem: 'negative' });
    expect(parseDuration('1.2.3d')).toMatchObject({ ok: false, problem: 'notANumber' });
    expect(parseDuration('99999w')).toMatchObject({ ok: false, problem: 'tooLong' });
  });

  it('formats back as a value and a unit for the screen to word', () => {
    expect(formatDuration(1200, 'd')).toEqual({ value: 2.5, unit: 'd' });
    expect(formatDuration(100, 'h')).toEqual({ value: 1.67, unit: 'h' });
    expect(formatDurationShort(7200, 'ed')).toBe('5ed');
    expect(parseDuration(formatDurationShort(4800, 'w'))).toMatchObject({ minutes: 4800, unit: 'w' });
    expect(isElapsedUnit('ed')).toBe(true);
    expect(isElapsedUnit('d')).toBe(false);
  });
});

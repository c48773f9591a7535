import { describe, expect, it } from 'vitest';
import { parseWallTime, standardCalendar } from '../../../../src/core/schedule/model.ts';
import { headerCells, nextUnit, nonWorkingStretches, timeAt, unitStart, xOf, ZOOM_LEVELS, type TimeView } from '../../../../src/core/schedule/time-scale.ts';

const at = (text: string) => parseWallTime(text);
const iso = (time: number) => new Date(time * 60000).toISOString().slice(0, 16);

describe('time units', () => {
  it('start where the calendar says: hours, Monday weeks, months, quarters, years, decades', () => {
    const time = at('2027-05-13T10:45'); // a Thursday
    expect(iso(unitStart(time, 'hour'))).toBe('2027-05-13T10:00');
    expect(iso(unitStart(time, 'day'))).toBe('2027-05-13T00:00');
    expect(iso(unitStart(time, 'week'))).toBe('2027-05-10T00:00');
    expect(iso(unitStart(time, 'month'))).toBe('2027-05-01T00:00');
    expect(iso(unitStart(time, 'quarter'))).toBe('2027-04-01T00:00');
    expect(iso(unitStart(time, 'year'))).toBe('2027-01-01T00:00');
    expect(iso(unitStart(time, 'decade'))).toBe('2020-01-01T00:00');
  });

  it('a Monday is its own week start, and weeks before 1970 start on Monday too', () => {
    expect(iso(unitStart(at('2027-05-10T00:00'), 'week'))).toBe('2027-05-10T00:00');
    expect(iso(unitStart(at('1969-12-31T12:00'), 'week'))).toBe('1969-12-29T00:00');
  });

  it('step by calendar months, so February and a leap year are as long as they are', () => {
    expect(iso(nextUnit(at('2028-02-01'), 'month'))).toBe('2028-03-01T00:00');
    expect(nextUnit(at('2028-02-01'), 'month') - at('2028-02-01')).toBe(29 * 1440);
    expect(iso(nextUnit(at('2027-10-01'), 'quarter'))).toBe('2028-01-01T00:00');
  });

  it('zoom levels run from hours to years, each finer than the next', () => {
    expect(ZOOM_LEVELS.map((level) => level.key)).toEqual(['hours', 'days', 'weeks', 'months', 'quarters', 'years']);
    for (let i = 1; i < ZOOM_LEVELS.length; i++) expect(ZOOM_LEVELS[i]!.pxPerDay).toBeLessThan(ZOOM_LEVELS[i - 1]!.pxPerDay);
  });
});

describe('x of a time', () => {
  const start = at('2027-03-01');
  const ltr: TimeView = { start, pxPerMinute: 36 / 1440, width: 720, rtl: false };
  const rtl: TimeView = { ...ltr, rtl: true };

  it('runs rightwards from the left edge, and leftwards from the right edge in Arabic', () => {
    expect(xOf(ltr, start)).toBe(0);
    expect(xOf(ltr, start + 2 * 1440)).toBe(72);
    expect(xOf(rtl, start)).toBe(720);
    expect(xOf(rtl, start + 2 * 1440)).toBe(648);
  });

  it('turns back into the same time both ways', () => {
    for (const view of [ltr, rtl]) {
      for (const x of [0, 13.5, 400, 720]) expect(xOf(view, timeAt(view, x))).toBeCloseTo(x, 9);
    }
  });

  it('header cells cover the view and are mirrored in Arabic', () => {
    const days = headerCells(ltr, 'day');
    expect(days).toHaveLength(20);
    expect(days[0]).toMatchObject({ x: 0, width: 36 });
    expect(days[19]!.x + days[19]!.width).toBe(720);
    const mirrored = headerCells(rtl, 'day');
    expect(mirrored[0]).toMatchObject({ x: 684, width: 36 });
    expect(mirrored[19]).toMatchObject({ x: 0 });
  });

  it('a cell partly in view is kept, starting before the edge', () => {
    const view: TimeView = { ...ltr, start: at('2027-03-01T12:00') };
    const [first] = headerCells(view, 'day');
    expect(first).toMatchObject({ x: -18, width: 36 });
    expect(iso(first!.start)).toBe('2027-03-01T00:00');
  });
});

describe('non-working time', () => {
  const calendar = standardCalendar();
  calendar.exceptions.push({ name: 'Spring holiday', from: '2027-03-03', to: '2027-03-03', periods: [] });

  it('whole days off: weekends and holidays, adjacent ones joined', () => {
    // Monday 1 to Monday 15 March 2027.
    const stretches = nonWorkingStretches(calendar, at('2027-03-01'), at('2027-03-15'), false).map(([a, b]) => [iso(a), iso(b)]);
    expect(stretches).toEqual([
      ['2027-03-03T00:00', '2027-03-04T00:00'],
      ['2027-03-06T00:00', '2027-03-08T00:00'],
      ['2027-03-13T00:00', '2027-03-15T00:00'],
    ]);
  });

  it('with hours: the night, the lunch hour, and days off', () => {
    const stretches = nonWorkingStretches(calendar, at('2027-03-01'), at('2027-03-02T12:00'), true).map(([a, b]) => [iso(a), iso(b)]);
    expect(stretches).toEqual([
      ['2027-03-01T00:00', '2027-03-01T08:00'],
      ['2027-03-01T12:00', '2027-03-01T13:00'],
      ['2027-03-01T17:00', '2027-03-02T08:00'],
    ]);
  });

  it('an exception that works a Saturday is not shaded', () => {
    const worked = standardCalendar();
    worked.exceptions.push({ name: 'Catch-up', from: '2027-03-06', to: '2027-03-06', periods: [{ from: 480, to: 720 }] });
    const stretches = nonWorkingStretches(worked, at('2027-03-06'), at('2027-03-08'), false).map(([a, b]) => [iso(a), iso(b)]);
    expect(stretches).toEqual([['2027-03-07T00:00', '2027-03-08T00:00']]);
  });
});

import { describe, expect, it } from 'vitest';
import { CalendarHasNoWorkError, WorkingTime, workingTimeOf } from '../../../../src/core/schedule/calendar.ts';
import { formatWallTime, parseWallTime, standardCalendar, type Calendar } from '../../../../src/core/schedule/model.ts';

const at = (text: string) => parseWallTime(text);
const show = (time: number) => formatWallTime(time).slice(0, 16);

// 2026-01-05 is a Monday.
describe('working time on the standard calendar (Mon–Fri 08:00–12:00, 13:00–17:00)', () => {
  const wt = workingTimeOf(standardCalendar());

  it('adds a day of work within the day, landing where the work ends', () => {
    expect(show(wt.addWork(at('2026-01-05T08:00'), 480))).toBe('2026-01-05T17:00');
    expect(show(wt.addWork(at('2026-01-05T08:00'), 240))).toBe('2026-01-05T12:00');
  });

  it('skips the lunch break', () => {
    expect(show(wt.addWork(at('2026-01-05T11:00'), 120))).toBe('2026-01-05T14:00');
    expect(wt.between(at('2026-01-05T11:00'), at('2026-01-05T14:00'))).toBe(120);
    expect(show(wt.nextWorking(at('2026-01-05T12:30')))).toBe('2026-01-05T13:00');
    expect(show(wt.previousWorking(at('2026-01-05T12:30')))).toBe('2026-01-05T12:00');
    expect(wt.isWorking(at('2026-01-05T12:30'))).toBe(false);
    expect(wt.isWorking(at('2026-01-05T13:00'))).toBe(true);
  });

  it('skips the weekend both ways', () => {
    expect(show(wt.addWork(at('2026-01-09T16:00'), 120))).toBe('2026-01-12T09:00');
    expect(wt.between(at('2026-01-09T16:00'), at('2026-01-12T09:00'))).toBe(120);
    expect(show(wt.nextWorking(at('2026-01-10T10:00')))).toBe('2026-01-12T08:00');
    expect(show(wt.previousWorking(at('2026-01-10T10:00')))).toBe('2026-01-09T17:00');
    expect(show(wt.addWork(at('2026-01-12T09:00'), -120))).toBe('2026-01-09T16:00');
    expect(show(wt.subtractWork(at('2026-01-12T17:00'), 960))).toBe('2026-01-09T08:00');
  });

  it('tells a start from a finish at a break: the same count is 17:00 for a finish and 08:00 next day for a start', () => {
    const w = wt.work(at('2026-01-05T17:00'));
    expect(wt.work(at('2026-01-06T08:00'))).toBe(w);
    expect(show(wt.finishOf(w))).toBe('2026-01-05T17:00');
    expect(show(wt.startOf(w))).toBe('2026-01-06T08:00');
  });

  it('reaches years away and back, growing its index', () => {
    const from = at('2026-01-05T08:00');
    const later = wt.addWork(from, 480 * 261 * 10);
    expect(wt.between(from, later)).toBe(480 * 261 * 10);
    expect(show(wt.addWork(at('1999-12-31T17:00'), 1))).toBe('2000-01-03T08:01');
    expect(wt.between(at('1999-12-31T08:00'), at('2026-01-05T08:00'))).toBeGreaterThan(0);
  });
});

describe('exceptions', () => {
  const calendar: Calendar = {
    ...standardCalendar(),
    exceptions: [
      { name: 'Holiday', from: '2026-01-06', to: '2026-01-06', periods: [] },
      { name: 'Saturday shift', from: '2026-01-10', to: '2026-01-10', periods: [{ from: 480, to: 720 }] },
    ],
  };
  const wt = new WorkingTime(calendar);

  it('a holiday is not worked', () => {
    expect(show(wt.addWork(at('2026-01-05T08:00'), 960))).toBe('2026-01-07T17:00');
    expect(show(wt.nextWorking(at('2026-01-06T09:00')))).toBe('2026-01-07T08:00');
  });

  it('an extra working day is worked in its own hours', () => {
    expect(show(wt.addWork(at('2026-01-09T08:00'), 720))).toBe('2026-01-10T12:00');
    expect(show(wt.addWork(at('2026-01-09T08:00'), 721))).toBe('2026-01-12T08:01');
    expect(wt.between(at('2026-01-10T00:00'), at('2026-01-11T00:00'))).toBe(240);
  });

  it('a calendar without any working time is refused rather than searched for ever', () => {
    const none = new WorkingTime({ id: 9, name: 'Never', week: [[], [], [], [], [], [], []], exceptions: [] });
    expect(() => none.addWork(at('2026-01-05T08:00'), 60)).toThrow(CalendarHasNoWorkError);
  });
});

describe('a night-shift calendar', () => {
  it('works periods in any order and merges overlaps', () => {
    const night: Calendar = { id: 2, name: 'Nights', week: Array.from({ length: 7 }, () => [{ from: 1320, to: 1440 }, { from: 0, to: 360 }, { from: 300, to: 330 }]), exceptions: [] };
    const wt = new WorkingTime(night);
    expect(show(wt.addWork(at('2026-01-05T22:00'), 240))).toBe('2026-01-06T02:00');
    expect(wt.between(at('2026-01-05T00:00'), at('2026-01-06T00:00'))).toBe(480);
  });
});

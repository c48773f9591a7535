import { describe, expect, it } from 'vitest';
import { addDays, ageBucket, ageBucketDays, calendarDay, dayStart, daysBetween, dueState, instantsOfDays, weekOf } from '../../../../src/core/follows/due.ts';
import { pinOnSheet, pinShowsOn } from '../../../../src/core/follows/pin.ts';

describe('due dates of follow-ups', () => {
  it('counts calendar days across months and years', () => {
    expect(daysBetween('2026-11-27', '2026-11-28')).toBe(1);
    expect(daysBetween('2026-12-31', '2027-01-01')).toBe(1);
    expect(daysBetween('2026-03-01', '2026-02-28')).toBe(-1);
    expect(addDays('2026-02-28', 1)).toBe('2026-03-01');
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
  });

  it('takes the day where the platform keeps its dates (UTC+8 by default)', () => {
    expect(calendarDay(new Date('2026-11-27T15:59:00Z'))).toBe('2026-11-27');
    expect(calendarDay(new Date('2026-11-27T16:00:00Z'))).toBe('2026-11-28');
    expect(calendarDay(new Date('2026-11-27T16:00:00Z'), 0)).toBe('2026-11-27');
  });

  it('begins a day at the workspace\'s midnight, so an instant and its day agree at the edge', () => {
    expect(dayStart('2026-11-28')).toBe('2026-11-27T16:00:00.000Z');
    expect(dayStart('2026-11-28', 0)).toBe('2026-11-28T00:00:00.000Z');
    const { atOrAfter, before } = instantsOfDays('2026-11-28', '2026-11-28');
    expect([atOrAfter, before]).toEqual(['2026-11-27T16:00:00.000Z', '2026-11-28T16:00:00.000Z']);
    // The last instant before the boundary belongs to the day before, by calendarDay too.
    const lastOfDay = '2026-11-27T15:59:59.999Z';
    expect(lastOfDay < atOrAfter!).toBe(true);
    expect(calendarDay(new Date(lastOfDay))).toBe('2026-11-27');
    expect(calendarDay(new Date(atOrAfter!))).toBe('2026-11-28');
    expect(instantsOfDays(undefined, '2026-11-30')).toEqual({ before: '2026-11-30T16:00:00.000Z' });
  });

  it('says how a due date stands today; a closed one or one without a date has none', () => {
    const today = '2026-11-27';
    expect(dueState(null, 'open', today)).toBe('none');
    expect(dueState('2026-11-20', 'closed', today)).toBe('none');
    expect(dueState('2026-11-26', 'inProgress', today)).toBe('overdue');
    expect(dueState('2026-11-27', 'open', today)).toBe('today');
    expect(dueState('2026-11-28', 'readyForReview', today)).toBe('tomorrow');
    expect(dueState('2026-12-01', 'open', today)).toBe('later');
  });

  it('puts open follow-ups in age buckets by the day they were made', () => {
    const today = '2026-11-27';
    expect(ageBucket('2026-11-27T08:00:00Z', today)).toBe('0-7');
    expect(ageBucket('2026-11-20', today)).toBe('0-7');
    expect(ageBucket('2026-11-19', today)).toBe('8-30');
    expect(ageBucket('2026-10-28', today)).toBe('8-30');
    expect(ageBucket('2026-10-27', today)).toBe('31-90');
    expect(ageBucket('2026-08-29', today)).toBe('31-90');
    expect(ageBucket('2026-08-28', today)).toBe('90+');
    // Made at 23:30 on the 19th in the workspace (15:30 UTC): 8 days old, whatever UTC says.
    expect(ageBucket('2026-11-19T15:30:00.000Z', today)).toBe('8-30');
    expect(ageBucket('2026-11-19T16:30:00.000Z', today)).toBe('0-7');
  });

  it('gives each age bucket the creation days the list filters by', () => {
    const today = '2026-11-27';
    expect(ageBucketDays('0-7', today)).toEqual({ createdFrom: '2026-11-20' });
    expect(ageBucketDays('8-30', today)).toEqual({ createdFrom: '2026-10-28', createdTo: '2026-11-19' });
    expect(ageBucketDays('31-90', today)).toEqual({ createdFrom: '2026-08-29', createdTo: '2026-10-27' });
    expect(ageBucketDays('90+', today)).toEqual({ createdTo: '2026-08-28' });
  });

  it('names a week by its Monday', () => {
    expect(weekOf('2026-11-27')).toBe('2026-11-23'); // a Friday
    expect(weekOf('2026-11-23')).toBe('2026-11-23');
    expect(weekOf('2026-11-29')).toBe('2026-11-23'); // a Sunday
    expect(weekOf('2027-01-01')).toBe('2026-12-28');
  });
});

describe('pins on sheets', () => {
  it('lies on the sheet, its edges included', () => {
    const sheet = { width: 1190.6, height: 841.9 };
    expect(pinOnSheet({ x: 0, y: 0 }, sheet)).toBe(true);
    expect(pinOnSheet({ x: 1190.6, y: 841.9 }, sheet)).toBe(true);
    expect(pinOnSheet({ x: 1190.7, y: 10 }, sheet)).toBe(false);
    expect(pinOnSheet({ x: 10, y: -0.1 }, sheet)).toBe(false);
  });

  it('shows on the revision it was dropped on and every later one, never an earlier one', () => {
    expect(pinShowsOn(5, 5)).toBe(true);
    expect(pinShowsOn(5, 9)).toBe(true);
    expect(pinShowsOn(5, 4)).toBe(false);
  });
});

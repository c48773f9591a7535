import { describe, expect, it } from 'vitest';
import type { TFunction } from 'i18next';
import { standardCalendar, type Task } from '../../../../src/core/schedule/model.ts';
import { cellText, chosenColumns, clockOf, DEFAULT_COLUMNS, type CellContext } from '../../../../src/web/gantt/gantt-columns.ts';
import { outlineOf } from '../../../../src/web/gantt/gantt-rows.ts';

// Keys and values, so the test reads what would be worded.
const t = ((key: string, values?: Record<string, unknown>) => (values ? `${key}(${Object.values(values).join(',')})` : key)) as unknown as TFunction;
const DAY = 1440;
const monday = Date.UTC(2027, 2, 1) / 60000; // Mon 1 Mar 2027, wall minutes
const task: Task = { id: 4, name: 'Pour', level: 1, duration: 960, unit: 'd', milestone: false, constraint: { type: 'SNET', date: monday + 8 * 60 }, percentComplete: 40, assignees: ['Ana', 'Li'], notes: 'Pump booked' };
const settings = { start: monday, calendarId: 1, minutesPerDay: 480, minutesPerWeek: 2400, daysPerMonth: 20, nearCriticalMinutes: 0 };
const context = (baseline?: CellContext['baseline']): CellContext => ({
  t,
  language: 'en',
  settings,
  outline: outlineOf([task]),
  predecessorsOf: () => '2FS+1d',
  baseline,
  clock: clockOf(standardCalendar()),
});
// Scheduled Wednesday 08:00 to Thursday 17:00.
const drawn = { task, start: monday + 2 * DAY + 8 * 60, finish: monday + 3 * DAY + 17 * 60, duration: 960, totalFloat: 480, freeFloat: 0, critical: false };

describe('grid columns', () => {
  it('words dates, floats, the constraint and progress in the reader\'s terms', () => {
    const c = context();
    expect(cellText('start', 0, drawn, c)).toBe('Mar 3, 2027');
    expect(cellText('freeFloat', 0, drawn, c)).toBe('schedules:duration.d(0)');
    expect(cellText('totalFloat', 0, drawn, c)).toBe('schedules:duration.d(1)');
    expect(cellText('constraint', 0, drawn, c)).toBe('schedules:constraintOn(schedules:constraint.SNET,Mar 1, 2027)');
    expect(cellText('percentComplete', 0, drawn, c)).toBe('schedules:percent(40)');
    expect(cellText('assignees', 0, drawn, c)).toBe('Ana, Li');
    expect(cellText('notes', 0, drawn, c)).toBe('Pump booked');
    expect(cellText('predecessors', 0, drawn, c)).toBe('2FS+1d');
    // No baseline: its columns are blank.
    expect(cellText('startVariance', 0, drawn, c)).toBe('');
  });

  it('measures variances from the baseline in working days of the project calendar', () => {
    // Kept: Friday 26 Feb 08:00 to Monday 1 Mar 17:00 (a weekend between), one day shorter.
    const kept = { index: 0, savedAt: '2027-02-20T08:00:00.000Z', tasks: { 4: { start: monday - 3 * DAY + 8 * 60, finish: monday + 17 * 60, duration: 480 } } };
    const c = context(kept);
    expect(cellText('baselineStart', 0, drawn, c)).toBe('Feb 26, 2027');
    expect(cellText('startVariance', 0, drawn, c)).toBe('schedules:duration.d(3)'); // Fri → Wed: three working days, not five
    expect(cellText('finishVariance', 0, drawn, c)).toBe('schedules:duration.d(3)');
    expect(cellText('durationVariance', 0, drawn, c)).toBe('schedules:duration.d(1)');
  });

  it('reads a kept choice back: unknown keys dropped, the name always there, in catalogue order', () => {
    expect(chosenColumns(['finish', 'gone', 'wbs', 'startVariance'])).toEqual(['wbs', 'name', 'finish', 'startVariance']);
    expect(chosenColumns('nonsense')).toBeNull();
    expect(DEFAULT_COLUMNS).toContain('name');
  });
});

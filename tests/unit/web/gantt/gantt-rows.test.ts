import { describe, expect, it } from 'vitest';
import { standardCalendar, type Link, type ScheduleModel, type Task } from '../../../../src/core/schedule/model.ts';
import { outlineOf, predecessorsOf, predecessorsText, visibleRows } from '../../../../src/web/gantt/gantt-rows.ts';

const task = (id: number, level: number): Task => ({ id, name: `T${id}`, level, duration: 480, unit: 'd', milestone: false, constraint: { type: 'ASAP' }, percentComplete: 0, assignees: [] });
const tasks = [task(10, 1), task(11, 2), task(12, 3), task(13, 2), task(14, 1), task(15, 1)];
const link = (from: number, to: number, type: Link['type'], lag = 0, lagFormat: Link['lagFormat'] = 'work'): Link => ({ from, to, type, lag, lagFormat });
const model = (links: Link[]): ScheduleModel => ({
  settings: { start: 0, calendarId: 1, minutesPerDay: 480, minutesPerWeek: 2400, daysPerMonth: 20, nearCriticalMinutes: 0 },
  calendars: [standardCalendar()],
  tasks,
  links,
  baselines: [],
});

describe('the outline', () => {
  it('numbers rows by level and finds summaries and parents', () => {
    const outline = outlineOf(tasks);
    expect(outline.wbs).toEqual(['1', '1.1', '1.1.1', '1.2', '2', '3']);
    expect(outline.summary).toEqual([true, true, false, false, false, false]);
    expect(outline.parent).toEqual([-1, 0, 1, 0, -1, -1]);
    expect(outline.rowOf.get(13)).toBe(3);
  });

  it('hides the rows under a collapsed summary', () => {
    const outline = outlineOf(tasks);
    expect(visibleRows(tasks, outline, new Set())).toEqual([0, 1, 2, 3, 4, 5]);
    expect(visibleRows(tasks, outline, new Set([11]))).toEqual([0, 1, 3, 4, 5]);
    expect(visibleRows(tasks, outline, new Set([10, 11]))).toEqual([0, 4, 5]);
    // A leaf cannot be collapsed.
    expect(visibleRows(tasks, outline, new Set([14]))).toEqual([0, 1, 2, 3, 4, 5]);
  });
});

describe('predecessors text', () => {
  it('names predecessors by row number as MS Project does', () => {
    const links = [link(12, 15, 'FS'), link(13, 15, 'FS', 960), link(10, 15, 'SS', -480), link(14, 15, 'FF', 2880, 'elapsed'), link(11, 15, 'SF', 50, 'percent'), link(13, 14, 'FS', 120)];
    const byTask = predecessorsOf(links);
    const outline = outlineOf(tasks);
    expect(predecessorsText(byTask.get(15), outline, model(links))).toBe('3, 4FS+2d, 1SS-1d, 5FF+2ed, 2SF+50%');
    expect(predecessorsText(byTask.get(14), outline, model(links))).toBe('4FS+2h');
    expect(predecessorsText(byTask.get(10), outline, model(links))).toBe('');
  });
});

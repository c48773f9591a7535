/** Small schedules for the engine's tests: tasks by name, dates as text, Monday 2026-01-05 08:00 the start. */
import { formatWallTime, parseWallTime, standardCalendar, type Calendar, type Link, type ScheduleModel, type Task } from '../../../../src/core/schedule/model.ts';

export const at = (text: string): number => parseWallTime(text);
export const show = (time: number): string => formatWallTime(time).slice(0, 16);
export const DAY = 480;

let nextId = 1;

export function task(name: string, duration: number, extra: Partial<Task> = {}): Task {
  return { id: nextId++, name, level: 1, duration, unit: 'd', milestone: false, constraint: { type: 'ASAP' }, percentComplete: 0, assignees: [], ...extra };
}

export function link(from: Task, to: Task, type: Link['type'] = 'FS', lag = 0, lagFormat: Link['lagFormat'] = 'work'): Link {
  return { from: from.id, to: to.id, type, lag, lagFormat };
}

export function schedule(tasks: Task[], links: Link[] = [], calendars: Calendar[] = [standardCalendar()]): ScheduleModel {
  return {
    settings: { start: at('2026-01-05T08:00'), calendarId: 1, minutesPerDay: 480, minutesPerWeek: 2400, daysPerMonth: 20, nearCriticalMinutes: 480 },
    calendars,
    tasks,
    links,
    baselines: [],
  };
}

import type { TFunction } from 'i18next';
import { parseDuration } from '../../../../core/schedule/durations.ts';
import { formatWallTime, parseWallTime, type Calendar, type ScheduleModel, type WallTime } from '../../../../core/schedule/model.ts';
import { parsePredecessors } from '../../../../core/schedule/outline.ts';
import type { GanttColumn } from '../../../gantt/gantt-columns.ts';
import { setPredecessors, updateTask } from './edits.ts';
import type { UndoEntry } from './undo-stack.ts';

/** A typed cell read into an edit, or why it is refused, in the reader's words. */
export type CellReading = { ok: true; entry: UndoEntry | null } | { ok: false; reason: string };

const DAY = 1440;

/** The first and last working minute of a day in the calendar; 08:00 and 17:00 on a day off. */
function workingDay(calendar: Calendar | undefined, day: number): { from: number; to: number } {
  const periods = calendar?.week[new Date(day * DAY * 60000).getUTCDay()] ?? [];
  return periods.length > 0 ? { from: periods[0]!.from, to: periods[periods.length - 1]!.to } : { from: 480, to: 1020 };
}

/** A typed date, "2027-03-15" or with a time "2027-03-15T10:00"; the day's start or end of work without a time. */
export function readDate(text: string, calendar: Calendar | undefined, end: boolean): WallTime | null {
  const trimmed = text.trim();
  const time = parseWallTime(trimmed);
  if (Number.isNaN(time)) return null;
  if (trimmed.includes('T')) return time;
  const day = Math.floor(time / DAY);
  const hours = workingDay(calendar, day);
  return day * DAY + (end ? hours.to : hours.from);
}

/** A date as the cell's editor opens with it. */
export const dateInput = (time: WallTime | undefined): string => (time === undefined ? '' : formatWallTime(time).slice(0, 10));

/**
 * Reads what was typed in a cell into the edit it makes: a name, a duration ("3d", "2w",
 * "4h", "5ed"), a start (a "start no earlier than" constraint, as MS Project sets), a finish
 * ("finish no earlier than"), predecessors ("3FS+2d, 5SS") or a percent complete. An unchanged
 * cell makes no edit.
 */
export function readCell(t: TFunction, model: ScheduleModel, taskId: number, column: GanttColumn, text: string, shown: string): CellReading {
  const task = model.tasks.find((candidate) => candidate.id === taskId);
  if (!task) return { ok: true, entry: null };
  if (text.trim() === shown.trim()) return { ok: true, entry: null };
  const calendar = model.calendars.find((c) => c.id === (task.calendarId ?? model.settings.calendarId)) ?? model.calendars[0];
  switch (column) {
    case 'name': {
      const name = text.trim();
      if (name === '') return { ok: false, reason: t('schedules:editor.refused.nameEmpty') };
      if (name.length > 255) return { ok: false, reason: t('schedules:editor.refused.nameLong') };
      return { ok: true, entry: updateTask(model, taskId, { name }) };
    }
    case 'duration': {
      const parsed = parseDuration(text, model.settings, task.unit);
      if (!parsed.ok) return { ok: false, reason: t(`schedules:editor.refused.duration.${parsed.problem}`, { text: text.trim() }) };
      return { ok: true, entry: updateTask(model, taskId, { duration: parsed.minutes, unit: parsed.unit, milestone: parsed.minutes === 0 ? task.milestone : false }) };
    }
    case 'start':
    case 'finish': {
      const date = readDate(text, calendar, column === 'finish');
      if (date === null) return { ok: false, reason: t('schedules:editor.refused.date', { text: text.trim() }) };
      return { ok: true, entry: updateTask(model, taskId, { constraint: { type: column === 'start' ? 'SNET' : 'FNET', date } }) };
    }
    case 'predecessors': {
      const parsed = parsePredecessors(text, taskId, (row) => model.tasks[row - 1]?.id, model.settings);
      if (!parsed.ok) return { ok: false, reason: t(`schedules:editor.refused.predecessors.${parsed.problem}`, { item: parsed.item }) };
      const entry = setPredecessors(model, taskId, parsed.links);
      return { ok: true, entry: entry.changes.length > 0 ? entry : null };
    }
    case 'percentComplete': {
      const value = Number(text.trim().replace(/%$/, '').replace(',', '.').trim());
      if (text.trim() === '' || !Number.isFinite(value) || value < 0 || value > 100) return { ok: false, reason: t('schedules:editor.refused.percent') };
      return { ok: true, entry: updateTask(model, taskId, { percentComplete: Math.round(value) }) };
    }
    default:
      return { ok: true, entry: null };
  }
}

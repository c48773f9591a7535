import type { TFunction } from 'i18next';
import { workingTimeOf, type WorkingTime } from '../../core/schedule/calendar.ts';
import type { Baseline, Calendar, ScheduleSettings, WallTime } from '../../core/schedule/model.ts';
import type { Outline } from './gantt-rows.ts';
import type { DrawnTask } from './gantt-store.ts';
import { dateText, durationText } from './gantt-texts.ts';

/** Every column the grid can show, in reading order: those MS Project users reach for most. */
export const GANTT_COLUMNS = [
  'wbs',
  'name',
  'duration',
  'start',
  'finish',
  'predecessors',
  'totalFloat',
  'freeFloat',
  'percentComplete',
  'actualStart',
  'actualFinish',
  'constraint',
  'deadline',
  'baselineStart',
  'baselineFinish',
  'baselineDuration',
  'startVariance',
  'finishVariance',
  'durationVariance',
  'assignees',
  'notes',
] as const;
export type GanttColumn = (typeof GANTT_COLUMNS)[number];

/** The columns a schedule opens with, until the reader chooses others. */
export const DEFAULT_COLUMNS: readonly GanttColumn[] = ['wbs', 'name', 'duration', 'start', 'finish', 'predecessors', 'totalFloat', 'percentComplete', 'assignees'];

const WIDTHS: Record<GanttColumn, number> = {
  wbs: 68,
  name: 240,
  duration: 88,
  start: 124,
  finish: 124,
  predecessors: 104,
  totalFloat: 88,
  freeFloat: 88,
  percentComplete: 88,
  actualStart: 124,
  actualFinish: 124,
  constraint: 168,
  deadline: 124,
  baselineStart: 124,
  baselineFinish: 124,
  baselineDuration: 96,
  startVariance: 96,
  finishVariance: 96,
  durationVariance: 96,
  assignees: 160,
  notes: 220,
};

const NUMERIC = new Set<GanttColumn>(['duration', 'totalFloat', 'freeFloat', 'percentComplete', 'baselineDuration', 'startVariance', 'finishVariance', 'durationVariance']);

export type Column = { key: GanttColumn; width: number; numeric: boolean };

export function columnOf(key: GanttColumn): Column {
  return { key, width: WIDTHS[key], numeric: NUMERIC.has(key) };
}

/** A stored choice of columns, read back: unknown keys dropped, the name always kept, catalogue order. */
export function chosenColumns(stored: unknown): GanttColumn[] | null {
  if (!Array.isArray(stored)) return null;
  const keys = new Set(stored.filter((key): key is GanttColumn => (GANTT_COLUMNS as readonly string[]).includes(key as string)));
  keys.add('name');
  return GANTT_COLUMNS.filter((key) => keys.has(key));
}

/** What a cell's text is made from: the row's drawn task and the schedule around it. */
export interface CellContext {
  t: TFunction;
  language: string;
  settings: ScheduleSettings;
  outline: Outline;
  /** A task's predecessors as the grid types them ("3FS+2d"); worked out only for that column. */
  predecessorsOf: (taskId: number) => string;
  /** The baseline variances are measured against (the one shown, else "Baseline"), if saved. */
  baseline: Baseline | undefined;
  /** Working time of the project calendar, for variances in working days. */
  clock: WorkingTime | null;
}

/** The working minutes from `from` to `to` on the project calendar (negative when earlier). */
function workBetween(clock: WorkingTime | null, from: WallTime, to: WallTime): number {
  return clock ? clock.work(to) - clock.work(from) : to - from;
}

/** The text of one cell of the grid, in the reader's language and terms. */
export function cellText(key: GanttColumn, row: number, drawn: DrawnTask, context: CellContext): string {
  const { t, language, settings } = context;
  const task = drawn.task;
  const kept = context.baseline?.tasks[task.id];
  const days = (minutes: number) => durationText(t, language, minutes, 'd', settings);
  switch (key) {
    case 'wbs':
      return context.outline.wbs[row]!;
    case 'name':
      return task.name;
    case 'duration':
      return durationText(t, language, drawn.duration, task.unit, settings);
    case 'start':
      return dateText(language, drawn.start);
    case 'finish':
      return dateText(language, drawn.finish);
    case 'predecessors':
      return context.predecessorsOf(task.id);
    case 'totalFloat':
      return drawn.totalFloat === undefined ? '' : days(drawn.totalFloat);
    case 'freeFloat':
      return drawn.freeFloat === undefined ? '' : days(drawn.freeFloat);
    case 'percentComplete':
      return t('schedules:percent', { value: task.percentComplete.toLocaleString(language) });
    case 'actualStart':
      return dateText(language, task.actualStart);
    case 'actualFinish':
      return dateText(language, task.actualFinish);
    case 'constraint': {
      const type = task.constraint.type;
      if (type === 'ASAP' || type === 'ALAP') return t(`schedules:constraint.${type}`);
      return t('schedules:constraintOn', { type: t(`schedules:constraint.${type}`), date: dateText(language, task.constraint.date) });
    }
    case 'deadline':
      return dateText(language, task.deadline);
    case 'baselineStart':
      return dateText(language, kept?.start);
    case 'baselineFinish':
      return dateText(language, kept?.finish);
    case 'baselineDuration':
      return kept ? durationText(t, language, kept.duration, task.unit, settings) : '';
    case 'startVariance':
      return kept && drawn.start !== undefined ? days(workBetween(context.clock, kept.start, drawn.start)) : '';
    case 'finishVariance':
      return kept && drawn.finish !== undefined ? days(workBetween(context.clock, kept.finish, drawn.finish)) : '';
    case 'durationVariance':
      return kept ? durationText(t, language, drawn.duration - kept.duration, task.unit, settings) : '';
    case 'assignees':
      return task.assignees.join(', ');
    case 'notes':
      return task.notes ?? '';
  }
}

const clocks = new WeakMap<Calendar, WorkingTime>();

/** The project calendar's working time, made once per calendar. */
export function clockOf(calendar: Calendar | undefined): WorkingTime | null {
  if (!calendar) return null;
  let clock = clocks.get(calendar);
  if (!clock) {
    clock = workingTimeOf(calendar);
    clocks.set(calendar, clock);
  }
  return clock;
}

import type { PublicScheduledDates, ScheduleShareColumn } from '../../../core/contracts/schedules.ts';
import type { ScheduleModel } from '../../../core/schedule/model.ts';
import type { GanttColumn } from '../../gantt/gantt-columns.ts';
import type { ScheduledDates } from '../../gantt/gantt-store.ts';

/** The server's scheduled dates as the chart reads them; what a public link hid reads as zero, in a column it also hides. */
export function resultOf(scheduled: readonly PublicScheduledDates[]): ScheduledDates {
  return {
    tasks: new Map(
      scheduled.map((dates) => [
        dates.id,
        { start: dates.start, finish: dates.finish, duration: dates.duration ?? 0, totalFloat: dates.totalFloat ?? 0, freeFloat: dates.freeFloat ?? 0, critical: dates.critical },
      ]),
    ),
  };
}

/** The grid columns a public link's hidden columns stand for (the rest have no column in the chart). */
const CHART_COLUMNS: Record<ScheduleShareColumn, GanttColumn[]> = {
  duration: ['duration', 'baselineDuration', 'durationVariance'],
  percentComplete: ['percentComplete', 'actualStart', 'actualFinish'],
  assignees: ['assignees'],
  notes: ['notes'],
  float: ['totalFloat', 'freeFloat'],
  baselines: ['baselineStart', 'baselineFinish', 'baselineDuration', 'startVariance', 'finishVariance', 'durationVariance'],
  fields: [],
};

export function chartColumnsHidden(hidden: readonly ScheduleShareColumn[]): GanttColumn[] {
  return [...new Set(hidden.flatMap((column) => CHART_COLUMNS[column]))];
}

/** A model and its dates cut to one WBS branch. */
export interface Branch {
  model: ScheduleModel;
  scheduled: PublicScheduledDates[];
}

/**
 * One WBS branch of a schedule: the task and the rows under it (the rows after it deeper than
 * it), levels moved up so it is the top row, and the links and dates among them only. A task
 * that is no summary is a branch of one row; an id not in the schedule is none (null).
 */
export function branchOf(model: ScheduleModel, scheduled: readonly PublicScheduledDates[], taskId: number): Branch | null {
  const first = model.tasks.findIndex((task) => task.id === taskId);
  if (first < 0) return null;
  const level = model.tasks[first]!.level;
  let end = first + 1;
  while (end < model.tasks.length && model.tasks[end]!.level > level) end++;
  const tasks = model.tasks.slice(first, end).map((task) => ({ ...task, level: task.level - level + 1 }));
  const ids = new Set(tasks.map((task) => task.id));
  return {
    model: { ...model, tasks, links: model.links.filter((link) => ids.has(link.from) && ids.has(link.to)) },
    scheduled: scheduled.filter((dates) => ids.has(dates.id)),
  };
}

import { storedDates, type TaskDates } from '../../../core/schedule/changes.ts';
import type { ScheduleModel } from '../../../core/schedule/model.ts';

/** What the list shows of a schedule: its span, its size and how far it has come. */
export interface ScheduleFigures {
  taskCount: number;
  start: number | null;
  finish: number | null;
  progress: number;
}

/** The dates each task has now: what a baseline keeps and the list's span is read from. */
export function datesOf(model: ScheduleModel): Map<number, TaskDates> {
  return storedDates(model);
}

/** The list's columns of a model: span of its tasks' dates, progress weighted by the work rows' durations. */
export function figuresOf(model: ScheduleModel): ScheduleFigures {
  const dates = datesOf(model);
  let start: number | null = null;
  let finish: number | null = null;
  for (const d of dates.values()) {
    if (start === null || d.start < start) start = d.start;
    if (finish === null || d.finish > finish) finish = d.finish;
  }
  let work = 0;
  let done = 0;
  for (const [row, task] of model.tasks.entries()) {
    // A summary's progress is its rows'.
    if ((model.tasks[row + 1]?.level ?? 0) > task.level) continue;
    const weight = Math.max(task.duration, 1);
    work += weight;
    done += (weight * task.percentComplete) / 100;
  }
  return { taskCount: model.tasks.length, start, finish, progress: work === 0 ? 0 : Math.round((done / work) * 1000) / 10 };
}

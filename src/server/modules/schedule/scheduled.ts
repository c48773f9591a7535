import type { ScheduledTaskDates } from '../../../core/contracts/schedules.ts';
import type { TaskDates } from '../../../core/schedule/changes.ts';
import { baselineDates } from '../../../core/schedule/baseline-dates.ts';
import { scheduleAll, ScheduleLoopError, type ScheduleResult } from '../../../core/schedule/engine.ts';
import type { ScheduleModel } from '../../../core/schedule/model.ts';
import { scheduleProblem } from './context.ts';

/** What the list shows of a schedule: its span, its size and how far it has come. */
export interface ScheduleFigures {
  taskCount: number;
  start: number | null;
  finish: number | null;
  progress: number;
}

/**
 * The engine's run over a model, the same the editor makes; a loop in the links is refused
 * (400) with the tasks in it named.
 */
export function scheduleOrRefuse(model: ScheduleModel): ScheduleResult {
  try {
    return scheduleAll(model);
  } catch (error) {
    if (!(error instanceof ScheduleLoopError)) throw error;
    throw scheduleProblem(400, 'loop', error.message, { taskIds: error.taskIds });
  }
}

/** The dates each task is scheduled at: what a baseline keeps. */
export function datesOf(model: ScheduleModel): Map<number, TaskDates> {
  return baselineDates(scheduleOrRefuse(model));
}

/** The list's columns: the scheduled span, and progress weighted by the work rows' durations. */
export function figuresOf(model: ScheduleModel, result: ScheduleResult = scheduleOrRefuse(model)): ScheduleFigures {
  let work = 0;
  let done = 0;
  for (const [row, task] of model.tasks.entries()) {
    // A summary's progress is its rows'.
    if ((model.tasks[row + 1]?.level ?? 0) > task.level) continue;
    const weight = Math.max(task.duration, 1);
    work += weight;
    done += (weight * task.percentComplete) / 100;
  }
  const empty = model.tasks.length === 0;
  return {
    taskCount: model.tasks.length,
    start: empty ? null : result.start,
    finish: empty ? null : result.finish,
    progress: work === 0 ? 0 : Math.round((done / work) * 1000) / 10,
  };
}

/** The engine's dates in the answer's terms, in outline order. */
export function scheduledDates(model: ScheduleModel, result: ScheduleResult): ScheduledTaskDates[] {
  return model.tasks.flatMap((task) => {
    const s = result.tasks.get(task.id);
    return s
      ? [
          {
            id: s.id,
            wbs: s.wbs,
            summary: s.summary,
            milestone: s.milestone,
            start: s.start,
            finish: s.finish,
            duration: s.duration,
            totalFloat: s.totalFloat,
            freeFloat: s.freeFloat,
            critical: s.critical,
            nearCritical: s.nearCritical,
          },
        ]
      : [];
  });
}

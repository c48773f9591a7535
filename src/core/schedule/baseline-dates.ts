import type { TaskDates } from './changes.ts';
import type { ScheduleResult } from './engine.ts';

/** The dates a baseline keeps of a scheduled run: each task's scheduled start, finish and duration. */
export function baselineDates(result: ScheduleResult): Map<number, TaskDates> {
  return new Map([...result.tasks].map(([id, task]) => [id, { start: task.start, finish: task.finish, duration: task.duration }]));
}

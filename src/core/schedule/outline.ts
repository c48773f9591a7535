import type { DurationSettings } from './durations.ts';
import type { Link, Task } from './model.ts';

/**
 * How a schedule's outline is written for people and other tools: outline numbers from the
 * rows' levels and predecessors by row number, as MS Project's grid shows them. The grid,
 * the task sheet and Project XML all write them here.
 */

/** Outline numbers (1, 1.1, 1.2, 2 …) from the rows' levels, as MS Project's OutlineNumber and WBS. */
export function outlineNumbers(tasks: readonly Task[]): string[] {
  const counters: number[] = [];
  return tasks.map((task) => {
    counters.length = task.level;
    counters[task.level - 1] = (counters[task.level - 1] ?? 0) + 1;
    for (let i = 0; i < task.level; i++) counters[i] ??= 1;
    return counters.join('.');
  });
}

/** A lag in the largest unit that says it exactly: "+2d", "-4h", "+30m", "+3ed", "+50%". */
function lagText(link: Link, settings: DurationSettings): string {
  if (link.lag === 0) return '';
  const sign = link.lag > 0 ? '+' : '-';
  const size = Math.abs(link.lag);
  if (link.lagFormat === 'percent') return `${sign}${size}%`;
  const [day, e] = link.lagFormat === 'elapsed' ? [1440, 'e'] : [settings.minutesPerDay, ''];
  if (size % day === 0) return `${sign}${size / day}${e}d`;
  if (size % 60 === 0) return `${sign}${size / 60}${e}h`;
  return `${sign}${size}${e}m`;
}

/**
 * A task's predecessors as MS Project writes them, by row ID (the 1-based row number): "3",
 * "3SS", "3FS+2d", "5FF-1ed", "4SF+50%". A plain FS without lag is just the number.
 */
export function predecessorsText(links: readonly Link[], rowIdOf: (taskId: number) => number | undefined, settings: DurationSettings): string {
  return links
    .flatMap((link) => {
      const row = rowIdOf(link.from);
      if (row === undefined) return [];
      const lag = lagText(link, settings);
      return [`${row}${link.type === 'FS' && !lag ? '' : link.type}${lag}`];
    })
    .join(', ');
}

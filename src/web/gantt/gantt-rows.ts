import type { Link, ScheduleModel, Task } from '../../core/schedule/model.ts';
import { outlineNumbers, predecessorsText as writePredecessors } from '../../core/schedule/outline.ts';

/**
 * The outline of a schedule as the grid shows it: each row's WBS code, whether it is a
 * summary, its parent, and which rows show when summaries are collapsed.
 */
export interface Outline {
  /** Row index (outline order) by task id. */
  rowOf: Map<number, number>;
  wbs: string[];
  summary: boolean[];
  /** The row of each row's summary, -1 at the top level. */
  parent: number[];
}

export function outlineOf(tasks: readonly Task[]): Outline {
  const rowOf = new Map<number, number>();
  const wbs = outlineNumbers(tasks);
  const summary: boolean[] = [];
  const parent: number[] = [];
  const stack: number[] = [];
  tasks.forEach((task, row) => {
    rowOf.set(task.id, row);
    const level = Math.max(1, task.level);
    while (stack.length && tasks[stack[stack.length - 1]!]!.level >= level) stack.pop();
    parent.push(stack.length ? stack[stack.length - 1]! : -1);
    stack.push(row);
    const next = tasks[row + 1];
    summary.push(next !== undefined && next.level > task.level);
  });
  return { rowOf, wbs, summary, parent };
}

/** The rows that show, in order: every row not inside a collapsed summary. */
export function visibleRows(tasks: readonly Task[], outline: Outline, collapsed: ReadonlySet<number>): number[] {
  const rows: number[] = [];
  for (let row = 0; row < tasks.length; row++) {
    rows.push(row);
    const task = tasks[row]!;
    if (outline.summary[row] && collapsed.has(task.id)) {
      while (row + 1 < tasks.length && tasks[row + 1]!.level > task.level) row++;
    }
  }
  return rows;
}

/** Each task's incoming links, by task id. */
export function predecessorsOf(links: readonly Link[]): Map<number, Link[]> {
  const byTask = new Map<number, Link[]>();
  for (const link of links) {
    const list = byTask.get(link.to);
    if (list) list.push(link);
    else byTask.set(link.to, [link]);
  }
  return byTask;
}

/** A task's predecessors as MS Project writes them, by row number ("3", "4FS+2d", "2SF+50%"). */
export function predecessorsText(links: readonly Link[] | undefined, outline: Outline, model: ScheduleModel): string {
  if (!links) return '';
  return writePredecessors(
    links,
    (taskId) => {
      const row = outline.rowOf.get(taskId);
      return row === undefined ? undefined : row + 1;
    },
    model.settings,
  );
}

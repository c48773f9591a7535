import { blockOf, type ScheduleChange, type TaskChanges } from '../../../../core/schedule/changes.ts';
import { isElapsedUnit } from '../../../../core/schedule/durations.ts';
import type { Link, LinkType, ScheduleModel, Task, WallTime } from '../../../../core/schedule/model.ts';
import { clockOf } from '../../../gantt/gantt-columns.ts';
import type { UndoEntry } from './undo-stack.ts';

/**
 * The editor's edits as change lists (src/core/schedule/changes.ts), each with the changes
 * that take it back: what the grid, the toolbar and the keys do, kept apart from the screen
 * so each rule is tested alone.
 */

const taskOf = (model: ScheduleModel, id: number): Task => {
  const task = model.tasks.find((t) => t.id === id);
  if (!task) throw new Error(`No task ${id}`);
  return task;
};

/** Sets some of a task's fields; the inverse sets them back (clearing those it had not). */
export function updateTask(model: ScheduleModel, id: number, set: TaskChanges): UndoEntry {
  const task = taskOf(model, id) as unknown as Record<string, unknown>;
  const back: Record<string, unknown> = {};
  for (const key of Object.keys(set)) back[key] = task[key] === undefined ? null : structuredClone(task[key]);
  return { changes: [{ op: 'taskUpdate', id, set }], inverse: [{ op: 'taskUpdate', id, set: back }] };
}

/** A task's incoming links made the given ones: links removed, added or changed, one change each. */
export function setPredecessors(model: ScheduleModel, to: number, links: readonly Link[]): UndoEntry {
  const before = model.links.filter((link) => link.to === to);
  const changes: ScheduleChange[] = [];
  const inverse: ScheduleChange[] = [];
  for (const old of before) {
    if (links.some((link) => link.from === old.from)) continue;
    changes.push({ op: 'linkRemove', from: old.from, to });
    inverse.push({ op: 'linkAdd', link: { ...old } });
  }
  for (const link of links) {
    const old = before.find((l) => l.from === link.from);
    if (!old) {
      changes.push({ op: 'linkAdd', link: { ...link } });
      inverse.push({ op: 'linkRemove', from: link.from, to });
    } else if (old.type !== link.type || old.lag !== link.lag || old.lagFormat !== link.lagFormat) {
      changes.push({ op: 'linkUpdate', from: link.from, to, set: { type: link.type, lag: link.lag, lagFormat: link.lagFormat } });
      inverse.push({ op: 'linkUpdate', from: link.from, to, set: { type: old.type, lag: old.lag, lagFormat: old.lagFormat } });
    }
  }
  return { changes, inverse: inverse.reverse() };
}

/** A new task's id: one past the largest. */
export const nextTaskId = (model: ScheduleModel): number => model.tasks.reduce((max, task) => Math.max(max, task.id), 0) + 1;

/**
 * A new one-day task below the selected one: its first sub-task when it is a summary, else its
 * next sibling (after it and its sub-rows). At the end when nothing is selected.
 */
export function insertTaskBelow(model: ScheduleModel, selectedId: number | null, name: string): UndoEntry & { id: number } {
  const id = nextTaskId(model);
  let index = model.tasks.length;
  let level = 1;
  const row = selectedId === null ? -1 : model.tasks.findIndex((t) => t.id === selectedId);
  if (row >= 0) {
    const selected = model.tasks[row]!;
    const summary = (model.tasks[row + 1]?.level ?? 0) > selected.level;
    index = summary ? row + 1 : blockOf(model.tasks, row)[1];
    level = summary ? selected.level + 1 : selected.level;
  }
  const task: Task = {
    id,
    name,
    level,
    duration: model.settings.minutesPerDay,
    unit: 'd',
    milestone: false,
    constraint: { type: 'ASAP' },
    percentComplete: 0,
    assignees: [],
  };
  return { id, changes: [{ op: 'taskInsert', index, task }], inverse: [{ op: 'taskDelete', ids: [id] }] };
}

/** Deletes a task with its sub-tasks; the inverse puts back every row and every link it took. */
export function deleteTask(model: ScheduleModel, id: number): UndoEntry {
  const row = model.tasks.findIndex((t) => t.id === id);
  const [from, to] = blockOf(model.tasks, row);
  const gone = new Set(model.tasks.slice(from, to).map((t) => t.id));
  const inverse: ScheduleChange[] = model.tasks.slice(from, to).map((task, at) => ({ op: 'taskInsert', index: from + at, task: structuredClone(task) }));
  for (const link of model.links) if (gone.has(link.from) || gone.has(link.to)) inverse.push({ op: 'linkAdd', link: { ...link } });
  return { changes: [{ op: 'taskDelete', ids: [id] }], inverse };
}

/** Whether a task has sub-tasks (deleting it deletes them: the screen asks first). */
export function isSummary(model: ScheduleModel, id: number): boolean {
  const row = model.tasks.findIndex((t) => t.id === id);
  return row >= 0 && (model.tasks[row + 1]?.level ?? 0) > model.tasks[row]!.level;
}

/** Whether a task can go one level deeper: a row above it at its level or deeper. */
export function canIndent(model: ScheduleModel, id: number): boolean {
  const row = model.tasks.findIndex((t) => t.id === id);
  return row > 0 && model.tasks[row - 1]!.level >= model.tasks[row]!.level;
}

export const canOutdent = (model: ScheduleModel, id: number): boolean => (model.tasks.find((t) => t.id === id)?.level ?? 1) > 1;

/** One level deeper, under the row above; outdenting takes it back. */
export function indentTask(_model: ScheduleModel, id: number): UndoEntry {
  return { changes: [{ op: 'taskIndent', ids: [id] }], inverse: [{ op: 'taskOutdent', ids: [id] }] };
}

/**
 * One level shallower. The siblings after it become its sub-tasks (as in MS Project), so
 * taking it back indents it and outdents those siblings again.
 */
export function outdentTask(model: ScheduleModel, id: number): UndoEntry {
  const row = model.tasks.findIndex((t) => t.id === id);
  const level = model.tasks[row]!.level;
  const captured: number[] = [];
  for (let at = blockOf(model.tasks, row)[1]; at < model.tasks.length && model.tasks[at]!.level >= level; at++) {
    if (model.tasks[at]!.level === level) captured.push(model.tasks[at]!.id);
  }
  const inverse: ScheduleChange[] = [{ op: 'taskIndent', ids: [id] }];
  if (captured.length > 0) inverse.push({ op: 'taskOutdent', ids: captured });
  return { changes: [{ op: 'taskOutdent', ids: [id] }], inverse };
}

/**
 * Makes a task a milestone (no duration) or a one-day task again, as MS Project's "Mark as
 * milestone" with a zero duration.
 */
export function toggleMilestone(model: ScheduleModel, id: number): UndoEntry {
  const task = taskOf(model, id);
  const milestone = !(task.milestone || task.duration === 0);
  return updateTask(model, id, milestone ? { milestone: true, duration: 0 } : { milestone: false, duration: task.duration || model.settings.minutesPerDay });
}

/** Keeps every task's dates as baseline `index`; undone, the baseline there before comes back (or none). */
export function saveBaseline(model: ScheduleModel, index: number, savedAt: string): UndoEntry {
  const before = model.baselines.find((baseline) => baseline.index === index);
  return {
    changes: [{ op: 'baselineSave', index, savedAt }],
    inverse: [before ? { op: 'baselineRestore', baseline: structuredClone(before) } : { op: 'baselineClear', index }],
  };
}

/** Drops baseline `index`; undone, it comes back as it was. */
export function clearBaseline(model: ScheduleModel, index: number): UndoEntry {
  const before = model.baselines.find((baseline) => baseline.index === index);
  if (!before) throw new Error(`No baseline ${index}`);
  return { changes: [{ op: 'baselineClear', index }], inverse: [{ op: 'baselineRestore', baseline: structuredClone(before) }] };
}

/**
 * A bar dragged to end at `finish`: the duration becomes the task's working time from its
 * start (elapsed time for an elapsed unit), in the unit it had.
 */
export function resizeTask(model: ScheduleModel, id: number, start: WallTime, finish: WallTime): UndoEntry {
  const task = taskOf(model, id);
  const calendar = model.calendars.find((each) => each.id === (task.calendarId ?? model.settings.calendarId));
  const clock = isElapsedUnit(task.unit) ? null : clockOf(calendar);
  const duration = Math.max(0, clock ? clock.work(finish) - clock.work(start) : finish - start);
  return updateTask(model, id, { duration, milestone: false });
}

/** A link drawn from one bar to another: added, or the type changed when the two are already linked. */
export function linkTasks(model: ScheduleModel, from: number, to: number, type: LinkType): UndoEntry {
  const links = model.links.filter((link) => link.to === to);
  const old = links.find((link) => link.from === from);
  const next = old ? links.map((link) => (link === old ? { ...link, type } : link)) : [...links, { from, to, type, lag: 0, lagFormat: 'work' as const }];
  return setPredecessors(model, to, next);
}

/** The row of the task's previous and next sibling (same summary, same level), or undefined. */
function siblingRows(model: ScheduleModel, id: number): { previous?: number; next?: number } {
  const row = model.tasks.findIndex((task) => task.id === id);
  if (row < 0) return {};
  const level = model.tasks[row]!.level;
  let previous: number | undefined;
  for (let at = row - 1; at >= 0 && model.tasks[at]!.level >= level; at--) {
    if (model.tasks[at]!.level === level) {
      previous = at;
      break;
    }
  }
  const [, end] = blockOf(model.tasks, row);
  const next = model.tasks[end]?.level === level ? end : undefined;
  return { previous, next };
}

export const canMoveUp = (model: ScheduleModel, id: number): boolean => siblingRows(model, id).previous !== undefined;
export const canMoveDown = (model: ScheduleModel, id: number): boolean => siblingRows(model, id).next !== undefined;

/** The task (with its sub-rows) above its previous sibling; undone by moving that sibling back above it. */
export function moveTaskUp(model: ScheduleModel, id: number): UndoEntry {
  const previous = model.tasks[siblingRows(model, id).previous!]!.id;
  return { changes: [{ op: 'taskMove', id, before: previous }], inverse: [{ op: 'taskMove', id: previous, before: id }] };
}

/** The task (with its sub-rows) below its next sibling: that sibling moves above it. */
export function moveTaskDown(model: ScheduleModel, id: number): UndoEntry {
  const next = model.tasks[siblingRows(model, id).next!]!.id;
  return { changes: [{ op: 'taskMove', id: next, before: id }], inverse: [{ op: 'taskMove', id, before: next }] };
}

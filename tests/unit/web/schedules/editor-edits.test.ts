import { describe, expect, it } from 'vitest';
import { scheduleTask as task } from '../../../helpers/schedule-task.ts';
import { applyChanges } from '../../../../src/core/schedule/changes.ts';
import { standardCalendar, type ScheduleModel } from '../../../../src/core/schedule/model.ts';
import {
  canIndent,
  canOutdent,
  deleteTask,
  indentTask,
  insertTaskBelow,
  linkTasks,
  canMoveDown,
  canMoveUp,
  moveTaskDown,
  moveTaskUp,
  outdentTask,
  resizeTask,
  setPredecessors,
  toggleMilestone,
  updateTask,
} from '../../../../src/web/pages/schedules/editor/edits.ts';
import { UndoStack, type UndoEntry } from '../../../../src/web/pages/schedules/editor/undo-stack.ts';
import { engineChangeOf } from '../../../../src/web/pages/schedules/editor/schedule-editor-store.ts';
import { readDate } from '../../../../src/web/pages/schedules/editor/cell-edits.ts';
import { parseWallTime } from '../../../../src/core/schedule/model.ts';

/** 1, 2 (under 1), 3 (under 1), 4, 5. */
const model = (): ScheduleModel => ({
  settings: { start: 29_000_000, calendarId: 1, minutesPerDay: 480, minutesPerWeek: 2400, daysPerMonth: 20, nearCriticalMinutes: 0 },
  calendars: [standardCalendar()],
  tasks: [task(1), task(2, 2), task(3, 2, { deadline: 29_100_000 }), task(4), task(5)],
  links: [
    { from: 2, to: 3, type: 'FS', lag: 0, lagFormat: 'work' },
    { from: 3, to: 4, type: 'FS', lag: 0, lagFormat: 'work' },
    { from: 4, to: 5, type: 'SS', lag: 480, lagFormat: 'work' },
  ],
  baselines: [],
});

const outline = (m: ScheduleModel) => m.tasks.map((t) => `${t.id}:${t.level}`).join(' ');

// Links are a set: an undone removal adds its link back at the end.
const sorted = (m: ScheduleModel): ScheduleModel => ({ ...m, links: [...m.links].sort((a, b) => a.from - b.from || a.to - b.to) });

/** The edit applied, then its inverse: the schedule is as it was. */
function roundTrip(before: ScheduleModel, entry: UndoEntry): ScheduleModel {
  const after = applyChanges(before, entry.changes);
  expect(sorted(applyChanges(after, entry.inverse))).toEqual(sorted(before));
  return after;
}

describe('schedule editor edits', () => {
  it('a field update is taken back, clearing what the task did not have', () => {
    const m = model();
    const after = roundTrip(m, updateTask(m, 4, { name: 'Frame', duration: 960, constraint: { type: 'SNET', date: 29_001_000 }, deadline: 29_200_000 }));
    expect(after.tasks[3]).toMatchObject({ name: 'Frame', duration: 960, constraint: { type: 'SNET', date: 29_001_000 }, deadline: 29_200_000 });
    roundTrip(m, updateTask(m, 3, { deadline: null }));
  });

  it('predecessors typed become link changes, one each, and undo in reverse', () => {
    const m = model();
    const entry = setPredecessors(m, 4, [
      { from: 3, to: 4, type: 'SS', lag: 480, lagFormat: 'work' },
      { from: 1, to: 4, type: 'FS', lag: 0, lagFormat: 'work' },
    ]);
    expect(entry.changes.map((c) => c.op)).toEqual(['linkUpdate', 'linkAdd']);
    roundTrip(m, entry);
    const removed = setPredecessors(m, 4, []);
    expect(removed.changes).toEqual([{ op: 'linkRemove', from: 3, to: 4 }]);
    roundTrip(m, removed);
    expect(setPredecessors(m, 4, m.links.filter((l) => l.to === 4)).changes).toEqual([]);
  });

  it('a new task goes below the selected one: first under a summary, else after its sub-tasks', () => {
    const m = model();
    const underSummary = insertTaskBelow(m, 1, 'New');
    expect(underSummary.id).toBe(6);
    expect(outline(roundTrip(m, underSummary))).toBe('1:1 6:2 2:2 3:2 4:1 5:1');
    expect(outline(roundTrip(m, insertTaskBelow(m, 4, 'New')))).toBe('1:1 2:2 3:2 4:1 6:1 5:1');
    expect(outline(roundTrip(m, insertTaskBelow(m, null, 'New')))).toBe('1:1 2:2 3:2 4:1 5:1 6:1');
  });

  it('deleting a summary takes its sub-tasks and links; undo puts every row and link back', () => {
    const m = model();
    const after = roundTrip(m, deleteTask(m, 1));
    expect(outline(after)).toBe('4:1 5:1');
    expect(after.links).toHaveLength(1);
  });

  it('indent and outdent are taken back exactly, siblings an outdent took under it included', () => {
    const m = model();
    expect(canIndent(m, 1)).toBe(false);
    expect(canIndent(m, 3)).toBe(true);
    expect(canOutdent(m, 4)).toBe(false);
    expect(outline(roundTrip(m, indentTask(m, 3)))).toBe('1:1 2:2 3:3 4:1 5:1');
    expect(outline(roundTrip(m, indentTask(m, 5)))).toBe('1:1 2:2 3:2 4:1 5:2');
    // Outdenting 2 makes 3, its next sibling, its sub-task.
    expect(outline(roundTrip(m, outdentTask(m, 2)))).toBe('1:1 2:1 3:2 4:1 5:1');
  });

  it('a milestone has no duration; turned off it takes a day', () => {
    const m = model();
    const on = roundTrip(m, toggleMilestone(m, 5));
    expect(on.tasks[4]).toMatchObject({ milestone: true, duration: 0 });
    expect(applyChanges(on, toggleMilestone(on, 5).changes).tasks[4]).toMatchObject({ milestone: false, duration: 480 });
  });

  it('a typed start or finish without a time is the day’s start or end of work', () => {
    const calendar = standardCalendar();
    expect(readDate('2027-03-15', calendar, false)).toBe(parseWallTime('2027-03-15T08:00'));
    expect(readDate('2027-03-15', calendar, true)).toBe(parseWallTime('2027-03-15T17:00'));
    expect(readDate('2027-03-15T10:30', calendar, false)).toBe(parseWallTime('2027-03-15T10:30'));
    expect(readDate('15/03/2027', calendar, false)).toBeNull();
  });

  it('edits the engine can take in place are handed to it; others run the schedule afresh', () => {
    const m = model();
    const duration = updateTask(m, 4, { duration: 960, unit: 'd' });
    expect(engineChangeOf(duration.changes, applyChanges(m, duration.changes))).toEqual({ kind: 'duration', taskId: 4, duration: 960, unit: 'd' });
    const snet = updateTask(m, 4, { constraint: { type: 'SNET', date: 29_001_000 } });
    expect(engineChangeOf(snet.changes, applyChanges(m, snet.changes))).toMatchObject({ kind: 'constraint', taskId: 4 });
    expect(engineChangeOf(updateTask(m, 4, { name: 'x' }).changes, m)).toBe('none');
    expect(engineChangeOf([{ op: 'linkRemove', from: 3, to: 4 }], m)).toEqual({ kind: 'unlink', from: 3, to: 4 });
    expect(engineChangeOf(indentTask(m, 3).changes, m)).toBeNull();
    expect(engineChangeOf(setPredecessors(m, 4, []).changes.concat(setPredecessors(m, 5, []).changes), m)).toBeNull();
  });
});

describe('moved rows', () => {
  it('moves a task with its sub-rows past its sibling, never out of its summary, and back on undo', () => {
    const m = model();
    expect(outline(roundTrip(m, moveTaskUp(m, 3)))).toBe('1:1 3:2 2:2 4:1 5:1');
    expect(outline(roundTrip(m, moveTaskDown(m, 1)))).toBe('4:1 1:1 2:2 3:2 5:1');
    expect(outline(roundTrip(m, moveTaskUp(m, 4)))).toBe('4:1 1:1 2:2 3:2 5:1');
    expect([canMoveUp(m, 2), canMoveDown(m, 3), canMoveDown(m, 5), canMoveUp(m, 1)]).toEqual([false, false, false, false]);
  });
});

describe('dragged bars', () => {
  it('a bar dragged longer gets the working time from its start, weekends not counted', () => {
    const m = model();
    const monday = parseWallTime('2027-03-01T08:00');
    // To the end of the next Tuesday: Mon–Fri and Mon–Tue, seven working days.
    const after = roundTrip(m, resizeTask(m, 4, monday, parseWallTime('2027-03-10')));
    expect(after.tasks[3]!.duration).toBe(7 * 480);
    // An elapsed duration counts every hour.
    const elapsed = { ...m, tasks: m.tasks.map((t) => (t.id === 4 ? { ...t, unit: 'ed' as const } : t)) };
    expect(applyChanges(elapsed, resizeTask(elapsed, 4, monday, monday + 2 * 1440).changes).tasks[3]!.duration).toBe(2 * 1440);
  });

  it('a link drawn between two bars is added, or changes the type of the one already there', () => {
    const m = model();
    const added = roundTrip(m, linkTasks(m, 1, 5, 'FF'));
    expect(added.links).toContainEqual({ from: 1, to: 5, type: 'FF', lag: 0, lagFormat: 'work' });
    const changed = roundTrip(m, linkTasks(m, 4, 5, 'FS'));
    expect(changed.links.filter((link) => link.to === 5)).toEqual([{ from: 4, to: 5, type: 'FS', lag: 480, lagFormat: 'work' }]);
  });
});

describe('UndoStack', () => {
  const entry = (n: number): UndoEntry => ({ changes: [{ op: 'taskDelete', ids: [n] }], inverse: [{ op: 'taskDelete', ids: [-n] }] });

  it('undoes last first, redoes in order, and a new edit drops the redo', () => {
    const stack = new UndoStack();
    expect(stack.undo()).toBeNull();
    stack.push(entry(1));
    stack.push(entry(2));
    expect(stack.undo()).toEqual(entry(2).inverse);
    expect(stack.undo()).toEqual(entry(1).inverse);
    expect(stack.canUndo).toBe(false);
    expect(stack.redo()).toEqual(entry(1).changes);
    expect(stack.canRedo).toBe(true);
    stack.push(entry(3));
    expect(stack.canRedo).toBe(false);
    expect(stack.undo()).toEqual(entry(3).inverse);
  });

  it('puts back an undo or redo that could not be applied', () => {
    const stack = new UndoStack();
    stack.push(entry(1));
    stack.undo();
    stack.revert('undo');
    expect(stack.canUndo).toBe(true);
    expect(stack.canRedo).toBe(false);
    stack.undo();
    stack.redo();
    stack.revert('redo');
    expect(stack.canRedo).toBe(true);
  });

  it('keeps at most its limit of edits', () => {
    const stack = new UndoStack(2);
    for (const n of [1, 2, 3]) stack.push(entry(n));
    expect(stack.undo()).toEqual(entry(3).inverse);
    expect(stack.undo()).toEqual(entry(2).inverse);
    expect(stack.undo()).toBeNull();
  });
});

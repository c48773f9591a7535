import type Ajv from 'ajv';
import { describe, expect, it } from 'vitest';
import { scheduleTask as task } from '../../../helpers/schedule-task.ts';
import { applyChanges, countChanges, ScheduleChangeError, scheduleChangeSchema } from '../../../../src/core/schedule/changes.ts';
import { standardCalendar, type ScheduleModel } from '../../../../src/core/schedule/model.ts';
import { modelProblems, scheduleModelSchema } from '../../../../src/core/schedule/schema.ts';
import { createAjv } from '../../../../src/core/validation/ajv.ts';

/** 1, 2 (under 1), 3 (under 2), 4, 5. */
const model = (): ScheduleModel => ({
  settings: { start: 29_000_000, calendarId: 1, minutesPerDay: 480, minutesPerWeek: 2400, daysPerMonth: 20, nearCriticalMinutes: 0 },
  calendars: [standardCalendar()],
  tasks: [task(1), task(2, 2), task(3, 3), task(4), task(5)],
  links: [
    { from: 3, to: 4, type: 'FS', lag: 0, lagFormat: 'work' },
    { from: 4, to: 5, type: 'SS', lag: 480, lagFormat: 'work' },
  ],
  baselines: [],
});

const outline = (m: ScheduleModel) => m.tasks.map((t) => `${t.id}:${t.level}`).join(' ');
const problemOf = (run: () => unknown) => {
  try {
    run();
  } catch (error) {
    if (error instanceof ScheduleChangeError) return [error.problem, error.index];
    throw error;
  }
  return null;
};

describe('schedule changes', () => {
  it('leaves the given model as it was', () => {
    const before = model();
    const after = applyChanges(before, [{ op: 'taskDelete', ids: [1] }]);
    expect(outline(before)).toBe('1:1 2:2 3:3 4:1 5:1');
    expect(outline(after)).toBe('4:1 5:1');
  });

  it('deletes a row with its sub-rows and their links', () => {
    const after = applyChanges(model(), [{ op: 'taskDelete', ids: [2] }]);
    expect(outline(after)).toBe('1:1 4:1 5:1');
    expect(after.links).toEqual([{ from: 4, to: 5, type: 'SS', lag: 480, lagFormat: 'work' }]);
  });

  it('inserts, updates and clears optional fields', () => {
    const after = applyChanges(model(), [
      { op: 'taskInsert', index: 3, task: task(9, 1, { deadline: 29_001_000 }) },
      { op: 'taskUpdate', id: 9, set: { name: 'Roof', deadline: null, percentComplete: 40 } },
    ]);
    expect(outline(after)).toBe('1:1 2:2 3:3 9:1 4:1 5:1');
    expect(after.tasks[3]).toMatchObject({ name: 'Roof', percentComplete: 40 });
    expect(after.tasks[3]).not.toHaveProperty('deadline');
    expect(problemOf(() => applyChanges(model(), [{ op: 'taskInsert', index: 0, task: task(4) }]))).toEqual(['taskExists', 0]);
  });

  it('indents under the row above and outdents, sub-rows moving along', () => {
    expect(outline(applyChanges(model(), [{ op: 'taskIndent', ids: [4] }]))).toBe('1:1 2:2 3:3 4:2 5:1');
    expect(outline(applyChanges(model(), [{ op: 'taskOutdent', ids: [2] }]))).toBe('1:1 2:1 3:2 4:1 5:1');
    expect(outline(applyChanges(model(), [{ op: 'taskIndent', ids: [5, 4] }]))).toBe('1:1 2:2 3:3 4:2 5:2');
    // A chosen row inside another chosen row's block moves once, with it.
    expect(outline(applyChanges(model(), [{ op: 'taskOutdent', ids: [2, 3] }]))).toBe('1:1 2:1 3:2 4:1 5:1');
    expect(problemOf(() => applyChanges(model(), [{ op: 'taskIndent', ids: [1] }]))).toEqual(['cannotIndent', 0]);
    expect(problemOf(() => applyChanges(model(), [{ op: 'taskIndent', ids: [2] }]))).toEqual(['cannotIndent', 0]);
    expect(problemOf(() => applyChanges(model(), [{ op: 'taskOutdent', ids: [4] }]))).toEqual(['cannotOutdent', 0]);
  });

  it('moves a row with its sub-rows before another row, as its sibling, or to the end', () => {
    expect(outline(applyChanges(model(), [{ op: 'taskMove', id: 2, before: 5 }]))).toBe('1:1 4:1 2:1 3:2 5:1');
    expect(outline(applyChanges(model(), [{ op: 'taskMove', id: 5, before: 3 }]))).toBe('1:1 2:2 5:3 3:3 4:1');
    expect(outline(applyChanges(model(), [{ op: 'taskMove', id: 1, before: null }]))).toBe('4:1 5:1 1:1 2:2 3:3');
    expect(problemOf(() => applyChanges(model(), [{ op: 'taskMove', id: 1, before: 3 }]))).toEqual(['moveIntoItself', 0]);
  });

  it('adds, changes and removes links between tasks that are there', () => {
    const after = applyChanges(model(), [
      { op: 'linkAdd', link: { from: 1, to: 5, type: 'FF', lag: -480, lagFormat: 'work' } },
      { op: 'linkUpdate', from: 4, to: 5, set: { lag: 50, lagFormat: 'percent' } },
      { op: 'linkRemove', from: 3, to: 4 },
    ]);
    expect(after.links).toEqual([
      { from: 4, to: 5, type: 'SS', lag: 50, lagFormat: 'percent' },
      { from: 1, to: 5, type: 'FF', lag: -480, lagFormat: 'work' },
    ]);
    expect(problemOf(() => applyChanges(model(), [{ op: 'linkAdd', link: { from: 1, to: 99, type: 'FS', lag: 0, lagFormat: 'work' } }]))).toEqual(['taskMissing', 0]);
    expect(problemOf(() => applyChanges(model(), [{ op: 'linkAdd', link: { from: 3, to: 4, type: 'FS', lag: 0, lagFormat: 'work' } }]))).toEqual(['linkExists', 0]);
    expect(problemOf(() => applyChanges(model(), [{ op: 'linkRemove', from: 5, to: 4 }]))).toEqual(['linkMissing', 0]);
    expect(problemOf(() => applyChanges(model(), [{ op: 'linkAdd', link: { from: 4, to: 4, type: 'FS', lag: 0, lagFormat: 'work' } }]))).toEqual(['invalidModel', -1]);
  });

  it('keeps calendars in use and the project settings sound', () => {
    const night = { ...standardCalendar(2, 'Night'), week: [[], [{ from: 1200, to: 1440 }], [], [], [], [], []] };
    const after = applyChanges(model(), [
      { op: 'calendarUpsert', calendar: night },
      { op: 'taskUpdate', id: 4, set: { calendarId: 2 } },
      { op: 'settingsUpdate', set: { statusDate: 29_010_000, nearCriticalMinutes: 960 } },
    ]);
    expect(after.calendars.map((c) => c.name)).toEqual(['Standard', 'Night']);
    expect(after.settings).toMatchObject({ statusDate: 29_010_000, nearCriticalMinutes: 960 });
    expect(problemOf(() => applyChanges(after, [{ op: 'calendarRemove', id: 2 }]))).toEqual(['calendarInUse', 0]);
    expect(problemOf(() => applyChanges(after, [{ op: 'calendarRemove', id: 1 }]))).toEqual(['calendarInUse', 0]);
    expect(problemOf(() => applyChanges(model(), [{ op: 'settingsUpdate', set: { calendarId: 7 } }]))).toEqual(['invalidModel', -1]);
  });

  it('saves a baseline of the dates given, replacing one of the same index, and clears it', () => {
    const datesOf = (m: ScheduleModel) => new Map(m.tasks.map((t, i) => [t.id, { start: 1000 + i, finish: 2000 + i, duration: t.duration }]));
    const saved = applyChanges(model(), [{ op: 'baselineSave', index: 3, savedAt: '2026-11-22T08:00:00.000Z' }, { op: 'baselineSave', index: 0, savedAt: '2026-11-23T08:00:00.000Z' }], { datesOf });
    expect(saved.baselines.map((b) => b.index)).toEqual([0, 3]);
    expect(saved.baselines[0]!.tasks[4]).toEqual({ start: 1003, finish: 2003, duration: 480 });
    const cleared = applyChanges(saved, [{ op: 'baselineClear', index: 3 }, { op: 'taskDelete', ids: [5] }]);
    expect(cleared.baselines.map((b) => b.index)).toEqual([0]);
    expect(cleared.baselines[0]!.tasks[5]).toBeUndefined();
    // Put back as kept (an undone save or clear), tasks no longer there left out.
    const restored = applyChanges(cleared, [{ op: 'baselineRestore', baseline: saved.baselines[1]! }]);
    expect(restored.baselines.map((b) => b.index)).toEqual([0, 3]);
    expect(restored.baselines[1]).toMatchObject({ savedAt: '2026-11-22T08:00:00.000Z' });
    expect(restored.baselines[1]!.tasks[4]).toEqual({ start: 1003, finish: 2003, duration: 480 });
    expect(restored.baselines[1]!.tasks[5]).toBeUndefined();
  });

  it('counts a save by kind', () => {
    expect(countChanges([{ op: 'taskDelete', ids: [1] }, { op: 'taskIndent', ids: [4] }, { op: 'taskDelete', ids: [5] }])).toEqual({ taskDelete: 2, taskIndent: 1 });
  });
});

describe('schedule schemas', () => {
  const ajv: Ajv = createAjv();
  const validModel = ajv.compile(scheduleModelSchema);
  const validChange = ajv.compile(scheduleChangeSchema);

  it('takes a sound model and refuses values past the limits', () => {
    expect(validModel(model())).toBe(true);
    expect(modelProblems(model())).toEqual([]);
    const broken = (edit: (m: ScheduleModel) => void) => {
      const m = model();
      edit(m);
      return validModel(m);
    };
    expect(broken((m) => (m.tasks[0]!.percentComplete = 101))).toBe(false);
    expect(broken((m) => (m.tasks[0]!.level = 21))).toBe(false);
    expect(broken((m) => (m.tasks[0]!.name = 'x'.repeat(256)))).toBe(false);
    expect(broken((m) => (m.tasks[0]!.constraint = { type: 'SNET' }))).toBe(false);
    expect(broken((m) => (m.tasks[0]!.constraint = { type: 'SNET', date: 29_000_100 }))).toBe(true);
    expect(broken((m) => m.baselines.push({ index: 11, savedAt: '', tasks: {} }))).toBe(false);
    expect(broken((m) => (m.tasks = Array.from({ length: 20001 }, (_, i) => task(i + 1))))).toBe(false);
  });

  it('names what is unsound beyond the shape', () => {
    const m = model();
    m.tasks.push(task(2));
    m.links.push({ from: 5, to: 77, type: 'FS', lag: 0, lagFormat: 'work' });
    m.tasks[0]!.calendarId = 9;
    expect(modelProblems(m)).toEqual([
      'task 1 names calendar 9, which is not there',
      'task 2 appears twice',
      'link 5>77 names a task that is not there',
    ]);
  });

  it('checks each change by its kind', () => {
    expect(validChange({ op: 'taskUpdate', id: 1, set: { percentComplete: 20, deadline: null } })).toBe(true);
    expect(validChange({ op: 'taskUpdate', id: 1, set: { level: 3 } })).toBe(false);
    expect(validChange({ op: 'linkAdd', link: { from: 1, to: 2, type: 'XX', lag: 0, lagFormat: 'work' } })).toBe(false);
    expect(validChange({ op: 'baselineSave', index: 11, savedAt: '2026-11-22T08:00:00.000Z' })).toBe(false);
    expect(validChange({ op: 'baselineRestore', baseline: { index: 2, savedAt: '2026-11-22T08:00:00.000Z', tasks: { 4: { start: 1, finish: 2, duration: 480 } } } })).toBe(true);
    expect(validChange({ op: 'baselineRestore', baseline: { index: 2, savedAt: '2026-11-22T08:00:00.000Z', tasks: { x: { start: 1, finish: 2, duration: 480 } } } })).toBe(false);
    expect(validChange({ op: 'unknown' })).toBe(false);
  });
});

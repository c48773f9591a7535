import { describe, expect, it } from 'vitest';
import type { ScheduleDetail } from '../../../../src/core/contracts/schedules.ts';
import { standardCalendar, type ScheduleModel, type Task } from '../../../../src/core/schedule/model.ts';
import type { Http } from '../../../../src/web/api/endpoints.ts';
import { clearBaseline, saveBaseline, setPredecessors, updateTask } from '../../../../src/web/pages/schedules/editor/edits.ts';
import { ScheduleEditorStore } from '../../../../src/web/pages/schedules/editor/schedule-editor-store.ts';

const task = (id: number, name: string): Task => ({ id, name, level: 1, duration: 480, unit: 'd', milestone: false, constraint: { type: 'ASAP' }, percentComplete: 0, assignees: [] });

const model = (): ScheduleModel => ({
  settings: { start: 29_000_000 + 480, calendarId: 1, minutesPerDay: 480, minutesPerWeek: 2400, daysPerMonth: 20, nearCriticalMinutes: 0 },
  calendars: [standardCalendar()],
  tasks: [task(1, 'Dig'), task(2, 'Pour'), task(3, 'Cure')],
  links: [
    { from: 1, to: 2, type: 'FS', lag: 0, lagFormat: 'work' },
    { from: 2, to: 3, type: 'FS', lag: 0, lagFormat: 'work' },
  ],
  baselines: [],
});

function storeOf(sent: unknown[] = []) {
  const detail = { id: 7, name: 'Slab', status: 'active', revision: 4, canEdit: true, canManage: true, model: model(), scheduled: [] } as unknown as ScheduleDetail;
  const http = {
    get: async () => structuredClone(detail),
    post: async (_path: string, body: unknown) => {
      sent.push(body);
      return { revision: 5, summary: { ...detail, revision: 5 } };
    },
  } as unknown as Http;
  return new ScheduleEditorStore(http, 7, false);
}

describe('ScheduleEditorStore', () => {
  it('re-schedules an edit at once, undoes and redoes it, and saves the changes against the loaded revision', async () => {
    const sent: unknown[] = [];
    const store = storeOf(sent);
    await store.load();
    const finish = () => store.gantt.drawn[2]!.finish;
    const before = finish();
    expect(store.edit(updateTask(store.model!, 2, { duration: 960 }))).toBeNull();
    expect(finish()).toBe(before! + 1440);
    expect(store.saveState).toBe('unsaved');
    store.undo();
    expect(finish()).toBe(before);
    // Undone back to what was loaded: nothing is left to save.
    expect(store.saveState).toBe('saved');
    store.redo();
    expect(finish()).toBe(before! + 1440);
    expect(store.saveState).toBe('unsaved');
    expect(await store.save()).toBe('saved');
    expect(sent).toEqual([{ id: 7, baseRevision: 4, changes: [{ op: 'taskUpdate', id: 2, set: { duration: 960 } }] }]);
    expect(store.revision).toBe(5);
    expect(store.saveState).toBe('saved');
    // After the save, undo makes a change to save; redo comes back to the saved schedule.
    store.undo();
    expect(store.saveState).toBe('unsaved');
    store.redo();
    expect(store.saveState).toBe('saved');
    expect(store.pending).toEqual([]);
  });

  it('saves a baseline of the engine\'s dates as an edit, undone back to the baseline there before', async () => {
    const store = storeOf();
    await store.load();
    const finish = store.gantt.drawn[2]!.finish!;
    expect(store.edit(saveBaseline(store.model!, 2, '2026-11-28T09:00:00.000Z'))).toBeNull();
    expect(store.model!.baselines.find((b) => b.index === 2)?.tasks[3]?.finish).toBe(finish);
    expect(store.pending).toEqual([{ op: 'baselineSave', index: 2, savedAt: '2026-11-28T09:00:00.000Z' }]);
    store.edit(updateTask(store.model!, 2, { duration: 960 }));
    store.edit(saveBaseline(store.model!, 2, '2026-11-28T10:00:00.000Z'));
    expect(store.model!.baselines.find((b) => b.index === 2)?.tasks[3]?.finish).toBe(finish + 1440);
    store.undo();
    expect(store.model!.baselines.find((b) => b.index === 2)).toMatchObject({ savedAt: '2026-11-28T09:00:00.000Z' });
    expect(store.model!.baselines.find((b) => b.index === 2)?.tasks[3]?.finish).toBe(finish);
    store.edit(clearBaseline(store.model!, 2));
    expect(store.model!.baselines).toEqual([]);
    store.undo();
    expect(store.model!.baselines.map((b) => b.index)).toEqual([2]);
  });

  it('refuses a link that closes a loop, naming the tasks, and leaves the schedule as it was', async () => {
    const store = storeOf();
    await store.load();
    const refusal = store.edit(setPredecessors(store.model!, 1, [{ from: 3, to: 1, type: 'FS', lag: 0, lagFormat: 'work' }]));
    expect(refusal).toMatchObject({ problem: 'loop' });
    expect(refusal?.problem === 'loop' && [...refusal.names].sort()).toEqual(['Cure', 'Dig', 'Pour']);
    expect(store.pending).toEqual([]);
    expect(store.model!.links).toHaveLength(2);
    expect(store.canUndo).toBe(false);
  });

  it('takes another user’s save at once when nothing is unsaved, else says a newer version exists', async () => {
    const store = storeOf();
    await store.load();
    await store.pushed(4);
    expect(store.newerRevision).toBeNull();
    store.edit(updateTask(store.model!, 1, { name: 'Excavate' }));
    await store.pushed(6);
    expect(store.newerRevision).toBe(6);
    expect(store.model!.tasks[0]!.name).toBe('Excavate');
  });
});

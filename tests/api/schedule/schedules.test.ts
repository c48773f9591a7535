import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PublicSchedule, ScheduleDetail, ScheduleHistoryEntry, ScheduleListResult, ScheduleSaved, ScheduleShare, ScheduleShareCreated, ScheduleSummary } from '../../../src/core/contracts/schedules.ts';
import { SCHEDULE_EVENT } from '../../../src/core/contracts/schedules.ts';
import { testDialects } from '../../helpers/databases.ts';
import { openNotifyStream } from '../../helpers/notify-stream.ts';
import { HARBOR, NORTHWIND, startTestApp, type TestApp } from '../../helpers/test-app.ts';
import { scheduleClient, taskOf } from './schedule-client.ts';

const TOWER = 'NW-TOWER';

/**
 * Schedules on the server: created empty, changed by saves against a revision (409 naming
 * who saved since), a history of every write, copy, rename, archive and delete, pushes to the
 * workspace's open streams, and public links read signed out.
 */
describe.each(testDialects())('schedules on %s', (dialect) => {
  let t: TestApp;
  let api: ReturnType<typeof scheduleClient>;
  let admin: string;
  let alice: string;
  let bob: string;
  let carol: string;
  beforeAll(async () => {
    t = await startTestApp(dialect);
    api = scheduleClient(t);
    [admin, alice, bob, carol] = await Promise.all([t.signIn('admin', NORTHWIND), t.signIn('alice', NORTHWIND), t.signIn('bob', NORTHWIND), t.signIn('carol', HARBOR)]);
  });
  afterAll(() => t.close());

  const detail = (token: string, id: number) => api.ok<ScheduleDetail>('GET', 'get', token, { id });

  it('creates a schedule, saves changes to it and answers the model at the new revision', async () => {
    const created = await api.create(alice, TOWER, 'Fit-out');
    expect(created).toMatchObject({ name: 'Fit-out', status: 'active', revision: 1, taskCount: 0, owner: { name: 'Alice Chen' } });
    const saved = await api.ok<ScheduleSaved>('POST', 'save', alice, {
      id: created.id,
      baseRevision: 1,
      changes: [
        { op: 'taskInsert', index: 0, task: taskOf(1, 'Strip out') },
        { op: 'taskInsert', index: 1, task: taskOf(2, 'Partitions') },
        { op: 'taskInsert', index: 2, task: { ...taskOf(3, 'Ceilings'), percentComplete: 50 } },
        { op: 'linkAdd', link: { from: 2, to: 3, type: 'FS', lag: 0, lagFormat: 'work' } },
        { op: 'taskIndent', ids: [2] },
        { op: 'baselineSave', index: 0, savedAt: '2026-11-22T08:00:00.000Z' },
      ],
    });
    expect(saved.revision).toBe(2);
    expect(saved.summary).toMatchObject({ taskCount: 3, revision: 2 });
    const read = await detail(alice, created.id);
    expect(read.model.tasks.map((task) => [task.id, task.level])).toEqual([
      [1, 1],
      [2, 2],
      [3, 1],
    ]);
    expect(read.model.links).toEqual([{ from: 2, to: 3, type: 'FS', lag: 0, lagFormat: 'work' }]);
    expect(Object.keys(read.model.baselines[0]!.tasks).sort()).toEqual(['1', '2', '3']);
    expect(read).toMatchObject({ revision: 2, canEdit: true, canManage: false });
    // The engine's dates come with the model: Ceilings follow Partitions.
    const [, partitions, ceilings] = read.scheduled;
    expect(read.scheduled.map((s) => s.wbs)).toEqual(['1', '1.1', '2']);
    expect(ceilings!.start).toBeGreaterThanOrEqual(partitions!.finish);
    const list = await api.ok<ScheduleListResult>('POST', 'list', bob, { workspaceCode: TOWER, search: 'fit-OUT' });
    expect(list.rows.map((r) => r.name)).toEqual(['Fit-out']);
    // Two leaf rows of one day, one half done; the summary's own percent does not count.
    expect(list.rows[0]!.progress).toBe(25);
  });

  it('answers 409 naming who saved since, and what, to a save on an older revision', async () => {
    const created = await api.create(alice, TOWER, 'Race');
    await api.ok('POST', 'save', admin, { id: created.id, baseRevision: 1, changes: [{ op: 'taskInsert', index: 0, task: taskOf(1, 'First') }] });
    const late = await api.call<unknown>('POST', 'save', alice, { id: created.id, baseRevision: 1, changes: [{ op: 'taskInsert', index: 0, task: taskOf(2, 'Mine') }] });
    expect(late.status).toBe(409);
    expect(late.body.message).toContain('Ada Admin');
    expect(late.body.data).toMatchObject({ problem: 'stale', params: { by: 'Ada Admin', revision: 2, counts: { taskInsert: 1 } } });
    expect((await detail(alice, created.id)).model.tasks.map((task) => task.name)).toEqual(['First']);
  });

  it('refuses a change that breaks the model, and values outside the schema', async () => {
    const created = await api.create(alice, TOWER, 'Checked');
    const save = (changes: unknown[]) => api.call<{ problem?: string; params?: { reason?: string } }>('POST', 'save', alice, { id: created.id, baseRevision: 1, changes });
    const badPercent = await save([{ op: 'taskInsert', index: 0, task: { ...taskOf(1, 'Over'), percentComplete: 150 } }]);
    expect(badPercent.status).toBe(400);
    const noDate = await save([{ op: 'taskInsert', index: 0, task: { ...taskOf(1, 'Pinned'), constraint: { type: 'MSO' } } }]);
    expect(noDate.status).toBe(400);
    const tooDeep = await save([{ op: 'taskInsert', index: 0, task: taskOf(1, 'Orphan', 3) }]);
    expect(tooDeep.status).toBe(400);
    expect(tooDeep.body.data).toMatchObject({ problem: 'changeRefused', params: { reason: 'invalidModel' } });
    const dangling = await save([{ op: 'linkAdd', link: { from: 1, to: 2, type: 'FS', lag: 0, lagFormat: 'work' } }]);
    expect(dangling.status).toBe(400);
    expect(dangling.body.data).toMatchObject({ problem: 'changeRefused', params: { change: 0, reason: 'taskMissing' } });
    const loop = await save([
      { op: 'taskInsert', index: 0, task: taskOf(1, 'Walls') },
      { op: 'taskInsert', index: 1, task: taskOf(2, 'Roof') },
      { op: 'linkAdd', link: { from: 1, to: 2, type: 'FS', lag: 0, lagFormat: 'work' } },
      { op: 'linkAdd', link: { from: 2, to: 1, type: 'FS', lag: 0, lagFormat: 'work' } },
    ]);
    expect(loop.status).toBe(400);
    expect(loop.body.data).toMatchObject({ problem: 'loop' });
    expect(loop.body.message).toContain('Walls');
    expect((await detail(alice, created.id)).revision).toBe(1);
  });

  it('keeps a history of every write with who and when, and copies, renames, archives and deletes', async () => {
    const created = await api.create(alice, TOWER, 'Lifecycle');
    t.clock.advance(60_000);
    await api.ok('POST', 'save', alice, { id: created.id, baseRevision: 1, changes: [{ op: 'taskInsert', index: 0, task: taskOf(1, 'Only') }, { op: 'taskUpdate', id: 1, set: { name: 'The only' } }] });
    const renamed = await api.ok<ScheduleSummary>('POST', 'rename', alice, { id: created.id, name: 'Lifecycle B' });
    expect(renamed).toMatchObject({ name: 'Lifecycle B', revision: 2 });
    const copy = await api.ok<ScheduleSummary>('POST', 'copy', alice, { id: created.id, name: 'Lifecycle copy' });
    expect((await detail(alice, copy.id)).model.tasks.map((task) => task.name)).toEqual(['The only']);
    // Archiving is a manager's; alice, a member, is refused.
    expect((await api.call('POST', 'archive', alice, { id: created.id, archived: true })).status).toBe(403);
    expect(await api.ok<ScheduleSummary>('POST', 'archive', admin, { id: created.id, archived: true })).toMatchObject({ status: 'archived' });
    const archivedSave = await api.call('POST', 'save', admin, { id: created.id, baseRevision: 2, changes: [{ op: 'taskDelete', ids: [1] }] });
    expect(archivedSave.status).toBe(409);
    expect((await api.ok<ScheduleListResult>('POST', 'list', alice, { workspaceCode: TOWER })).rows.map((r) => r.id)).not.toContain(created.id);
    expect((await api.ok<ScheduleListResult>('POST', 'list', alice, { workspaceCode: TOWER, status: 'archived' })).rows.map((r) => r.id)).toEqual([created.id]);
    await api.ok('POST', 'archive', admin, { id: created.id, archived: false });

    const history = await api.ok<ScheduleHistoryEntry[]>('GET', 'history', bob, { id: created.id });
    expect(history.map((h) => [h.action, h.user?.name, h.revision])).toEqual([
      ['unarchive', 'Ada Admin', 2],
      ['archive', 'Ada Admin', 2],
      ['rename', 'Alice Chen', 2],
      ['save', 'Alice Chen', 2],
      ['create', 'Alice Chen', 1],
    ]);
    expect(history[2]!.note).toBe('Lifecycle → Lifecycle B');
    expect(history[3]!.counts).toEqual({ taskInsert: 1, taskUpdate: 1 });

    expect((await api.call('POST', 'delete', alice, { id: copy.id })).status).toBe(403);
    await api.ok('POST', 'delete', admin, { id: copy.id });
    expect((await api.call('GET', 'get', alice, { id: copy.id })).status).toBe(404);
  });

  it('hides schedules from another tenant and refuses writes to a member without the point', async () => {
    const created = await api.create(alice, TOWER, 'Private');
    expect((await api.call('GET', 'get', carol, { id: created.id })).status).toBe(404);
    expect((await api.call('POST', 'list', carol, { workspaceCode: TOWER })).status).toBe(404);
    expect((await api.call('POST', 'save', carol, { id: created.id, baseRevision: 1, changes: [{ op: 'taskDelete', ids: [1] }] })).status).toBe(404);
    expect((await api.call('GET', 'get', bob, { id: created.id })).status).toBe(200);
    expect((await api.call('POST', 'save', bob, { id: created.id, baseRevision: 1, changes: [{ op: 'taskInsert', index: 0, task: taskOf(1, 'No') }] })).status).toBe(403);
    expect((await api.call('POST', 'create', bob, { workspaceCode: TOWER, name: 'No' })).status).toBe(403);
  });

  it('pushes a save to the open streams of the workspace', async () => {
    const created = await api.create(alice, TOWER, 'Live');
    const stream = await openNotifyStream(t.url, bob);
    try {
      await new Promise((resolve) => setTimeout(resolve, 200));
      await api.ok('POST', 'save', alice, { id: created.id, baseRevision: 1, changes: [{ op: 'taskInsert', index: 0, task: taskOf(1, 'Seen') }] });
      // The stream may first say hello; the push follows.
      for (let count = 1; !stream.events.some((e) => e.event === SCHEDULE_EVENT); count++) await stream.waitFor(count);
      const pushed = stream.events.find((e) => e.event === SCHEDULE_EVENT);
      expect(pushed?.data).toMatchObject({ id: created.id, revision: 2, action: 'save', workspaceCode: TOWER });
    } finally {
      stream.close();
    }
  });

  it('shows a schedule by its public link signed out, without the hidden columns, until revoked or expired', async () => {
    const created = await api.create(alice, TOWER, 'Shared');
    await api.ok('POST', 'save', alice, {
      id: created.id,
      baseRevision: 1,
      changes: [{ op: 'taskInsert', index: 0, task: { ...taskOf(1, 'Façade'), assignees: ['Crew A'], notes: 'Scaffold first', percentComplete: 30 } }],
    });
    const link = await api.ok<ScheduleShareCreated>('POST', 'share/create', admin, { id: created.id, hiddenColumns: ['assignees', 'notes'] });
    expect(link.token.length).toBeGreaterThanOrEqual(32);
    const open = await api.call<PublicSchedule>('GET', 'public', undefined, { token: link.token });
    expect(open.status).toBe(200);
    expect(open.headers.get('x-robots-tag')).toContain('noindex');
    const task = open.body.data.model.tasks[0]!;
    expect(task).toMatchObject({ name: 'Façade', percentComplete: 30 });
    expect(task).not.toHaveProperty('assignees');
    expect(task).not.toHaveProperty('notes');
    expect(open.body.data).toMatchObject({ name: 'Shared', hiddenColumns: ['assignees', 'notes'] });
    // The engine's dates come along, so the chart draws the critical path without running it.
    expect(open.body.data.scheduled).toEqual([expect.objectContaining({ id: 1, critical: true, duration: expect.any(Number) })]);

    const noDurations = await api.ok<ScheduleShareCreated>('POST', 'share/create', admin, { id: created.id, hiddenColumns: ['duration', 'float'] });
    const bare = (await api.call<PublicSchedule>('GET', 'public', undefined, { token: noDurations.token })).body.data;
    expect(bare.model.tasks[0]).not.toHaveProperty('duration');
    expect(bare.scheduled[0]).not.toHaveProperty('duration');
    expect(bare.scheduled[0]).not.toHaveProperty('totalFloat');
    expect(bare.scheduled[0]).toMatchObject({ id: 1, start: expect.any(Number), finish: expect.any(Number) });

    const listed = await api.ok<ScheduleShare[]>('GET', 'share/list', admin, { id: created.id });
    expect(listed.map((s) => [s.id, s.revoked, s.hint])).toEqual([
      [noDurations.id, false, noDurations.token.slice(0, 6)],
      [link.id, false, link.token.slice(0, 6)],
    ]);
    expect(listed[0]).not.toHaveProperty('token');
    await api.ok('POST', 'share/revoke', admin, { id: link.id });
    expect((await api.call('GET', 'public', undefined, { token: link.token })).status).toBe(404);

    const expiring = await api.ok<ScheduleShareCreated>('POST', 'share/create', admin, { id: created.id, expiresAt: new Date(t.clock.now() + 3_600_000).toISOString() });
    expect((await api.call('GET', 'public', undefined, { token: expiring.token })).status).toBe(200);
    t.clock.advance(3_600_001);
    expect((await api.call('GET', 'public', undefined, { token: expiring.token })).status).toBe(404);
    expect((await api.call('GET', 'public', undefined, { token: 'A'.repeat(32) })).status).toBe(404);
  });
});

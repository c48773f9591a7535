import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SCHEDULE_PATHS, SCHEDULE_PREFIX, type ScheduleDetail, type ScheduleShareCreated, type ScheduleSummary } from '../../../src/core/contracts/schedules.ts';
import { importMspdi } from '../../../src/core/schedule/mspdi/index.ts';
import { taskTableOf } from '../../../src/core/schedule/xlsx/task-table.ts';
import { writeTaskSheet } from '../../../src/server/modules/schedule/task-sheet.ts';
import { inviteAndSignIn, workspaceByCode } from '../../helpers/authorization.ts';
import { testDialects } from '../../helpers/databases.ts';
import { HARBOR, NORTHWIND, startTestApp, type TestApp } from '../../helpers/test-app.ts';
import { scheduleClient, taskOf } from './schedule-client.ts';

const TOWER = 'NW-TOWER';
const WAREHOUSE = fs.readFileSync('tests/fixtures/schedules/ms-project-2016.xml', 'utf8');
let SHEET = '';

type Who = 'anonymous' | 'outsider' | 'bob' | 'carol' | 'alice' | 'admin';

/**
 * Every schedule route as anonymous (401), as a Northwind user of another workspace (404), as
 * the viewer bob who holds no schedule point (200 for reads, 403 for writes), as Harbor (404),
 * and as someone allowed (200): alice, a member, creates and edits; the ADMIN manages and
 * shares. The public link's read is the one route open signed out.
 */
describe.each(testDialects())('schedule routes are guarded on %s', (dialect) => {
  let t: TestApp;
  let api: ReturnType<typeof scheduleClient>;
  const tokens = {} as Record<Who, string | undefined>;
  let schedule: ScheduleSummary;
  let spare: ScheduleSummary;
  let link: ScheduleShareCreated;
  beforeAll(async () => {
    t = await startTestApp(dialect);
    api = scheduleClient(t);
    tokens.admin = await t.signIn('admin', NORTHWIND);
    [tokens.alice, tokens.bob, tokens.carol] = await Promise.all([t.signIn('alice', NORTHWIND), t.signIn('bob', NORTHWIND), t.signIn('carol', HARBOR)]);
    const hq = await workspaceByCode(t, tokens.admin, 'NW-HQ');
    tokens.outsider = (await inviteAndSignIn(t, tokens.admin, { username: 'hqonly', workspaceIds: [hq.id] })).token;
    schedule = await api.create(tokens.alice, TOWER, 'Guarded');
    spare = await api.create(tokens.alice, TOWER, 'Spare');
    link = await api.ok<ScheduleShareCreated>('POST', 'share/create', tokens.admin, { id: schedule.id });
    SHEET = (await writeTaskSheet(taskTableOf(importMspdi(WAREHOUSE).model), 'Tasks')).toString('base64');
  });
  afterAll(() => t.close());

  interface Route {
    name: string;
    method: 'GET' | 'POST';
    path: string;
    input: () => Record<string, unknown>;
    bob: 200 | 403;
    allowed: 'alice' | 'admin';
    prepare?: () => Promise<Record<string, unknown>>;
  }

  const revision = async () => (await api.ok<ScheduleDetail>('GET', 'get', tokens.admin!, { id: schedule.id })).revision;
  let nextTask = 1;
  const freshShare = async () => ({ id: (await api.ok<ScheduleShareCreated>('POST', 'share/create', tokens.admin!, { id: schedule.id })).id });

  const routes: Route[] = [
    { name: 'list', method: 'POST', path: 'list', input: () => ({ workspaceCode: TOWER }), bob: 200, allowed: 'alice' },
    { name: 'get', method: 'GET', path: 'get', input: () => ({ id: schedule.id }), bob: 200, allowed: 'alice' },
    { name: 'history', method: 'GET', path: 'history', input: () => ({ id: schedule.id }), bob: 200, allowed: 'alice' },
    { name: 'create', method: 'POST', path: 'create', input: () => ({ workspaceCode: TOWER, name: 'New one' }), bob: 403, allowed: 'alice' },
    {
      name: 'import',
      method: 'POST',
      path: 'import/mspdi',
      input: () => ({ workspaceCode: TOWER, name: 'Imported', xml: WAREHOUSE }),
      bob: 403,
      allowed: 'alice',
    },
    { name: 'export', method: 'GET', path: 'export/mspdi', input: () => ({ id: schedule.id }), bob: 200, allowed: 'alice' },
    {
      name: 'import xlsx',
      method: 'POST',
      path: 'import/xlsx',
      input: () => ({ workspaceCode: TOWER, name: 'From a sheet', file: SHEET }),
      bob: 403,
      allowed: 'alice',
    },
    { name: 'export xlsx', method: 'GET', path: 'export/xlsx', input: () => ({ id: schedule.id }), bob: 200, allowed: 'alice' },
    { name: 'export pdf', method: 'POST', path: 'export/pdf', input: () => ({ id: schedule.id }), bob: 200, allowed: 'alice' },
    { name: 'export png', method: 'POST', path: 'export/png', input: () => ({ id: schedule.id }), bob: 200, allowed: 'alice' },
    { name: 'copy', method: 'POST', path: 'copy', input: () => ({ id: schedule.id, name: 'Copied' }), bob: 403, allowed: 'alice' },
    { name: 'rename', method: 'POST', path: 'rename', input: () => ({ id: schedule.id, name: 'Renamed' }), bob: 403, allowed: 'alice' },
    {
      name: 'save',
      method: 'POST',
      path: 'save',
      input: () => ({ id: schedule.id, baseRevision: 1, changes: [{ op: 'taskInsert', index: 0, task: taskOf(999, 'Probe') }] }),
      bob: 403,
      allowed: 'alice',
      prepare: async () => ({ id: schedule.id, baseRevision: await revision(), changes: [{ op: 'taskInsert', index: 0, task: taskOf(nextTask++, 'Probe') }] }),
    },
    { name: 'archive', method: 'POST', path: 'archive', input: () => ({ id: spare.id, archived: true }), bob: 403, allowed: 'admin' },
    { name: 'delete', method: 'POST', path: 'delete', input: () => ({ id: spare.id }), bob: 403, allowed: 'admin' },
    { name: 'share list', method: 'GET', path: 'share/list', input: () => ({ id: schedule.id }), bob: 403, allowed: 'admin' },
    { name: 'share create', method: 'POST', path: 'share/create', input: () => ({ id: schedule.id }), bob: 403, allowed: 'admin' },
    { name: 'share revoke', method: 'POST', path: 'share/revoke', input: () => ({ id: link.id }), bob: 403, allowed: 'admin', prepare: freshShare },
  ];

  it('covers every schedule route', () => {
    expect([...routes.map((r) => `${SCHEDULE_PREFIX}/${r.path}`), SCHEDULE_PATHS.publicGet].sort()).toEqual(Object.values(SCHEDULE_PATHS).sort());
  });

  it.each(routes.map((r) => [r.name, r] as const))('%s: anonymous 401, outsider and other tenant 404, viewer, allowed 200', async (_name, route) => {
    const input = route.input();
    const status = (who: Who, body = input) => api.statusOf(route.method, route.path, tokens[who], body);
    expect(await status('anonymous')).toBe(401);
    // Someone who cannot see the thing is told it is not there, whatever else is wrong with the call.
    expect(await status('outsider')).toBe(404);
    expect(await status('carol')).toBe(404);
    expect(await status('bob', route.prepare ? await route.prepare() : input)).toBe(route.bob);
    expect(await status(route.allowed, route.prepare ? await route.prepare() : input)).toBe(200);
  });

  it('public: open signed out by its token alone', async () => {
    expect((await api.call('GET', 'public', undefined, { token: link.token })).status).toBe(200);
    expect((await api.call('GET', 'public', tokens.carol, { token: link.token })).status).toBe(200);
    expect((await api.call('GET', 'public', undefined, { token: 'x'.repeat(32) })).status).toBe(404);
  });
});

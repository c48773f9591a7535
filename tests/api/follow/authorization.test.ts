import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FOLLOW_PATHS, FOLLOW_PREFIX, type FollowComment, type FollowDetail, type FollowType } from '../../../src/core/contracts/follows.ts';
import { inviteAndSignIn, userIdOf, workspaceByCode } from '../../helpers/authorization.ts';
import { testDialects } from '../../helpers/databases.ts';
import { uploadedFile } from '../../helpers/file-uploads.ts';
import { rgbPng } from '../../helpers/png.ts';
import { HARBOR, NORTHWIND, startTestApp, type TestApp } from '../../helpers/test-app.ts';
import { followClient } from './follow-client.ts';

const TOWER = 'NW-TOWER';
const PNG = rgbPng(2, 2, zlib.deflateSync(Buffer.from([0, 255, 0, 0, 0, 0, 255, 0, 0, 255, 0, 255, 255, 255])));

type Who = 'anonymous' | 'outsider' | 'bob' | 'carol' | 'alice' | 'admin';

/**
 * Every follow-up route as anonymous (401), as a Northwind user of another workspace (404), as
 * the viewer bob who holds no follow-up point (200 for reads, 403 for writes), as Harbor (404),
 * and as someone allowed (200): alice, a member, creates, comments and edits her own; the
 * ADMIN manages and keeps the types.
 */
describe.each(testDialects())('follow-up routes are guarded on %s', (dialect) => {
  let t: TestApp;
  let api: ReturnType<typeof followClient>;
  const tokens = {} as Record<Who, string | undefined>;
  let follow: FollowDetail;
  let other: FollowDetail;
  let comment: FollowComment;
  let type: FollowType;
  let aliceId: number;
  beforeAll(async () => {
    t = await startTestApp(dialect);
    api = followClient(t);
    tokens.admin = await t.signIn('admin', NORTHWIND);
    [tokens.alice, tokens.bob, tokens.carol] = await Promise.all([t.signIn('alice', NORTHWIND), t.signIn('bob', NORTHWIND), t.signIn('carol', HARBOR)]);
    const hq = await workspaceByCode(t, tokens.admin, 'NW-HQ');
    tokens.outsider = (await inviteAndSignIn(t, tokens.admin, { username: 'hqonly', workspaceIds: [hq.id] })).token;
    aliceId = await userIdOf(t, tokens.admin, 'alice');
    const types = await api.types(tokens.alice, TOWER);
    follow = await api.create(tokens.alice, { workspaceCode: TOWER, typeId: types[0]!.id, title: 'Guarded', assigneeIds: [aliceId] });
    other = await api.create(tokens.alice, { workspaceCode: TOWER, typeId: types[0]!.id, title: 'Guarded too' });
    comment = await api.ok<FollowComment>('POST', 'comment/add', tokens.alice, { followId: follow.id, text: 'First' });
    type = await api.ok<FollowType>('POST', 'type/save', tokens.admin, {
      workspaceCode: TOWER,
      name: 'Spare',
      color: '#000000',
      icon: 'TagOutlined',
      numbering: 'SP-{##}',
      statusRule: types[0]!.statusRule,
    });
  });
  afterAll(() => t.close());

  interface Route {
    name: string;
    method: 'GET' | 'POST';
    path: string;
    input: () => Record<string, unknown>;
    /** bob is a member of the workspace with no follow-up point. */
    bob: 200 | 403;
    allowed: 'alice' | 'admin';
    /** Input of the allowed call when it must differ (a fresh upload, the current revision). */
    prepare?: () => Promise<Record<string, unknown>>;
  }

  const photoOf = async () => (await api.ok<FollowDetail>('GET', 'get', tokens.alice!, { id: follow.id })).photos[0]!.id;
  const current = async (id: number) => (await api.ok<FollowDetail>('GET', 'get', tokens.admin!, { id })).revision;
  const upload = async () => (await uploadedFile(t.url, tokens.alice!, 'guard.png', PNG)).fileId;

  const routes: Route[] = [
    { name: 'list', method: 'POST', path: 'list', input: () => ({ workspaceCode: TOWER }), bob: 200, allowed: 'alice' },
    { name: 'get', method: 'GET', path: 'get', input: () => ({ id: follow.id }), bob: 200, allowed: 'alice' },
    { name: 'history', method: 'GET', path: 'history', input: () => ({ id: follow.id }), bob: 200, allowed: 'alice' },
    { name: 'comment list', method: 'GET', path: 'comment/list', input: () => ({ followId: follow.id }), bob: 200, allowed: 'alice' },
    { name: 'pin list', method: 'POST', path: 'pin/list', input: () => ({ workspaceCode: TOWER, sheetId: 999999 }), bob: 200, allowed: 'alice', prepare: async () => ({ workspaceCode: TOWER, sheetId: await sheetId() }) },
    { name: 'overview', method: 'POST', path: 'overview', input: () => ({ workspaceCode: TOWER }), bob: 200, allowed: 'alice' },
    { name: 'export', method: 'POST', path: 'export', input: () => ({ workspaceCode: TOWER }), bob: 200, allowed: 'alice' },
    { name: 'people', method: 'GET', path: 'people', input: () => ({ workspaceCode: TOWER }), bob: 200, allowed: 'alice' },
    { name: 'type list', method: 'GET', path: 'type/list', input: () => ({ workspaceCode: TOWER }), bob: 200, allowed: 'alice' },
    { name: 'watch', method: 'POST', path: 'watch', input: () => ({ id: follow.id, watching: true, userId: aliceId }), bob: 403, allowed: 'admin' },
    { name: 'create', method: 'POST', path: 'create', input: () => ({ workspaceCode: TOWER, typeId: follow.typeId, title: 'New one' }), bob: 403, allowed: 'alice' },
    {
      name: 'update',
      method: 'POST',
      path: 'update',
      input: () => ({ id: follow.id, revision: 1, title: 'Renamed' }),
      bob: 403,
      allowed: 'alice',
      prepare: async () => ({ id: follow.id, revision: await current(follow.id), title: 'Renamed' }),
    },
    {
      name: 'status',
      method: 'POST',
      path: 'status',
      input: () => ({ id: follow.id, revision: 1, to: 'inProgress' }),
      bob: 403,
      allowed: 'alice',
      prepare: async () => ({ id: follow.id, revision: await current(follow.id), to: 'inProgress' }),
    },
    { name: 'comment add', method: 'POST', path: 'comment/add', input: () => ({ followId: follow.id, text: 'Hello' }), bob: 403, allowed: 'alice' },
    { name: 'comment delete', method: 'POST', path: 'comment/delete', input: () => ({ id: comment.id }), bob: 403, allowed: 'alice' },
    {
      name: 'photo add',
      method: 'POST',
      path: 'photo/add',
      input: () => ({ followId: follow.id, fileIds: ['AAAAAAAAAAAAAAAAAAAAAA'] }),
      bob: 403,
      allowed: 'alice',
      prepare: async () => ({ followId: follow.id, fileIds: [await upload()] }),
    },
    {
      name: 'photo file',
      method: 'GET',
      path: 'photo/file',
      input: () => ({ id: 999999 }),
      bob: 200,
      allowed: 'alice',
      prepare: async () => ({ id: await photoOf() }),
    },
    {
      name: 'photo remove',
      method: 'POST',
      path: 'photo/remove',
      input: () => ({ followId: follow.id, photoIds: [999999] }),
      bob: 403,
      allowed: 'alice',
      prepare: async () => ({ followId: follow.id, photoIds: [await photoOf()] }),
    },
    { name: 'bulk', method: 'POST', path: 'bulk', input: () => ({ ids: [other.id], priority: 'high' }), bob: 403, allowed: 'admin' },
    { name: 'delete', method: 'POST', path: 'delete', input: () => ({ ids: [other.id] }), bob: 403, allowed: 'admin' },
    {
      name: 'type save',
      method: 'POST',
      path: 'type/save',
      input: () => ({ workspaceCode: TOWER, name: 'Another', color: '#111111', icon: 'TagOutlined', numbering: 'AN-{##}', statusRule: type.statusRule }),
      bob: 403,
      allowed: 'admin',
    },
    { name: 'type delete', method: 'POST', path: 'type/delete', input: () => ({ id: type.id }), bob: 403, allowed: 'admin' },
  ];

  const sheetId = async () => {
    const result = await t.call<{ rows: { id: number }[] }>('POST', '/proptech_allplan/drawing/sheet/list', { token: tokens.admin, body: { workspaceCode: TOWER } });
    return result.body.data.rows[0]!.id;
  };

  it('covers every follow-up route', () => {
    expect(routes.map((r) => `${FOLLOW_PREFIX}/${r.path}`).sort()).toEqual(Object.values(FOLLOW_PATHS).sort());
  });

  it.each(routes.map((r) => [r.name, r] as const))('%s: anonymous 401, outsider and other tenant 404, viewer, allowed 200', async (_name, route) => {
    const input = route.input();
    const status = (who: Who, body = input) => api.statusOf(route.method, route.path, tokens[who], body);
    expect(await status('anonymous')).toBe(401);
    // Someone who cannot see the thing is told it is not there, whatever else is wrong with the call.
    const hidden = route.path === 'pin/list' || route.path === 'photo/file' ? await route.prepare!() : input;
    expect(await status('outsider', hidden)).toBe(404);
    expect(await status('carol', hidden)).toBe(404);
    if (route.bob === 403) expect(await status('bob', route.prepare ? await route.prepare() : input)).toBe(403);
    else expect(await status('bob', route.prepare ? await route.prepare() : input)).toBe(200);
    expect(await status(route.allowed, route.prepare ? await route.prepare() : input)).toBe(200);
  });
});

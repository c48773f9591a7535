import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RevisionRow } from '../../../src/core/contracts/drawings.ts';
import type { Markup } from '../../../src/core/drawings/markup.ts';
import { demoSheetSetPdf } from '../../../src/server/seed/demo/drawings-files.ts';
import { inviteAndSignIn, workspaceByCode } from '../../helpers/authorization.ts';
import { testDialects } from '../../helpers/databases.ts';
import { uploadedFile } from '../../helpers/file-uploads.ts';
import { HARBOR, NORTHWIND, startTestApp, type TestApp } from '../../helpers/test-app.ts';
import { drawingClient } from './drawing-client.ts';

const TOWER = 'NW-TOWER';
const style = { color: '#1677ff', width: 1, opacity: 1, fill: null };

type Who = 'anonymous' | 'outsider' | 'bob' | 'carol';

/**
 * Every drawing route as anonymous (401), as a Northwind user of another workspace and as a
 * member without the route's function point (404 where the thing is not there for them, 403
 * where it is), as Harbor (404), and as someone allowed (200).
 */
describe.each(testDialects())('drawing routes are guarded on %s', (dialect) => {
  let t: TestApp;
  let api: ReturnType<typeof drawingClient>;
  const tokens = {} as Record<Who | 'alice' | 'admin', string | undefined>;
  let sheetId: number;
  let current: number;
  let pending: number[];
  let markupId: number;
  beforeAll(async () => {
    t = await startTestApp(dialect);
    api = drawingClient(t);
    tokens.admin = await t.signIn('admin', NORTHWIND);
    [tokens.alice, tokens.bob, tokens.carol] = await Promise.all([t.signIn('alice', NORTHWIND), t.signIn('bob', NORTHWIND), t.signIn('carol', HARBOR)]);
    const hq = await workspaceByCode(t, tokens.admin, 'NW-HQ');
    tokens.outsider = (await inviteAndSignIn(t, tokens.admin, { username: 'hqonly', workspaceIds: [hq.id] })).token;
    const pdf = await demoSheetSetPdf(
      ['G-001', 'G-002', 'G-003', 'G-004', 'G-005'].map((number) => ({ number, title: `General ${number}`, project: 'Tower', scale: '1:100', revision: 'A', date: '2026-11-20' })),
    );
    const [upload] = await api.upload(tokens.alice, TOWER, [['general.pdf', pdf]]);
    const [first, ...rest] = upload!.revisionIds;
    await api.ok('POST', 'revision/publish', tokens.admin, { ids: [first] });
    current = first!;
    pending = rest;
    sheetId = (await api.ok<{ revision: RevisionRow }>('GET', 'revision/get', tokens.admin, { id: current })).revision.sheetId!;
    markupId = (await api.ok<Markup>('POST', 'markup/save', tokens.alice, { revisionId: current, markup: { kind: 'rectangle', points: [[1, 1], [50, 50]], style, visibility: 'published' } })).id;
  });
  afterAll(() => t.close());

  interface Route {
    name: string;
    method: 'GET' | 'POST';
    path: string;
    input: () => Record<string, unknown>;
    /** Who is refused how (anonymous is always 401, Harbor always 404). */
    outsider: 403 | 404;
    bob: 200 | 403 | 404;
    allowed: 'alice' | 'admin';
    /** Some other file upload of the allowed caller, for the upload route. */
    prepare?: () => Promise<Record<string, unknown>>;
  }

  const routes: Route[] = [
    { name: 'set list', method: 'GET', path: 'set/list', input: () => ({ workspaceCode: TOWER }), outsider: 404, bob: 200, allowed: 'alice' },
    { name: 'set save', method: 'POST', path: 'set/save', input: () => ({ workspaceCode: TOWER, name: 'Guarded set' }), outsider: 404, bob: 403, allowed: 'alice' },
    { name: 'sheet list', method: 'POST', path: 'sheet/list', input: () => ({ workspaceCode: TOWER }), outsider: 404, bob: 200, allowed: 'alice' },
    { name: 'sheet get', method: 'GET', path: 'sheet/get', input: () => ({ id: sheetId }), outsider: 404, bob: 200, allowed: 'alice' },
    { name: 'upload list', method: 'GET', path: 'upload/list', input: () => ({ workspaceCode: TOWER }), outsider: 404, bob: 200, allowed: 'alice' },
    { name: 'pending', method: 'POST', path: 'revision/pending', input: () => ({ workspaceCode: TOWER }), outsider: 404, bob: 200, allowed: 'alice' },
    { name: 'revision get', method: 'GET', path: 'revision/get', input: () => ({ id: current }), outsider: 404, bob: 200, allowed: 'alice' },
    { name: 'revision file', method: 'GET', path: 'revision/file', input: () => ({ id: current, part: 'thumbnail' }), outsider: 404, bob: 200, allowed: 'alice' },
    { name: 'markup list', method: 'GET', path: 'markup/list', input: () => ({ revisionId: current }), outsider: 404, bob: 200, allowed: 'alice' },
    {
      name: 'revision update',
      method: 'POST',
      path: 'revision/update',
      input: () => ({ id: pending[0], number: 'G-101', title: 'General notes', discipline: 'G', label: 'A', setId: null }),
      outsider: 404,
      bob: 403,
      allowed: 'alice',
    },
    { name: 'calibrate', method: 'POST', path: 'revision/calibrate', input: () => ({ id: current, calibration: { metresPerUnit: 0.01, source: 'distance' } }), outsider: 404, bob: 403, allowed: 'alice' },
    {
      name: 'markup save',
      method: 'POST',
      path: 'markup/save',
      input: () => ({ revisionId: current, markup: { kind: 'ellipse', points: [[5, 5], [20, 20]], style, visibility: 'published' } }),
      outsider: 404,
      bob: 403,
      allowed: 'alice',
    },
    { name: 'markup delete', method: 'POST', path: 'markup/delete', input: () => ({ ids: [markupId] }), outsider: 404, bob: 403, allowed: 'alice' },
    { name: 'publish', method: 'POST', path: 'revision/publish', input: () => ({ ids: [pending[1]] }), outsider: 404, bob: 403, allowed: 'admin' },
    { name: 'reject', method: 'POST', path: 'revision/reject', input: () => ({ ids: [pending[2]] }), outsider: 404, bob: 403, allowed: 'admin' },
    {
      name: 'upload',
      method: 'POST',
      path: 'upload',
      input: () => ({ workspaceCode: TOWER, fileIds: ['AAAAAAAAAAAAAAAAAAAAAA'] }),
      prepare: async () => ({ workspaceCode: TOWER, fileIds: [(await uploadedFile(t.url, tokens.alice!, 'one.pdf', Buffer.from(await demoSheetSetPdf([])))).fileId] }),
      outsider: 404,
      bob: 403,
      allowed: 'alice',
    },
    { name: 'sheet delete', method: 'POST', path: 'sheet/delete', input: () => ({ ids: [sheetId] }), outsider: 404, bob: 403, allowed: 'admin' },
  ];

  it('covers every drawing route', () => {
    expect(routes.map((r) => r.path).sort()).toEqual(
      [
        'markup/delete',
        'markup/list',
        'markup/save',
        'revision/calibrate',
        'revision/file',
        'revision/get',
        'revision/pending',
        'revision/publish',
        'revision/reject',
        'revision/update',
        'set/list',
        'set/save',
        'sheet/delete',
        'sheet/get',
        'sheet/list',
        'upload',
        'upload/list',
      ].sort(),
    );
  });

  it.each(routes.map((r) => [r.name, r] as const))('%s: anonymous 401, outsider, member without the point, other tenant 404, allowed 200', async (_name, route) => {
    const input = route.input();
    const status = (who: Who | 'alice' | 'admin', body = input) => api.statusOf(route.method, route.path, tokens[who], body);
    expect(await status('anonymous')).toBe(401);
    expect(await status('outsider')).toBe(route.outsider);
    expect(await status('carol')).toBe(404);
    if (route.bob !== 200) expect(await status('bob')).toBe(route.bob);
    if (route.prepare) {
      expect(await status(route.allowed, await route.prepare())).toBe(200);
    } else {
      if (route.bob === 200) expect(await status('bob')).toBe(200);
      expect(await status(route.allowed)).toBe(200);
    }
  });
});

import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FOLLOW_SETTINGS_PATHS, FOLLOW_SETTINGS_PREFIX, type DataSourceOption, type FollowTemplateDetail } from '../../../src/core/contracts/follow-settings.ts';
import { DISCIPLINE_CODES } from '../../../src/core/drawings/disciplines.ts';
import { inviteAndSignIn, workspaceByCode } from '../../helpers/authorization.ts';
import { testDialects } from '../../helpers/databases.ts';
import { HARBOR, NORTHWIND, startTestApp, type TestApp } from '../../helpers/test-app.ts';
import { followRows } from './follow-rows.ts';
import { settingsClient } from './settings-client.ts';

const TOWER = 'NW-TOWER';

type Who = 'anonymous' | 'outsider' | 'bob' | 'harbor' | 'admin';

/**
 * Every follow-up settings route as anonymous (401), as a Northwind user of another workspace
 * (404: the workspace or type is not there for them), as a member without follow:settings (200
 * for reads, 403 for writes), as Harbor (404), and as an ADMIN (200).
 */
describe.each(testDialects())('follow-up settings routes are guarded on %s', (dialect) => {
  let t: TestApp;
  let api: ReturnType<typeof settingsClient>;
  const tokens = {} as Record<Who, string | undefined>;
  let typeId: number;
  let optionId: number;
  let userId: number;
  let sheet: Buffer;
  let templateRevision: number;
  const design = { version: 1, items: [{ key: 'trade', type: 'select', label: 'Trade', options: [{ value: 'x', label: 'X' }] }] };
  beforeAll(async () => {
    t = await startTestApp(dialect);
    api = settingsClient(t);
    tokens.admin = await t.signIn('admin', NORTHWIND);
    [tokens.bob, tokens.harbor] = await Promise.all([t.signIn('bob', NORTHWIND), t.signIn('harbor', HARBOR)]);
    const hq = await workspaceByCode(t, tokens.admin, 'NW-HQ');
    tokens.outsider = (await inviteAndSignIn(t, tokens.admin, { username: 'hqonly', workspaceIds: [hq.id] })).token;
    typeId = await followRows(t, () => tokens.admin!).type(TOWER, 'Punch item');
    await api.ok<FollowTemplateDetail>('POST', 'template/save', tokens.admin, { typeId, design, bindings: { trade: 'trade' } });
    optionId = (await api.ok<DataSourceOption>('POST', 'option/save', tokens.admin, { workspaceCode: TOWER, source: 'trade', code: 'ELEC', label: 'Electrical' })).id;
    await api.ok('POST', 'template/publish', tokens.admin, { typeId });
    templateRevision = (await api.ok<FollowTemplateDetail>('GET', 'template/get', tokens.admin, { typeId })).revision;
    userId = (await t.app.services.db.selectFrom('app_user').select('id').where('username', '=', 'bob').executeTakeFirstOrThrow()).id;
    const workbook = new ExcelJS.Workbook();
    workbook.addWorksheet('trade').addRows([['code', 'label'], ['PLUMB', 'Plumbing']]);
    sheet = Buffer.from(await workbook.xlsx.writeBuffer());
  });
  afterAll(() => t.close());

  interface Route {
    path: keyof typeof FOLLOW_SETTINGS_PATHS;
    method: 'GET' | 'POST' | 'MULTIPART';
    input: () => Record<string, unknown>;
    bob: 200 | 403;
  }

  const ws = { workspaceCode: TOWER };
  const routes: Route[] = [
    { path: 'sourceList', method: 'GET', input: () => ws, bob: 200 },
    { path: 'sourceSave', method: 'POST', input: () => ({ ...ws, key: 'weather', name: 'Weather' }), bob: 403 },
    { path: 'sourceDelete', method: 'POST', input: () => ({ ...ws, key: 'weather' }), bob: 403 },
    { path: 'optionList', method: 'GET', input: () => ({ ...ws, source: 'trade' }), bob: 200 },
    { path: 'optionSave', method: 'POST', input: () => ({ ...ws, source: 'company', code: `C${Math.random().toString(36).slice(2, 8)}`, label: 'Contractor' }), bob: 403 },
    { path: 'optionRetire', method: 'POST', input: () => ({ ...ws, source: 'trade', ids: [optionId], retired: false }), bob: 403 },
    { path: 'optionUsage', method: 'GET', input: () => ({ ...ws, source: 'trade', id: optionId }), bob: 200 },
    { path: 'optionExport', method: 'GET', input: () => ({ ...ws, source: 'trade' }), bob: 200 },
    { path: 'optionImport', method: 'MULTIPART', input: () => ({ ...ws, source: 'trade' }), bob: 403 },
    { path: 'templateList', method: 'GET', input: () => ws, bob: 200 },
    { path: 'templateGet', method: 'GET', input: () => ({ typeId }), bob: 200 },
    { path: 'templateSave', method: 'POST', input: () => ({ typeId, revision: templateRevision, design, bindings: { trade: 'trade' } }), bob: 403 },
    { path: 'templatePublish', method: 'POST', input: () => ({ typeId }), bob: 403 },
    { path: 'templateVersion', method: 'GET', input: () => ({ typeId, version: 1 }), bob: 200 },
    { path: 'projectGet', method: 'GET', input: () => ws, bob: 200 },
    { path: 'projectSave', method: 'POST', input: () => ({ ...ws, revision: 0, sheetNumberRule: '{discipline}-{101}' }), bob: 403 },
    { path: 'disciplineList', method: 'GET', input: () => ws, bob: 200 },
    // Revision 1: the ADMIN's project save just above made it (the two share the workspace's settings row).
    { path: 'disciplineSave', method: 'POST', input: () => ({ ...ws, revision: 1, disciplines: DISCIPLINE_CODES.map((code) => ({ code, label: null })) }), bob: 403 },
    { path: 'memberList', method: 'GET', input: () => ws, bob: 403 },
    { path: 'memberRoles', method: 'POST', input: () => ({ ...ws, userId, roleIds: [] }), bob: 403 },
    // Last: the ADMIN's call deletes the option the routes above name.
    { path: 'optionDelete', method: 'POST', input: () => ({ ...ws, source: 'trade', ids: [optionId] }), bob: 403 },
  ];

  it('names every route of the contract', () => {
    expect(routes.map((r) => r.path).sort()).toEqual(Object.keys(FOLLOW_SETTINGS_PATHS).sort());
  });

  const statusOf = async (route: Route, who: Who): Promise<{ status: number; message: string }> => {
    const token = tokens[who];
    const target = new URL(`/api${FOLLOW_SETTINGS_PATHS[route.path]}`, t.url);
    const headers: Record<string, string> = token === undefined ? {} : { token };
    let body: BodyInit | undefined;
    if (route.method === 'GET') {
      for (const [key, value] of Object.entries(route.input())) target.searchParams.set(key, String(value));
    } else if (route.method === 'POST') {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(route.input());
    } else {
      const form = new FormData();
      for (const [key, value] of Object.entries(route.input())) form.append(key, String(value));
      form.append('file', new Blob([new Uint8Array(sheet)]), 'trade.xlsx');
      body = form;
    }
    const response = await fetch(target, { method: route.method === 'GET' ? 'GET' : 'POST', headers, body });
    const text = Buffer.from(await response.arrayBuffer()).toString('utf8');
    return { status: response.status, message: text.startsWith('{') ? (JSON.parse(text) as { message: string }).message : '' };
  };

  it.each(['anonymous', 'outsider', 'harbor', 'bob', 'admin'] as const)('as %s', async (who) => {
    for (const route of routes) {
      const expected = who === 'anonymous' ? 401 : who === 'outsider' || who === 'harbor' ? 404 : who === 'bob' ? route.bob : 200;
      const { status, message } = await statusOf(route, who);
      expect(status, `${route.path} as ${who}: ${message}`).toBe(expected);
    }
  });

  it('the prefix is the one the contract names', () => {
    expect(Object.values(FOLLOW_SETTINGS_PATHS).every((path) => path.startsWith(`${FOLLOW_SETTINGS_PREFIX}/`))).toBe(true);
  });
});

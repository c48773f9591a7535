import { createCanvas } from '@napi-rs/canvas';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SheetListResult } from '../../../src/core/contracts/drawings.ts';
import type { FollowDetail } from '../../../src/core/contracts/follows.ts';
import { FOLLOW_FILE_PATHS } from '../../../src/core/follows/bcf.ts';
import { FOLLOW_STATUS_COLORS } from '../../../src/core/follows/status-colors.ts';
import { inviteAndSignIn, workspaceByCode } from '../../helpers/authorization.ts';
import { testDialects } from '../../helpers/databases.ts';
import { uploadedFile } from '../../helpers/file-uploads.ts';
import { HARBOR, NORTHWIND, startTestApp, type TestApp } from '../../helpers/test-app.ts';
import { followClient } from './follow-client.ts';

const TOWER = 'NW-TOWER';
const path = FOLLOW_FILE_PATHS.report.replace(/^\/proptech_allplan\/follow\//, '');

async function pdfPages(bytes: Buffer): Promise<string[]> {
  const document = await getDocument({ data: new Uint8Array(bytes), verbosity: 0 }).promise;
  const pages: string[] = [];
  for (let i = 1; i <= document.numPages; i++) {
    const content = await (await document.getPage(i)).getTextContent();
    pages.push(content.items.map((item) => ('str' in item ? item.str : '')).join(''));
  }
  await document.destroy();
  return pages;
}

/**
 * The PDF report of a follow-up list through the API: one page of heading, then each
 * follow-up with its fields, the sheet around its pin and its photos, in the reader's
 * language; seeing the workspace is enough, other tenants and workspaces see 404.
 */
describe.each(testDialects())('follow-up PDF report on %s', (dialect) => {
  let t: TestApp;
  let api: ReturnType<typeof followClient>;
  let admin: string;
  let alice: string;
  let bob: string;
  let carol: string;
  let outsider: string;
  let pinned: FollowDetail;
  let plain: FollowDetail;

  const report = async (token: string | undefined, body: Record<string, unknown>) => {
    const response = await api.raw('POST', path, token, body);
    return { status: response.status, type: response.headers.get('content-type'), bytes: Buffer.from(await response.arrayBuffer()) };
  };

  beforeAll(async () => {
    t = await startTestApp(dialect);
    api = followClient(t);
    admin = await t.signIn('admin', NORTHWIND);
    [alice, bob, carol] = await Promise.all([t.signIn('alice', NORTHWIND), t.signIn('bob', NORTHWIND), t.signIn('carol', HARBOR)]);
    const hq = await workspaceByCode(t, admin, 'NW-HQ');
    outsider = (await inviteAndSignIn(t, admin, { username: 'reportoutsider', workspaceIds: [hq.id] })).token;
    const typeId = (await api.types(alice, TOWER))[0]!.id;
    const sheets = await t.call<SheetListResult>('POST', '/proptech_allplan/drawing/sheet/list', {
      token: admin,
      body: { workspaceCode: TOWER },
    });
    const sheet = sheets.body.data.rows.find((s) => s.current?.kind === 'pdf')!;
    const canvas = createCanvas(640, 480);
    canvas.getContext('2d').fillRect(0, 0, 320, 240);
    const photo = await uploadedFile(t.url, alice, 'site.png', canvas.toBuffer('image/png'));
    pinned = await api.create(alice, {
      workspaceCode: TOWER,
      typeId,
      title: 'Report probe: crack near column C4',
      description: 'Runs 40 cm along the slab edge.',
      pin: { sheetId: sheet.id, revisionId: sheet.current!.id, x: sheet.current!.width / 2, y: sheet.current!.height / 2 },
      photoFileIds: [photo.fileId],
      dueDate: '2026-12-03',
    });
    plain = await api.create(alice, { workspaceCode: TOWER, typeId, title: 'Report probe: 楼板开裂' });
  });
  afterAll(() => t.close());

  it('holds a heading page and a page per chosen follow-up with its number, title, fields, sheet snippet and photo', async () => {
    const result = await report(alice, { workspaceCode: TOWER, ids: [pinned.id, plain.id] });
    expect(result.status).toBe(200);
    expect(result.type).toBe('application/pdf');
    const pages = await pdfPages(result.bytes);
    // Each follow-up starts a page of its own, after the heading page.
    expect(pages.map((p) => (p.includes(pinned.number) ? 'pinned' : p.includes(plain.number) ? 'plain' : '-'))).toEqual(['-', 'pinned', 'plain']);
    expect(pages[0]).toContain('Follow-up report');
    expect(pages[0]).toContain('2 follow-ups');
    const page = pages.find((p) => p.includes(pinned.number))!;
    expect(page).toContain('Report probe: crack near column C4');
    expect(page).toContain('Runs 40 cm along the slab edge.');
    expect(page).toContain('Dec 3, 2026');
    expect(page).toContain(pinned.pin!.sheetNumber);
    expect(pages.some((p) => p.includes('楼板开裂'))).toBe(true);
    // The snippet and the photo are images on the page.
    const document = await getDocument({ data: new Uint8Array(result.bytes), verbosity: 0 }).promise;
    const index = pages.indexOf(page) + 1;
    const operators = await (await document.getPage(index)).getOperatorList();
    const { OPS } = await import('pdfjs-dist/legacy/build/pdf.mjs');
    expect(operators.fnArray.filter((op) => op === OPS.paintImageXObject)).toHaveLength(2);
    // The snippet (the first image) has the pin in the status's one colour just above its point, the snippet's middle.
    const pdfPage = await document.getPage(index);
    const name = String((operators.argsArray[operators.fnArray.indexOf(OPS.paintImageXObject)] as unknown[])[0]);
    const snippet = await new Promise<{ width: number; height: number; data: Uint8ClampedArray }>((resolve) => {
      pdfPage.objs.get(name, resolve);
    });
    const channels = snippet.data.length / (snippet.width * snippet.height);
    const at = (Math.round(snippet.height / 2 - 8) * snippet.width + Math.round(snippet.width / 2)) * channels;
    const pinColour = `#${[...snippet.data.slice(at, at + 3)].map((c) => c.toString(16).padStart(2, '0')).join('')}`;
    expect(pinColour).toBe(FOLLOW_STATUS_COLORS[pinned.status]);
    await document.destroy();
  });

  it('takes the list’s filters and speaks the reader’s language', async () => {
    const result = await report(bob, { workspaceCode: TOWER, text: 'Report probe', language: 'zh-CN' });
    expect(result.status).toBe(200);
    const pages = await pdfPages(result.bytes);
    expect(pages[0]).toContain('跟进事项报告');
    expect(pages.slice(1).some((p) => p.includes('Report probe: crack near column C4'))).toBe(true);
    expect(pages.join('')).toContain('截止日期');
  });

  it('answers 401 to anonymous and 404 to another tenant or a workspace the caller is not in', async () => {
    expect((await report(undefined, { workspaceCode: TOWER })).status).toBe(401);
    expect((await report(carol, { workspaceCode: TOWER })).status).toBe(404);
    expect((await report(outsider, { workspaceCode: TOWER })).status).toBe(404);
    expect((await report(admin, { workspaceCode: TOWER, ids: [pinned.id] })).status).toBe(200);
    // Chosen ids of follow-ups elsewhere are simply not in it.
    const none = await pdfPages((await report(alice, { workspaceCode: 'NW-TOWER', ids: [2147483000] })).bytes);
    expect(none).toHaveLength(1);
    expect(none[0]).toContain('0 follow-ups');
  });
});

import zlib from 'node:zlib';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FOLLOW_AGE_BUCKETS, FOLLOW_EVENT, type FollowComment, type FollowDetail, type FollowListResult, type FollowOverview, type FollowPinRow, type FollowType, type HistoryEntry } from '../../../src/core/contracts/follows.ts';
import type { SheetListResult } from '../../../src/core/contracts/drawings.ts';
import type { FollowTemplateDetail } from '../../../src/core/contracts/follow-settings.ts';
import type { FormDetail } from '../../../src/core/contracts/form.ts';
import { addDays, ageBucketDays, calendarDay, dayStart, weekOf } from '../../../src/core/follows/due.ts';
import { sendDueNotices } from '../../../src/server/modules/follow/due-check.ts';
import { userIdOf } from '../../helpers/authorization.ts';
import { testDialects } from '../../helpers/databases.ts';
import { uploadedFile } from '../../helpers/file-uploads.ts';
import { openNotifyStream } from '../../helpers/notify-stream.ts';
import { rgbPng } from '../../helpers/png.ts';
import { HARBOR, NORTHWIND, startTestApp, type TestApp } from '../../helpers/test-app.ts';
import { drawingClient } from '../drawing/drawing-client.ts';
import { followClient } from './follow-client.ts';

const TOWER = 'NW-TOWER';
const DAY = 86_400_000;

describe.each(testDialects())('follow-ups on %s', (dialect) => {
  let t: TestApp;
  let api: ReturnType<typeof followClient>;
  let admin: string;
  let alice: string;
  let bob: string;
  let carol: string;
  const ids = { admin: 0, alice: 0, bob: 0, carol: 0 };
  let punch: FollowType;
  let sheet: { id: number; revisionId: number; width: number; height: number };

  beforeAll(async () => {
    t = await startTestApp(dialect);
    api = followClient(t);
    admin = await t.signIn('admin', NORTHWIND);
    [alice, bob, carol] = await Promise.all([t.signIn('alice', NORTHWIND), t.signIn('bob', NORTHWIND), t.signIn('carol', HARBOR)]);
    ids.admin = await userIdOf(t, admin, 'admin');
    ids.alice = await userIdOf(t, admin, 'alice');
    ids.bob = await userIdOf(t, admin, 'bob');
    const harborAdmin = await t.signIn('harbor', HARBOR);
    ids.carol = await userIdOf(t, harborAdmin, 'carol');
    punch = (await api.types(alice, TOWER)).find((type) => type.numbering === 'PI-{####}')!;
    const sheets = await drawingClient(t).ok<SheetListResult>('POST', 'sheet/list', admin, { workspaceCode: TOWER });
    const a101 = sheets.rows.find((row) => row.number === 'A-101')!;
    sheet = { id: a101.id, revisionId: a101.current!.id, width: a101.current!.width, height: a101.current!.height };
  });
  afterAll(() => t.close());

  const newFollow = (token: string, extra: Record<string, unknown> = {}) =>
    api.create(token, { workspaceCode: TOWER, typeId: punch.id, title: 'Skirting board loose', assigneeIds: [ids.alice], reviewerId: ids.admin, ...extra });

  it('the demo has follow-ups of every status on its sheets, with photos, comments and history', async () => {
    const list = await api.ok<FollowListResult>('POST', 'list', bob, { workspaceCode: TOWER, size: 200 });
    expect(new Set(list.rows.map((row) => row.status))).toEqual(new Set(['open', 'inProgress', 'readyForReview', 'closed']));
    const pinned = list.rows.find((row) => row.pin?.sheetNumber === 'A-101')!;
    expect(pinned.pin).toMatchObject({ sheetId: sheet.id, sheetTitle: 'Ground floor plan', revisionLabel: expect.any(String) });
    expect(pinned.assignees[0]!.name).toBe('Alice Chen');
    expect(pinned.reviewer?.name).toBe('Ada Admin');
    const withPhoto = list.rows.find((row) => row.photoCount > 0)!;
    const detail = await api.ok<FollowDetail>('GET', 'get', bob, { id: withPhoto.id });
    expect(detail.photos[0]!.fileName).toMatch(/\.png$/);
    const thumbnail = await api.raw('GET', 'photo/file', bob, { id: detail.photos[0]!.id });
    expect(thumbnail.status).toBe(200);
    expect(thumbnail.headers.get('content-type')).toBe('image/webp');
    const original = await api.raw('GET', 'photo/file', bob, { id: detail.photos[0]!.id, part: 'original' });
    expect(original.headers.get('content-type')).toContain('image/png');
    expect(Buffer.from(await original.arrayBuffer()).subarray(1, 4).toString()).toBe('PNG');
    const commented = list.rows.find((row) => row.commentCount > 1)!;
    const comments = await api.ok<FollowComment[]>('GET', 'comment/list', bob, { followId: commented.id });
    expect(comments).toHaveLength(commented.commentCount);
    const history = await api.ok<HistoryEntry[]>('GET', 'history', bob, { id: commented.id });
    expect(history.at(-1)!.action).toBe('create');
    const types = await api.types(bob, TOWER);
    expect(types.map((type) => type.name)).toContainEqual({ en: 'Punch item', 'zh-CN': '尾项', ar: 'بند ملاحظات التسليم' });
  });

  it('numbers follow-ups by their type without a duplicate when many are created at once', async () => {
    const made = await Promise.all(Array.from({ length: 12 }, (_, i) => newFollow(alice, { title: `Parallel ${i}` })));
    const numbers = made.map((follow) => follow.number);
    expect(new Set(numbers).size).toBe(12);
    for (const number of numbers) expect(number).toMatch(/^PI-\d{4}$/);
    const sequence = numbers.map((n) => Number(n.slice(3))).sort((a, b) => a - b);
    expect(sequence.at(-1)! - sequence[0]!).toBe(11);
    const history = await api.ok<HistoryEntry[]>('GET', 'history', alice, { id: made[0]!.id });
    expect(history).toMatchObject([{ action: 'create', note: made[0]!.number, by: { id: ids.alice, name: 'Alice Chen' } }]);
  });

  it('moves through the flow by the type rule and refuses the rest', async () => {
    let follow = await newFollow(admin);
    const as = async (token: string, to: string, status = 200) => {
      const result = await api.call<FollowDetail>('POST', 'status', token, { id: follow.id, revision: follow.revision, to });
      expect(result.status, `${to}: ${result.body.message}`).toBe(status);
      if (status === 200) follow = result.body.data;
      return result.body;
    };
    expect((await api.ok<FollowDetail>('GET', 'get', alice, { id: follow.id })).moves).toEqual(['start', 'submit']);
    await as(alice, 'inProgress');
    await as(alice, 'readyForReview');
    expect((await as(alice, 'closed', 403)).data).toMatchObject({ problem: 'statusRefused', params: { from: 'readyForReview', to: 'closed' } });
    expect((await api.ok<FollowDetail>('GET', 'get', admin, { id: follow.id })).moves).toEqual(['return', 'close']);
    await as(admin, 'closed');
    expect(follow.closedTime).not.toBeNull();
    expect((await as(admin, 'inProgress', 400)).data).toMatchObject({ problem: 'statusNotInFlow' });
    await as(alice, 'open', 403);
    await as(bob, 'open', 403);
    await as(admin, 'open');
    expect(follow.closedTime).toBeNull();
    const history = await api.ok<HistoryEntry[]>('GET', 'history', alice, { id: follow.id });
    expect(history.filter((h) => h.action === 'status').map((h) => h.changes[0]!.to)).toEqual(['open', 'closed', 'readyForReview', 'inProgress']);

    // A type whose rule lets only the reviewer close: a manager who is not the reviewer may not.
    const strict = await api.ok<FollowType>('POST', 'type/save', admin, {
      workspaceCode: TOWER,
      name: { en: 'Inspection', 'zh-CN': '检查', ar: 'فحص' },
      color: '#2f54eb',
      icon: 'AuditOutlined',
      numbering: 'IN-{YYYY}-{###}',
      statusRule: { start: ['assignee'], submit: ['assignee'], return: ['reviewer'], close: ['reviewer'], reopen: ['reviewer'] },
      defaultReviewerIds: [ids.alice],
    });
    follow = await api.create(admin, { workspaceCode: TOWER, typeId: strict.id, title: 'Fire stopping at riser 2', assigneeIds: [ids.alice] });
    expect(follow.reviewer).toEqual({ id: ids.alice, name: 'Alice Chen' });
    expect(follow.number).toMatch(/^IN-\d{4}-001$/);
    await as(admin, 'closed', 403);
    await as(alice, 'closed');
  });

  it('answers 409 naming who saved a follow-up since it was loaded', async () => {
    const loaded = await newFollow(alice);
    const changed = await api.ok<FollowDetail>('POST', 'update', admin, { id: loaded.id, revision: loaded.revision, title: 'Skirting board loose in 0.04', priority: 'high' });
    expect(changed.revision).toBe(loaded.revision + 1);
    const stale = await api.call('POST', 'update', alice, { id: loaded.id, revision: loaded.revision, title: 'Mine' });
    expect(stale.status).toBe(409);
    expect(stale.body.message).toContain('Ada Admin');
    expect(stale.body.data).toMatchObject({ problem: 'stale', params: { by: 'Ada Admin' } });
    expect((await api.call('POST', 'status', alice, { id: loaded.id, revision: loaded.revision, to: 'inProgress' })).status).toBe(409);
    const history = await api.ok<HistoryEntry[]>('GET', 'history', alice, { id: loaded.id });
    expect(history[0]).toMatchObject({ action: 'update', by: { name: 'Ada Admin' } });
    expect(history[0]!.changes).toEqual(
      expect.arrayContaining([
        { field: 'title', from: 'Skirting board loose', to: 'Skirting board loose in 0.04' },
        { field: 'priority', from: 'normal', to: 'high' },
      ]),
    );
  });

  it('keeps follow-ups inside their tenant and workspace; a viewer reads but does not write', async () => {
    const follow = await newFollow(alice);
    expect((await api.call('GET', 'get', carol, { id: follow.id })).status).toBe(404);
    expect((await api.call('POST', 'list', carol, { workspaceCode: TOWER })).status).toBe(404);
    expect((await api.call('POST', 'status', carol, { id: follow.id, revision: follow.revision, to: 'inProgress' })).status).toBe(404);
    expect(await api.ok<FollowDetail>('GET', 'get', bob, { id: follow.id })).toMatchObject({ canEdit: false, canComment: false, moves: [] });
    expect(await api.ok<FollowDetail>('GET', 'get', alice, { id: follow.id })).toMatchObject({ canEdit: true, canComment: true, moves: ['start', 'submit'] });
    expect((await api.call('POST', 'create', bob, { workspaceCode: TOWER, typeId: punch.id, title: 'Not mine to write' })).status).toBe(403);
    expect((await api.call('POST', 'comment/add', bob, { followId: follow.id, text: 'Hello' })).status).toBe(403);
    expect((await api.call('POST', 'update', bob, { id: follow.id, revision: follow.revision, title: 'x' })).status).toBe(403);
    // Someone of another tenant cannot be assigned or mentioned.
    expect((await api.call('POST', 'create', alice, { workspaceCode: TOWER, typeId: punch.id, title: 'Stranger', assigneeIds: [ids.carol] })).body.data).toMatchObject({
      problem: 'notMember',
    });
    expect((await api.call('POST', 'comment/add', alice, { followId: follow.id, text: '@Carol', mentionIds: [ids.carol] })).status).toBe(400);
  });

  it('tells the assignee, the watchers and the mentioned through the bell', async () => {
    const follow = await newFollow(admin, { title: 'Handrail bracket missing' });
    const assigned = (await api.notices(alice)).find((n) => n.kind === 'followAssigned' && n.link === `/follows/detail/${follow.id}`);
    expect(assigned?.params).toMatchObject({ record: `${follow.number} Handrail bracket missing`, actor: 'Ada Admin', form: punch.name });
    await api.ok('POST', 'status', alice, { id: follow.id, revision: follow.revision, to: 'inProgress' });
    const moved = (await api.notices(admin)).find((n) => n.kind === 'followStatus' && n.link === `/follows/detail/${follow.id}`);
    expect(moved?.params).toMatchObject({ actor: 'Alice Chen', node: { en: 'In progress' } });
    const comment = await api.ok<FollowComment>('POST', 'comment/add', alice, { followId: follow.id, text: '@Bob Li can you check the fixings?', mentionIds: [ids.bob] });
    expect(comment.mentions).toEqual([{ id: ids.bob, name: 'Bob Li' }]);
    expect((await api.notices(bob)).find((n) => n.kind === 'followMentioned' && n.link === `/follows/detail/${follow.id}`)?.params).toMatchObject({
      comment: '@Bob Li can you check the fixings?',
    });
    expect((await api.notices(admin)).some((n) => n.kind === 'followComment' && n.link === `/follows/detail/${follow.id}`)).toBe(true);
    expect((await api.notices(alice)).some((n) => n.kind === 'followComment' && n.link === `/follows/detail/${follow.id}`)).toBe(false);
  });

  it('sends "due tomorrow" and "overdue" once per follow-up and due date, however often the check runs', async () => {
    const today = new Date(t.clock.now() + 8 * 3_600_000).toISOString().slice(0, 10);
    const tomorrow = new Date(Date.parse(`${today}T00:00:00Z`) + DAY).toISOString().slice(0, 10);
    const yesterday = new Date(Date.parse(`${today}T00:00:00Z`) - DAY).toISOString().slice(0, 10);
    const soon = await newFollow(admin, { title: 'Due soon', dueDate: tomorrow });
    const late = await newFollow(admin, { title: 'Past due', dueDate: yesterday });
    const deps = { db: t.app.services.db, bus: t.app.services.notifyBus, clock: t.clock };
    expect(await sendDueNotices(deps)).toBeGreaterThanOrEqual(2);
    expect(await sendDueNotices(deps)).toBe(0);
    await Promise.all([sendDueNotices(deps), sendDueNotices(deps)]);
    const mine = await api.notices(alice);
    expect(mine.filter((n) => n.kind === 'followDueTomorrow' && n.link === `/follows/detail/${soon.id}`)).toHaveLength(1);
    expect(mine.filter((n) => n.kind === 'followOverdue' && n.link === `/follows/detail/${late.id}`)).toHaveLength(1);
    expect((await api.ok<FollowDetail>('GET', 'get', alice, { id: late.id })).dueState).toBe('overdue');
    const overdue = await api.ok<FollowListResult>('POST', 'list', alice, { workspaceCode: TOWER, overdue: true, size: 200 });
    expect(overdue.rows.map((r) => r.id)).toContain(late.id);
    expect(overdue.rows.map((r) => r.id)).not.toContain(soon.id);
  });

  it('pins on a sheet: checked against the sheet, listed with the list filters', async () => {
    const pin = { sheetId: sheet.id, revisionId: sheet.revisionId, x: sheet.width / 2, y: sheet.height / 3 };
    const pinned = await newFollow(alice, { title: 'Pinned one', pin, trade: 'TP06' }); // Plumbing: no demo follow-up has it
    expect(pinned.pin).toMatchObject({ ...pin, sheetNumber: 'A-101', modelElementId: null });
    expect((await api.call('POST', 'create', alice, { workspaceCode: TOWER, typeId: punch.id, title: 'Off the sheet', pin: { ...pin, x: sheet.width + 10 } })).body.data).toMatchObject({
      problem: 'pinOutside',
    });
    expect((await api.call('POST', 'create', alice, { workspaceCode: TOWER, typeId: punch.id, title: 'Wrong sheet', pin: { ...pin, sheetId: 999999 } })).body.data).toMatchObject({
      problem: 'sheetUnavailable',
    });
    const pins = await api.ok<FollowPinRow[]>('POST', 'pin/list', alice, { workspaceCode: TOWER, sheetId: sheet.id, revisionId: sheet.revisionId, trades: ['TP06'] });
    expect(pins.map((p) => p.id)).toEqual([pinned.id]);
    expect(pins[0]).toMatchObject({ color: punch.color, status: 'open', fromRevision: null });
    const all = await api.ok<FollowPinRow[]>('POST', 'pin/list', alice, { workspaceCode: TOWER, sheetId: sheet.id });
    expect(all.length).toBeGreaterThan(1);
  });

  it('filters, sorts and pages the list; counts the overview; exports what is listed', async () => {
    const mine = await api.ok<FollowListResult>('POST', 'list', alice, { workspaceCode: TOWER, createdByMe: true, statuses: ['open'], sort: 'number', order: 'asc', size: 5 });
    expect(mine.rows.length).toBeLessThanOrEqual(5);
    expect(mine.rows.every((row) => row.createdBy.id === ids.alice && row.status === 'open')).toBe(true);
    const numbers = mine.rows.map((row) => row.number);
    expect(numbers).toEqual([...numbers].sort((a, b) => a.localeCompare(b, 'en', { numeric: true })));
    const found = await api.ok<FollowListResult>('POST', 'list', alice, { workspaceCode: TOWER, text: 'HANDRAIL' });
    expect(found.rows.map((row) => row.title)).toContain('Handrail bracket missing');
    const literal = await api.ok<FollowListResult>('POST', 'list', alice, { workspaceCode: TOWER, text: '%' });
    expect(literal.total).toBe(0);

    const all = await api.ok<FollowListResult>('POST', 'list', alice, { workspaceCode: TOWER, size: 1 });
    const overview = await api.ok<FollowOverview>('POST', 'overview', alice, { workspaceCode: TOWER });
    expect(overview.total).toBe(all.total);
    expect(overview.byStatus.reduce((sum, s) => sum + s.count, 0)).toBe(all.total);
    const open = overview.byStatus.filter((s) => s.key !== 'closed').reduce((sum, s) => sum + s.count, 0);
    expect(overview.byAge.reduce((sum, s) => sum + s.count, 0)).toBe(open);
    expect(overview.byAssignee.find((a) => a.key === ids.alice)?.name).toBe('Alice Chen');
    expect(overview.weekly).toHaveLength(12);
    expect(overview.weekly.at(-1)!.opened).toBeGreaterThan(0);

    const response = await api.raw('POST', 'export', alice, { workspaceCode: TOWER, language: 'zh-CN', sort: 'number', order: 'asc' });
    expect(response.status).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(Buffer.from(await response.arrayBuffer()) as unknown as ExcelJS.Buffer);
    const sheetRows = workbook.worksheets[0]!.getSheetValues().filter(Boolean);
    expect((sheetRows[0] as unknown[]).slice(1, 4)).toEqual(['编号', '类型', '标题']);
    expect(sheetRows).toHaveLength(all.total + 1);
  });

  it('filters by the day created and counts weeks and ages by the workspace\'s day, the same as the list', async () => {
    const saved = t.clock.now();
    const today = calendarDay(new Date(saved));
    const monday = addDays(weekOf(today), -7);
    const edge = Date.parse(dayStart(monday));
    try {
      t.clock.set(edge - 60_000); // 23:59 on the Sunday, workspace time (15:59 UTC)
      const late = await newFollow(alice, { title: 'Edge of day late' });
      t.clock.set(edge + 60_000); // 00:01 on the Monday, still the Sunday in UTC
      const early = await newFollow(alice, { title: 'Edge of day early' });
      const listed = async (extra: Record<string, unknown>) =>
        (await api.ok<FollowListResult>('POST', 'list', alice, { workspaceCode: TOWER, text: 'Edge of day', size: 200, ...extra })).rows.map((row) => row.id);
      expect(await listed({ createdFrom: monday, createdTo: monday })).toEqual([early.id]);
      expect(await listed({ createdTo: addDays(monday, -1) })).toEqual([late.id]);
      expect(await listed({ createdFrom: addDays(monday, -1), createdTo: addDays(monday, -1) })).toEqual([late.id]);
      expect((await api.call('POST', 'list', alice, { workspaceCode: TOWER, createdFrom: '27.11.2026' })).status).toBe(400);

      t.clock.set(saved);
      const overview = await api.ok<FollowOverview>('POST', 'overview', alice, { workspaceCode: TOWER, text: 'Edge of day' });
      expect(overview.today).toBe(today);
      expect(overview.weekly.map((w) => w.week).slice(-2)).toEqual([monday, weekOf(today)]);
      expect(overview.weekly.at(-2)!.opened).toBe(1);
      expect(overview.weekly.at(-3)!.opened).toBe(1);
      for (const bucket of FOLLOW_AGE_BUCKETS) {
        const ids = await listed({ statuses: ['open', 'inProgress', 'readyForReview'], ...ageBucketDays(bucket, today) });
        expect([bucket, overview.byAge.find((b) => b.key === bucket)!.count]).toEqual([bucket, ids.length]);
      }
      expect(overview.byAge.reduce((sum, b) => sum + b.count, 0)).toBe(2);
    } finally {
      t.clock.set(saved);
    }
  });

  it('changes many at once for a manager, reporting those the flow refuses', async () => {
    const a = await newFollow(alice, { title: 'Bulk A' });
    const b = await newFollow(alice, { title: 'Bulk B' });
    await api.ok('POST', 'status', admin, { id: b.id, revision: b.revision, to: 'closed' });
    expect((await api.call('POST', 'bulk', alice, { ids: [a.id], status: 'inProgress' })).status).toBe(403);
    const result = await api.ok<{ changed: number[]; refused: { id: number; code: string }[] }>('POST', 'bulk', admin, {
      ids: [a.id, b.id],
      status: 'inProgress',
      priority: 'critical',
    });
    expect(result.changed).toEqual([a.id]);
    expect(result.refused).toEqual([{ id: b.id, number: b.number, code: 'statusNotInFlow' }]);
    expect(await api.ok<FollowDetail>('GET', 'get', alice, { id: a.id })).toMatchObject({ status: 'inProgress', priority: 'critical' });
    await api.ok('POST', 'delete', admin, { ids: [a.id] });
    expect((await api.call('GET', 'get', alice, { id: a.id })).status).toBe(404);
  });

  it('adds photos the caller uploaded, removes them, and keeps watchers', async () => {
    const follow = await newFollow(alice);
    const png = rgbPng(2, 2, zlib.deflateSync(Buffer.from([0, 255, 0, 0, 0, 0, 255, 0, 0, 255, 0, 255, 255, 255])));
    const mine = await uploadedFile(t.url, alice, 'site.png', png);
    const theirs = await uploadedFile(t.url, admin, 'other.png', png);
    expect((await api.call('POST', 'photo/add', alice, { followId: follow.id, fileIds: [theirs.fileId] })).body.data).toMatchObject({ problem: 'photoUnavailable' });
    const photos = await api.ok<FollowDetail['photos']>('POST', 'photo/add', alice, { followId: follow.id, fileIds: [mine.fileId] });
    expect(photos).toMatchObject([{ fileId: mine.fileId, fileName: 'site.png', addedBy: { name: 'Alice Chen' } }]);
    expect((await api.call('POST', 'photo/remove', bob, { followId: follow.id, photoIds: [photos[0]!.id] })).status).toBe(403);
    expect(await api.ok('POST', 'photo/remove', alice, { followId: follow.id, photoIds: [photos[0]!.id] })).toEqual([]);
    const watched = await api.ok<FollowDetail>('POST', 'watch', bob, { id: follow.id, watching: true });
    expect(watched.watching).toBe(true);
    expect(watched.watchers.map((w) => w.name)).toEqual(expect.arrayContaining(['Alice Chen', 'Ada Admin', 'Bob Li']));
    expect((await api.call('POST', 'watch', bob, { id: follow.id, watching: false, userId: ids.alice })).status).toBe(403);
  });

  it('keeps types to follow:settings; a type in use is retired, not deleted', async () => {
    const body = { workspaceCode: TOWER, name: 'Snag', color: '#13c2c2', icon: 'TagOutlined', numbering: 'SN-{###}', statusRule: punch.statusRule };
    expect((await api.call('POST', 'type/save', alice, body)).status).toBe(403);
    expect((await api.call('POST', 'type/save', admin, { ...body, numbering: 'SN-{YYYY}' })).body.data).toMatchObject({ problem: 'numberingRule' });
    const snag = await api.ok<FollowType>('POST', 'type/save', admin, body);
    await newFollow(alice, { typeId: snag.id });
    expect((await api.call('POST', 'type/delete', admin, { id: snag.id })).body.data).toMatchObject({ problem: 'typeInUse' });
    const retired = await api.ok<FollowType>('POST', 'type/save', admin, { ...body, id: snag.id, revision: snag.revision, retired: true });
    expect(retired).toMatchObject({ retired: true, useCount: 1 });
    expect((await api.call('POST', 'type/save', admin, { ...body, id: snag.id, revision: snag.revision })).status).toBe(409);
    expect((await api.call('POST', 'create', alice, { workspaceCode: TOWER, typeId: snag.id, title: 'Too late' })).body.data).toMatchObject({ problem: 'typeUnavailable' });
  });

  it('checks a type\'s data template values by its form\'s rules and keeps the version they were made with', async () => {
    const forms = await t.call<{ list: { id: number; name: unknown }[] }>('GET', '/proptech_allplan/form/list', { token: admin, query: { pageSize: 500 } });
    const form = forms.body.data.list.find((f) => JSON.stringify(f.name).includes('Maintenance request'))!;
    const detail = await t.call<FormDetail>('GET', '/proptech_allplan/form/detail', { token: admin, query: { id: form.id } });
    const body = { workspaceCode: TOWER, name: 'Repair', color: '#722ed1', icon: 'ToolOutlined', numbering: 'RP-{####}', statusRule: punch.statusRule };
    // A type's template is made on its data template screen: a type save names no other form.
    expect((await api.call('POST', 'type/save', admin, { ...body, templateFormId: form.id })).body.data).toMatchObject({ problem: 'templateForm' });
    const repair = await api.ok<FollowType>('POST', 'type/save', admin, body);
    const settings = (path: string, payload: unknown) => t.call<FollowTemplateDetail>('POST', `/proptech_allplan/follow/settings/${path}`, { token: admin, body: payload });
    const saved = await settings('template/save', { typeId: repair.id, design: detail.body.data.design });
    expect(saved.status, saved.body.message).toBe(200);
    expect((await settings('template/publish', { typeId: repair.id })).status).toBe(200);
    const templated = (await api.types(admin, TOWER)).find((type) => type.id === repair.id)!;
    expect(templated.templateFormId).toBe(saved.body.data.formId);
    // Saved again as loaded, or with another form named, the type keeps its template.
    const renamed = await api.ok<FollowType>('POST', 'type/save', admin, { ...body, id: repair.id, revision: templated.revision, name: 'Repairs', templateFormId: templated.templateFormId });
    expect(renamed.templateFormId).toBe(saved.body.data.formId);
    expect((await api.call('POST', 'type/save', admin, { ...body, id: repair.id, revision: renamed.revision, templateFormId: form.id })).body.data).toMatchObject({ problem: 'templateForm' });

    const refused = await api.call('POST', 'create', alice, { workspaceCode: TOWER, typeId: repair.id, title: 'Leaking tap', templateValues: { summary: 'Tap' } });
    expect(refused.status).toBe(400);
    expect(refused.body.data).toMatchObject({ problem: 'templateValues' });
    const values = { summary: 'Tap drips', building: 'tower', category: 'plumbing', priority: 'normal', reportedAt: '2026-11-20T09:00:00.000Z', contactName: 'Alice', contactMobile: '13800000002' };
    const made = await api.create(alice, { workspaceCode: TOWER, typeId: repair.id, title: 'Leaking tap', templateValues: values });
    expect(made.template).toMatchObject({ formId: saved.body.data.formId, version: 1, values: { summary: 'Tap drips', building: 'tower' } });
    expect((await newFollow(alice)).template).toBeNull();
  });

  it('pushes the notice and a refresh to a watcher\'s open stream as it happens', async () => {
    const follow = await newFollow(admin, { title: 'Live one' });
    const stream = await openNotifyStream(t.url, alice);
    try {
      await stream.waitFor(1); // the unread count on connect
      await api.ok('POST', 'comment/add', admin, { followId: follow.id, text: 'Seen live?' });
      await stream.waitFor(3);
      const notice = stream.events.find((e) => e.event === 'notify')?.data as { notification: { kind: string; link: string } };
      expect(notice.notification).toMatchObject({ kind: 'followComment', link: `/follows/detail/${follow.id}` });
      expect(stream.events.find((e) => e.event === FOLLOW_EVENT)?.data).toEqual({ workspaceCode: TOWER, id: follow.id, action: 'comment' });
    } finally {
      stream.close();
    }
  });

  it('gives a workspace its default types once, however many first reads come at once', async () => {
    // The depot offers follow-ups but no drawings: the demo gave it no types.
    const harbor = await t.signIn('harbor', HARBOR);
    const lists = await Promise.all(Array.from({ length: 6 }, () => api.types(harbor, 'HB-DEPOT')));
    const again = await api.types(harbor, 'HB-DEPOT');
    expect(again.filter((type) => !type.retired).map((type) => type.numbering)).toEqual(['PI-{####}', 'SO-{####}', 'Q-{####}', 'DF-{####}']);
    for (const list of lists) expect(list.map((type) => type.id)).toEqual(again.map((type) => type.id));
  });

  it('takes a trade the workspace\'s trade list offers; a follow-up keeps the trade it had once retired', async () => {
    // The demo's trade list: TP09 is Glazing.
    const before = await newFollow(alice, { trade: 'TP09' });
    expect(before.trade).toBe('TP09');
    const refusedText = await api.call('POST', 'create', alice, { workspaceCode: TOWER, typeId: punch.id, title: 'Odd trade', trade: 'Roofing' });
    expect(refusedText.body.data).toMatchObject({ problem: 'optionUnavailable', params: { list: 'trade', value: 'Roofing' } });
    const options = await t.call<{ id: number; code: string }[]>('GET', '/proptech_allplan/follow/settings/option/list', { token: admin, query: { workspaceCode: TOWER, source: 'trade' } });
    const glazing = options.body.data.find((o) => o.code === 'TP09')!;
    const retire = (retired: boolean) => t.call('POST', '/proptech_allplan/follow/settings/option/retire', { token: admin, body: { workspaceCode: TOWER, source: 'trade', ids: [glazing.id], retired } });
    expect((await retire(true)).status).toBe(200);
    try {
      const refused = await api.call('POST', 'create', alice, { workspaceCode: TOWER, typeId: punch.id, title: 'Retired trade', trade: 'TP09' });
      expect(refused.body.data).toMatchObject({ problem: 'optionUnavailable', params: { list: 'trade', value: 'TP09' } });
      // Its own trade stays when other fields change; moving it to a trade the list lacks does not.
      const renamed = await api.ok<FollowDetail>('POST', 'update', alice, { id: before.id, revision: before.revision, title: 'Curtain wall sealant', trade: 'TP09' });
      expect(renamed.trade).toBe('TP09');
      expect((await api.call('POST', 'update', alice, { id: before.id, revision: renamed.revision, trade: 'Masonry' })).status).toBe(400);
    } finally {
      await retire(false);
    }
  });
});

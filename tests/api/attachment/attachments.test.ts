import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ATTACHMENT_PREFIX, type Attachment, type AttachmentListBody, type AttachmentOptions, type AttachmentPage } from '../../../src/core/contracts/attachments.ts';
import type { FormDetail, FormVersionItem } from '../../../src/core/contracts/form.ts';
import type { FormRecord } from '../../../src/core/contracts/record.ts';
import type { Role } from '../../../src/core/contracts/role.ts';
import type { FileInfo } from '../../../src/core/contracts/files.ts';
import type { Envelope } from '../../../src/core/envelope.ts';
import { backfillFileLinks } from '../../../src/server/db/migrations/015_file_links.ts';
import { API, inviteAndSignIn, ok, tenantNodes, userIdOf, workspaceByCode } from '../../helpers/authorization.ts';
import { testDialects } from '../../helpers/databases.ts';
import { pendingTaskOn } from '../../helpers/flows.ts';
import { HARBOR, NORTHWIND, startTestApp, type TestApp } from '../../helpers/test-app.ts';
import { uploadedFile } from '../../helpers/file-uploads.ts';
import { ATTACHMENT_FORM_DESIGN } from '../../helpers/attachment-form.ts';
import { storedFile } from '../../../src/web/forms/form-view/field-values.ts';

// The smallest valid PNG (1x1) and a PDF the content check accepts.
const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c6360000002000154a24f5d0000000049454e44ae426082',
  'hex',
);
const PDF = Buffer.from('%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');
const DAY_MS = 86_400_000;



describe.each(testDialects())('attachments on %s', (dialect) => {
  let t: TestApp;
  let admin: string;
  let alice: string;
  let harbor: string;
  let aliceId: number;
  let adminId: number;
  let siteForm: FormDetail;
  let towerForm: FormDetail;
  let attachMenuId: number;
  let hqId: number;

  const upload = (token: string, name: string, bytes: Buffer | string): Promise<FileInfo> => uploadedFile(t.url, token, name, bytes);

  const listCall = (token: string, body: Partial<AttachmentListBody> & Record<string, unknown> = {}) =>
    t.call<AttachmentPage>('POST', `${ATTACHMENT_PREFIX}/list`, { token, body: { pageNum: 1, pageSize: 100, ...body } });

  const list = async (token: string, body: Partial<AttachmentListBody> = {}): Promise<AttachmentPage> => {
    const answer = await listCall(token, body);
    if (!answer.body.success) throw new Error(`list: ${answer.status} ${answer.body.message}`);
    return answer.body.data;
  };

  const options = async (token: string) => {
    const answer = await t.call<AttachmentOptions>('GET', `${ATTACHMENT_PREFIX}/options`, { token });
    if (!answer.body.success) throw new Error(`options: ${answer.status} ${answer.body.message}`);
    return answer.body.data;
  };

  /** What an entry says in a line, for comparing whole lists. */
  const lines = (page: AttachmentPage) => page.list.map((a) => `${a.file.name} @ ${a.owner.kind}:${a.owner.id}.${a.field}`).sort();

  const publish = async (name: string, workspaceCode: string | null): Promise<FormDetail> => {
    const form = await ok<FormDetail>(t, 'POST', 'form/create', admin, { name, design: ATTACHMENT_FORM_DESIGN, workspaceCode });
    await ok<FormDetail>(t, 'POST', 'form/settings/update', admin, { id: form.id, revision: form.revision, settings: { ...form.settings, titleField: 'summary', numbering: null } });
    await ok<FormVersionItem>(t, 'POST', 'form/publish', admin, { id: form.id });
    return ok<FormDetail>(t, 'GET', 'form/detail', admin, undefined, { id: form.id });
  };

  const create = (token: string, formId: number, data: Record<string, unknown>) => ok<FormRecord>(t, 'POST', 'record/create', token, { formId, data });

  /** A new Northwind member in NW-HQ with one role of the scope and points; `menu` adds the attachment list's entry. */
  const member = async (username: string, points: string[], dataScope: 'own' | 'workspace' | 'tenant', menu = true) => {
    const nodes = await tenantNodes(t, admin);
    const role = await ok<Role>(t, 'POST', 'role/create', admin, { code: username, name: `Role of ${username}`, dataScope });
    const resourceIds = points.map((point) => nodes.find((node) => node.code === point)!.id);
    await ok(t, 'POST', 'role/grant', admin, { id: role.id, resourceIds: menu ? [...resourceIds, attachMenuId] : resourceIds });
    const { user, token } = await inviteAndSignIn(t, admin, { username, workspaceIds: [hqId], roleIds: [role.id] });
    return { role, id: user.id, token };
  };

  beforeAll(async () => {
    t = await startTestApp(dialect);
    [admin, alice, harbor] = await Promise.all([t.signIn('admin', NORTHWIND), t.signIn('alice', NORTHWIND), t.signIn('harbor', HARBOR)]);
    [aliceId, adminId] = await Promise.all([userIdOf(t, admin, 'alice'), userIdOf(t, admin, 'admin')]);
    attachMenuId = (await tenantNodes(t, admin)).find((node) => node.route === '/docManage/attachManager')!.id;
    hqId = (await workspaceByCode(t, admin, 'NW-HQ')).id;
    siteForm = await publish('Site photos', null);
    towerForm = await publish('Tower handover', 'NW-TOWER');
  });
  afterAll(() => t.close());

  it('links a record’s files on create, moves them with an update, and drops them on delete', async () => {
    const [p1, p2, d1, r1] = await Promise.all([
      upload(admin, 'front-door.png', PNG),
      upload(admin, 'back-door.png', PNG),
      upload(admin, 'permit.pdf', PDF),
      upload(admin, 'receipt-7.txt', 'Paid 40'),
    ]);
    const record = await create(admin, siteForm.id, {
      summary: 'Doors',
      photos: [storedFile(p1)],
      docs: [storedFile(d1)],
      items: [{ name: 'Lock', receipt: [storedFile(r1)] }],
    });
    const first = await list(admin, { formId: siteForm.id });
    expect(lines(first)).toEqual([
      `front-door.png @ record:${record.id}.photos`,
      `permit.pdf @ record:${record.id}.docs`,
      `receipt-7.txt @ record:${record.id}.items[0].receipt`,
    ]);
    const receipt = first.list.find((a) => a.file.id === r1.fileId)!;
    expect(receipt).toMatchObject({
      file: { id: r1.fileId, name: 'receipt-7.txt', size: 7, type: 'txt', contentType: 'text/plain', url: `/api/proptech_filestore/file/${r1.fileId}` },
      uploader: { id: adminId, name: 'Ada Admin' },
      owner: { kind: 'record', id: record.id, formId: siteForm.id, formName: 'Site photos', number: null, title: 'Doors', route: `/table/edit/${record.id}`, listRoute: `/table/dataList/${siteForm.id}` },
      fieldLabels: ['Items', 'Receipt'],
    });
    const permitLinked = first.list.find((a) => a.file.id === d1.fileId)!.linkTime;

    // An hour later: one photo swapped, a row put before the one holding the receipt.
    t.clock.advance(3_600_000);
    const updated = await ok<FormRecord>(t, 'POST', 'record/update', admin, {
      id: record.id,
      revision: record.revision,
      data: { summary: 'Doors', photos: [storedFile(p2)], docs: [storedFile(d1)], items: [{ name: 'Hinge' }, { name: 'Lock', receipt: [storedFile(r1)] }] },
    });
    const second = await list(admin, { formId: siteForm.id });
    expect(lines(second)).toEqual([
      `back-door.png @ record:${record.id}.photos`,
      `permit.pdf @ record:${record.id}.docs`,
      `receipt-7.txt @ record:${record.id}.items[1].receipt`,
    ]);
    // A file the record kept keeps the time it was attached.
    expect(second.list.find((a) => a.file.id === d1.fileId)!.linkTime).toBe(permitLinked);
    expect(second.list.find((a) => a.file.id === p2.fileId)!.linkTime).toBe(updated.updateTime);

    // A copy holds the same files: each is listed once per owner.
    const copy = await create(admin, siteForm.id, updated.data);
    expect((await list(admin, { formId: siteForm.id })).list.filter((a) => a.file.id === d1.fileId).map((a) => a.owner.id).sort()).toEqual([record.id, copy.id].sort());

    await ok(t, 'POST', 'record/delete', admin, { ids: [record.id] });
    expect(lines(await list(admin, { formId: siteForm.id }))).toEqual([
      `back-door.png @ record:${copy.id}.photos`,
      `permit.pdf @ record:${copy.id}.docs`,
      `receipt-7.txt @ record:${copy.id}.items[1].receipt`,
    ]);
    await ok(t, 'POST', 'record/delete', admin, { ids: [copy.id] });
    expect((await list(admin, { formId: siteForm.id })).total).toBe(0);
  });

  it('follows an approver’s change of files and a resubmission', async () => {
    const form = await ok<FormDetail>(t, 'POST', 'form/create', admin, { name: 'Approved drawings', design: ATTACHMENT_FORM_DESIGN });
    const withSettings = await ok<FormDetail>(t, 'POST', 'form/settings/update', admin, {
      id: form.id,
      revision: form.revision,
      settings: { ...form.settings, titleField: 'summary', fieldPermissions: { review: { docs: 'editable' } } },
    });
    const flow = { version: 1, nodes: [{ id: 'review', type: 'approval', name: 'Review', assignees: [{ kind: 'user', userId: adminId }], mode: 'any' }] };
    await ok(t, 'POST', 'flow/definition/save', admin, { formId: form.id, revision: withSettings.revision, flow });
    await ok(t, 'POST', 'form/publish', admin, { id: form.id });
    const [draft, marked, revised] = await Promise.all([upload(alice, 'draft.pdf', PDF), upload(admin, 'marked-up.pdf', PDF), upload(alice, 'revised.pdf', PDF)]);
    const record = await create(alice, form.id, { summary: 'Level 2', docs: [storedFile(draft)] });
    const names = async () => (await list(admin, { formId: form.id })).list.map((a) => a.file.name);
    expect(await names()).toEqual(['draft.pdf']);

    // The approver replaces the file as the step allows: the link moves with the approval.
    const first = await pendingTaskOn(t, admin, record.id);
    await ok(t, 'POST', 'flow/task/approve', admin, { taskId: first.id, data: { docs: [storedFile(marked)] } });
    expect(await names()).toEqual(['marked-up.pdf']);

    // Another round: rejected to the submitter, who resubmits with a file of their own.
    const second = await create(alice, form.id, { summary: 'Level 3', docs: [storedFile(draft)] });
    await ok(t, 'POST', 'flow/task/reject', admin, { taskId: (await pendingTaskOn(t, admin, second.id)).id, comment: 'Wrong sheet', to: 'submitter' });
    const rejected = await ok<{ record: FormRecord }>(t, 'GET', 'record/detail', alice, undefined, { id: second.id });
    await ok(t, 'POST', 'flow/record/resubmit', alice, { recordId: second.id, revision: rejected.record.revision, data: { summary: 'Level 3', docs: [storedFile(revised)] } });
    expect((await list(admin, { formId: form.id })).list.map((a) => `${a.file.name} @ ${a.owner.id}`).sort()).toEqual([`marked-up.pdf @ ${record.id}`, `revised.pdf @ ${second.id}`]);
    await ok(t, 'POST', 'form/delete', admin, { id: form.id });
  });

  it('imports records (whose files an import leaves out) without touching the index', async () => {
    const before = lines(await list(admin));
    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet('Site photos');
    sheet.addRow(['Summary', 'Photos']);
    sheet.addRow(['Imported one', 'front-door.png']);
    sheet.addRow(['Imported two', '']);
    const data = new FormData();
    data.append('formId', String(siteForm.id));
    data.append('file', new Blob([new Uint8Array(await book.xlsx.writeBuffer())]), 'records.xlsx');
    const response = await fetch(`${t.url}/api/proptech_allplan/flowFile/field/import`, { method: 'POST', headers: { token: admin }, body: data });
    expect(((await response.json()) as Envelope<{ imported: number }>).data.imported).toBe(2);
    expect(lines(await list(admin))).toEqual(before);
  });

  it('drops the links of a deleted form’s records with the form', async () => {
    const form = await publish('Short-lived', null);
    const file = await upload(admin, 'gone.pdf', PDF);
    await create(admin, form.id, { summary: 'x', docs: [storedFile(file)] });
    expect((await list(admin, { name: 'gone.pdf' })).total).toBe(1);
    await ok(t, 'POST', 'form/delete', admin, { id: form.id });
    expect((await list(admin, { name: 'gone.pdf' })).total).toBe(0);
  });

  it('filters by form, uploader, type, upload days and name, newest upload first', async () => {
    const [plan, photo] = await Promise.all([upload(admin, 'Ground-Plan.PDF', PDF), upload(alice, 'Crack photo.png', PNG)]);
    // Three days later, a drawing note: a later upload day.
    t.clock.advance(3 * DAY_MS);
    const later = await t.signIn('admin', NORTHWIND);
    const note = await upload(later, 'later-note.txt', 'note');
    t.clock.advance(-3 * DAY_MS);
    await create(admin, siteForm.id, { summary: 'Plans', docs: [storedFile(plan), storedFile(note)] });
    await create(alice, towerForm.id, { summary: 'Crack', photos: [storedFile(photo)] });

    const all = await list(admin);
    expect(all.list.map((a) => a.file.name).slice(0, 3)).toEqual(['later-note.txt', 'Crack photo.png', 'Ground-Plan.PDF']);
    expect(lines(await list(admin, { formId: towerForm.id }))).toEqual([`Crack photo.png @ record:${all.list[1]!.owner.id}.photos`]);
    expect((await list(admin, { uploaderId: aliceId })).list.map((a) => a.file.name)).toEqual(['Crack photo.png']);
    expect((await list(admin, { type: 'image' })).list.map((a) => a.file.name)).toEqual(['Crack photo.png']);
    expect((await list(admin, { type: 'pdf' })).list.map((a) => a.file.name)).toEqual(['Ground-Plan.PDF']);
    expect((await list(admin, { type: 'office' })).total).toBe(0);
    expect((await list(admin, { type: 'txt' })).list.map((a) => a.file.name)).toEqual(['later-note.txt']);
    expect((await list(admin, { name: 'plan' })).list.map((a) => a.file.name)).toEqual(['Ground-Plan.PDF']);
    // `%` and `_` in a name are letters, not patterns.
    expect((await list(admin, { name: '%' })).total).toBe(0);
    expect((await list(admin, { uploadedFrom: '2026-11-23' })).list.map((a) => a.file.name)).toEqual(['later-note.txt']);
    expect((await list(admin, { uploadedFrom: '2026-11-22', uploadedTo: '2026-11-22' })).list.map((a) => a.file.name)).toEqual(['Crack photo.png', 'Ground-Plan.PDF']);
    expect((await list(admin, { uploadedTo: '2026-11-21' })).total).toBe(0);
    expect((await list(admin, { type: 'pdf', uploaderId: aliceId })).total).toBe(0);

    const paged = await list(admin, { pageNum: 2, pageSize: 1 });
    expect(paged).toMatchObject({ total: 3, pageNum: 2, pageSize: 1 });
    expect(paged.list.map((a) => a.file.name)).toEqual(['Crack photo.png']);

    const picked = await options(admin);
    expect(picked.forms).toEqual([
      { id: siteForm.id, name: 'Site photos' },
      { id: towerForm.id, name: 'Tower handover' },
    ]);
    expect(picked.uploaders).toEqual([
      { id: adminId, name: 'Ada Admin' },
      { id: aliceId, name: 'Alice Chen' },
    ]);
  });

  it('answers 400 naming the field for bad filters', async () => {
    const refusals: [Record<string, unknown>, RegExp][] = [
      [{ type: 'exe' }, /^type: /],
      [{ uploadedFrom: '2026-13-01' }, /^uploadedFrom: must be a valid date/],
      [{ uploadedTo: 'yesterday' }, /^uploadedTo: must be a valid date/],
      [{ uploadedFrom: '2026-11-23', uploadedTo: '2026-11-22' }, /^uploadedTo: must not be before uploadedFrom/],
      [{ formId: 0 }, /^formId: /],
      [{ uploaderId: 'alice' }, /^uploaderId: /],
      [{ name: 'x'.repeat(101) }, /^name: must NOT have more than 100 characters/],
      [{ pageSize: 501 }, /^pageSize: /],
      [{ owner: 'me' }, /^owner: is not an allowed field/],
    ];
    for (const [body, message] of refusals) {
      const answer = await listCall(admin, body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(answer.body.message, JSON.stringify(body)).toMatch(message);
    }
  });

  it('shows another tenant nothing, and never lists a file id of another tenant', async () => {
    const northwind = await list(admin);
    expect(northwind.total).toBeGreaterThan(0);
    expect((await list(harbor)).list.filter((a) => northwind.list.some((n) => n.file.id === a.file.id))).toEqual([]);
    expect(await options(harbor)).toEqual({ forms: [], uploaders: [] });

    // Harbor writes a Northwind file id into a record of its own: refused, and nothing is linked for it.
    const foreign = northwind.list.find((a) => a.file.name === 'Ground-Plan.PDF')!.file;
    const harborForm = await ok<FormDetail>(t, 'POST', 'form/create', harbor, { name: 'Pier log', design: ATTACHMENT_FORM_DESIGN });
    await ok(t, 'POST', 'form/publish', harbor, { id: harborForm.id });
    const own = await upload(harbor, 'pier.png', PNG);
    const foreignDoc = { fileId: foreign.id, name: foreign.name, size: foreign.size, type: foreign.contentType };
    const refused = await t.call('POST', `${API}/record/create`, { token: harbor, body: { formId: harborForm.id, data: { summary: 'Pier', docs: [foreignDoc], photos: [storedFile(own)] } } });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toMatch(/\(docs\): file "Ground-Plan\.PDF" is not a file of this organisation/);
    await ok<FormRecord>(t, 'POST', 'record/create', harbor, { formId: harborForm.id, data: { summary: 'Pier', photos: [storedFile(own)] } });
    const harbors = await list(harbor);
    expect(harbors.list.map((a) => a.file.name)).toEqual(['pier.png']);
    expect((await list(admin)).list.filter((a) => a.file.name === 'pier.png')).toEqual([]);
    expect((await list(admin, { formId: harborForm.id })).total).toBe(0);
  });

  it('shows a member only the attachments of records they may read', async () => {
    const secret = await upload(admin, 'admin-only.pdf', PDF);
    const adminRecord = await create(admin, siteForm.id, { summary: 'Admin’s', docs: [storedFile(secret)] });

    // No menu entry for the list: 403, whatever the record rights.
    const unlisted = await member('unlisted', ['record:create'], 'tenant', false);
    expect((await listCall(unlisted.token)).status).toBe(403);
    expect((await t.call('GET', `${ATTACHMENT_PREFIX}/options`, { token: unlisted.token })).status).toBe(403);

    // The menu entry but no read point of any form: nothing of any record.
    const pointless = await member('pointless', [], 'tenant');
    expect((await list(pointless.token)).total).toBe(0);

    // Reading with data scope `own`: only their own record's files.
    const reader = await member('reader', ['record:create'], 'own');
    const mine = await upload(reader.token, 'mine.pdf', PDF);
    const readerRecord = await create(reader.token, siteForm.id, { summary: 'Mine', docs: [storedFile(mine)] });
    const seen = await list(reader.token);
    expect(lines(seen)).toEqual([`mine.pdf @ record:${readerRecord.id}.docs`]);
    expect(await options(reader.token)).toEqual({ forms: [{ id: siteForm.id, name: 'Site photos' }], uploaders: [{ id: reader.id, name: 'Probe reader' }] });

    // Widened to the tenant: every record of the forms open to them, but not the form of a workspace they are not in.
    await ok(t, 'POST', 'role/update', admin, { id: reader.role.id, name: reader.role.name, dataScope: 'tenant' });
    const wide = await list(reader.token);
    expect(wide.list.some((a) => a.owner.kind === 'record' && a.owner.id === adminRecord.id)).toBe(true);
    expect(wide.list.filter((a) => a.owner.kind === 'record' && a.owner.formId === towerForm.id)).toEqual([]);
    expect((await list(reader.token, { formId: towerForm.id })).total).toBe(0);
    expect((await options(reader.token)).forms.map((f) => f.id)).toEqual([siteForm.id]);

    // alice (workspace scope, both workspaces) sees the tower form's records as well.
    expect((await list(alice, { formId: towerForm.id })).total).toBe(1);
  });

  it('lists an avatar kept in the file store: to its user and to ADMINs', async () => {
    const image = await upload(alice, 'alice-face.png', PNG);
    await ok(t, 'POST', 'account/update/avatar', alice, { avatar: `/api/proptech_filestore/file/${image.fileId}` });
    const forAdmin = (await list(admin, { name: 'alice-face' })).list;
    expect(forAdmin).toHaveLength(1);
    expect(forAdmin[0]).toMatchObject({ field: 'avatar', fieldLabels: null, owner: { kind: 'avatar', id: aliceId, name: 'Alice Chen', route: '/management?tab=users' } });
    expect((await list(alice, { name: 'alice-face' })).list[0]!.owner).toEqual({ kind: 'avatar', id: aliceId, name: 'Alice Chen', route: null });
    const reader = await t.signIn('reader', NORTHWIND, 'Probe#2026pass');
    expect((await list(reader, { name: 'alice-face' })).total).toBe(0);

    // Removing the avatar ends the link.
    await ok(t, 'POST', 'account/update/avatar', alice, { avatar: null });
    expect((await list(admin, { name: 'alice-face' })).total).toBe(0);
  });

  it('back-fills the index from the records and avatars as they are', async () => {
    const image = await upload(admin, 'admin-face.png', PNG);
    await ok(t, 'POST', 'account/update/avatar', admin, { avatar: `/api/proptech_filestore/file/${image.fileId}` });
    const before = lines(await list(admin));
    expect(before.length).toBeGreaterThan(3);
    const { db } = t.app.services;
    await db.deleteFrom('file_link').execute();
    expect((await list(admin)).total).toBe(0);
    await backfillFileLinks(db);
    expect(lines(await list(admin))).toEqual(before);
    // Running it again changes nothing.
    await backfillFileLinks(db);
    expect(lines(await list(admin))).toEqual(before);
    const all: Attachment[] = (await list(admin)).list;
    expect(new Set(all.map((a) => a.id)).size).toBe(all.length);
  });
});

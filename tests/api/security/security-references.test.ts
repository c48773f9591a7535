import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FileInfo, UploadSession } from '../../../src/core/contracts/files.ts';
import type { FormDetail } from '../../../src/core/contracts/form.ts';
import type { FormRecord, ImportResult } from '../../../src/core/contracts/record.ts';
import type { Envelope } from '../../../src/core/envelope.ts';
import type { FieldError, FormDesign } from '../../../src/core/forms/form-design.ts';
import { API, ok } from '../../helpers/authorization.ts';
import { testDialects } from '../../helpers/databases.ts';
import { call, createRecord, publishedForm, SIMPLE_DESIGN } from '../../helpers/forms.ts';
import { HARBOR, NORTHWIND, startTestApp, type TestApp } from '../../helpers/test-app.ts';

const SESSION = '/proptech_filestore/file/upload/session';
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** Every field kind that names something of the tenant by id, at the top and in a sub-table row. */
const referencesDesign = (linkedFormId: number): FormDesign => ({
  version: 1,
  items: [
    { key: 'summary', type: 'text', label: 'Summary', required: true },
    { key: 'owner', type: 'member', label: 'Owner' },
    { key: 'watchers', type: 'member', label: 'Watchers', multiple: true },
    { key: 'team', type: 'department', label: 'Team' },
    { key: 'source', type: 'linkedRecord', label: 'Source', linkedFormId },
    { key: 'docs', type: 'attachment', label: 'Documents' },
    { key: 'visits', type: 'subtable', label: 'Visits', fields: [{ key: 'by', type: 'member', label: 'Visitor' }] },
  ],
});

describe.each(testDialects())('references a tenant holds on %s', (dialect) => {
  let t: TestApp;
  let admin: string;
  let alice: string;
  let harbor: string;

  beforeAll(async () => {
    t = await startTestApp(dialect, { fileMaxBytes: 4 * 1024 * 1024 });
    [admin, alice, harbor] = await Promise.all([t.signIn('admin', NORTHWIND), t.signIn('alice', NORTHWIND), t.signIn('harbor', HARBOR)]);
  });
  afterAll(() => t.close());

  describe('a refused upload chunk', () => {
    const open = (name: string, size: number) => t.call<UploadSession>('POST', SESSION, { token: alice, body: { name, size } });
    const state = async (id: string) => (await t.call<UploadSession>('GET', `${SESSION}/${id}`, { token: alice })).body.data.received;
    const complete = (id: string) => t.call<FileInfo>('POST', `${SESSION}/${id}/complete`, { token: alice });
    const put = async (id: string, offset: number, body: Uint8Array | ReadableStream<Uint8Array>) => {
      const response = await fetch(`${t.url}/api${SESSION}/${id}`, {
        method: 'PUT',
        headers: { token: alice, 'content-type': 'application/octet-stream', 'upload-offset': String(offset) },
        body,
        // A stream goes without a content-length (chunked), so its length is known only at its end.
        ...(body instanceof ReadableStream && { duplex: 'half' }),
      } as RequestInit);
      return { status: response.status, body: (await response.json()) as Envelope<UploadSession> };
    };
    const downloaded = async (file: FileInfo) => Buffer.from(await (await fetch(`${t.url}${file.url}`, { headers: { token: alice } })).arrayBuffer());

    /** A chunked body: `first` now, then `rest` once `release` is called. */
    const heldBack = (first: string, rest: string) => {
      let release = () => {};
      const body = new ReadableStream<Uint8Array>({
        start(controller) {
          controller.enqueue(new TextEncoder().encode(first));
          release = () => {
            controller.enqueue(new TextEncoder().encode(rest));
            controller.close();
          };
        },
      });
      return { body, release: () => release() };
    };

    it('keeps nothing of a chunk longer than the upload declared: the session stays at 0, and the right bytes make the file', async () => {
      const id = (await open('notes.txt', 5)).body.data.uploadId;
      const over = await put(id, 0, new TextEncoder().encode('hello world'));
      expect(over.status).toBe(413);
      expect(await state(id)).toBe(0);
      // Nothing to complete yet.
      expect((await complete(id)).status).toBe(409);

      const right = await put(id, 0, new TextEncoder().encode('HELLO'));
      expect(right.status, right.body.message).toBe(200);
      expect(right.body.data.received).toBe(5);
      const file = await complete(id);
      expect(file.status, file.body.message).toBe(200);
      expect(file.body.data.size).toBe(5);
      expect((await downloaded(file.body.data)).toString()).toBe('HELLO');
    });

    it('keeps the bytes already held and nothing of a refused chunk, whether its length was declared or found at its end', async () => {
      const id = (await open('notes.txt', 8)).body.data.uploadId;
      expect((await put(id, 0, new TextEncoder().encode('abc'))).status).toBe(200);
      // Declared too long: refused before a byte is written.
      expect((await put(id, 3, new TextEncoder().encode('defghijk'))).status).toBe(413);
      expect(await state(id)).toBe(3);
      // Sent without a length: found too long once past the declared size, and undone.
      const chunked = heldBack('defgh', 'ijk');
      chunked.release();
      expect((await put(id, 3, chunked.body)).status).toBe(413);
      expect(await state(id)).toBe(3);
      // From the wrong place: refused as before, nothing moves.
      expect((await put(id, 0, new TextEncoder().encode('abcde'))).status).toBe(409);
      expect(await state(id)).toBe(3);

      expect((await put(id, 3, new TextEncoder().encode('DEFGH'))).status).toBe(200);
      const file = await complete(id);
      expect(file.status, file.body.message).toBe(200);
      expect((await downloaded(file.body.data)).toString()).toBe('abcDEFGH');
    });

    it('does not complete while a chunk is still arriving, so the start of a chunk refused later never becomes a file', async () => {
      const id = (await open('notes.txt', 5)).body.data.uploadId;
      const chunked = heldBack('hello', ' world');
      const sending = put(id, 0, chunked.body);
      let early;
      try {
        // The first bytes reach the disk while the rest is awaited.
        await new Promise((resolve) => setTimeout(resolve, 300));
        early = await complete(id);
      } finally {
        chunked.release();
      }
      expect(early.status, early.body.message).toBe(409);
      expect((await sending).status).toBe(413);
      expect(await state(id)).toBe(0);
    });
  });

  describe('record values that name a member, a department, a record or a file', () => {
    let form: FormDetail;
    let other: FormDetail;
    let target: FormRecord;
    let aliceId: number;
    let harborUserId: number;
    let northwindDepartment: number;
    let harborDepartment: number;
    let harborRecord: FormRecord;
    let ownFile: FileInfo;
    let harborFile: FileInfo;

    const idOf = async (username: string) =>
      (await t.app.services.db.selectFrom('app_user').select('id').where('username', '=', username).executeTakeFirstOrThrow()).id;
    const tenantIdOf = async (name: string) => (await t.app.services.db.selectFrom('tenant').select('id').where('name', '=', name).executeTakeFirstOrThrow()).id;
    const departmentOf = async (name: string) =>
      (await t.app.services.db.selectFrom('department').select('id').where('tenant_id', '=', await tenantIdOf(name)).orderBy('id').executeTakeFirstOrThrow()).id;
    const upload = async (token: string, name: string, bytes: string) => {
      const data = new FormData();
      data.append('file', new Blob([bytes], { type: 'text/plain' }), name);
      const response = await fetch(`${t.url}/api/proptech_filestore/file/upload`, { method: 'POST', headers: { token }, body: data });
      return ((await response.json()) as Envelope<FileInfo>).data;
    };
    const fileValue = (file: FileInfo) => ({ fileId: file.fileId, name: file.name, size: file.size, type: file.type });
    const linkTo = (record: FormRecord) => ({ formId: record.formId, recordId: record.id, title: record.title || 'linked' });
    const refused = async (path: 'record/create' | 'record/update', body: Record<string, unknown>) => {
      const answer = await call<{ errors: FieldError[] }>(t, 'POST', path, admin, body);
      return { status: answer.status, message: answer.body.message, fields: answer.body.data?.errors?.map((e) => e.field) ?? [] };
    };

    beforeAll(async () => {
      other = await publishedForm(t, admin, 'Sources', SIMPLE_DESIGN);
      target = await createRecord(t, admin, other.id, { summary: 'Northwind source' });
      form = await publishedForm(t, admin, 'References', referencesDesign(other.id));
      aliceId = await idOf('alice');
      harborUserId = await idOf('harbor');
      northwindDepartment = await departmentOf(NORTHWIND);
      harborDepartment = await departmentOf(HARBOR);
      // The same form id in Harbor cannot exist; a Harbor record stands for "another tenant's record".
      const harborForm = await publishedForm(t, harbor, 'Harbor sources', SIMPLE_DESIGN);
      harborRecord = await createRecord(t, harbor, harborForm.id, { summary: 'Harbor source' });
      ownFile = await upload(admin, 'plan.txt', 'a plan');
      harborFile = await upload(harbor, 'pier.txt', 'a pier');
    });

    it('takes a member of the tenant, and refuses another tenant\'s user or a user that does not exist, naming the field', async () => {
      const northwind = await tenantIdOf(NORTHWIND);
      const membership = await t.app.services.db.selectFrom('tenant_member').select('id').where('tenant_id', '=', northwind).where('user_id', '=', harborUserId).executeTakeFirst();
      expect(membership, 'harbor must not be a member of Northwind for this test').toBeUndefined();

      const good = await call<FormRecord>(t, 'POST', 'record/create', admin, { formId: form.id, data: { summary: 'Mine', owner: aliceId, watchers: [aliceId] } });
      expect(good.status, good.body.message).toBe(200);

      for (const stranger of [harborUserId, 999_999]) {
        const answer = await refused('record/create', { formId: form.id, data: { summary: 'Theirs', owner: stranger } });
        expect(answer.status, answer.message).toBe(400);
        expect(answer.fields).toEqual(['owner']);
        expect(answer.message).toBe(`data.Owner (owner): user ${stranger} is not a member of this organisation`);
      }
      const inList = await refused('record/create', { formId: form.id, data: { summary: 'Theirs', watchers: [aliceId, harborUserId] } });
      expect(inList.status).toBe(400);
      expect(inList.fields).toEqual(['watchers']);
      expect(inList.message).toContain('not a member of this organisation');
      const inRow = await refused('record/create', { formId: form.id, data: { summary: 'Theirs', visits: [{ by: aliceId }, { by: harborUserId }] } });
      expect(inRow.status).toBe(400);
      expect(inRow.fields).toEqual(['visits[1].by']);
      expect(inRow.message).toContain('Visits › Visitor (visits[1].by)');
    });

    it('refuses another tenant\'s department, record or file, and takes the tenant\'s own', async () => {
      const own = { summary: 'Own', team: northwindDepartment, source: linkTo(target), docs: [fileValue(ownFile)] };
      const good = await call<FormRecord>(t, 'POST', 'record/create', admin, { formId: form.id, data: own });
      expect(good.status, good.body.message).toBe(200);

      const cases: [Record<string, unknown>, string, RegExp][] = [
        [{ team: harborDepartment }, 'team', /Team \(team\): department \d+ is not a department of this organisation/],
        [{ team: 999_999 }, 'team', /is not a department of this organisation/],
        [{ source: { ...linkTo(harborRecord), formId: other.id } }, 'source', /Source \(source\): record \d+ is not a record of the linked form/],
        // A record of this tenant, but of another form than the one the value names.
        [{ source: { formId: other.id, recordId: good.body.data.id, title: 'x' } }, 'source', /is not a record of the linked form/],
        [{ docs: [fileValue(harborFile)] }, 'docs', /Documents \(docs\): file "pier\.txt" is not a file of this organisation/],
        [{ docs: [{ ...fileValue(ownFile), fileId: 'f'.repeat(22) }] }, 'docs', /is not a file of this organisation/],
      ];
      for (const [patch, field, message] of cases) {
        const answer = await refused('record/create', { formId: form.id, data: { summary: 'Theirs', ...patch } });
        expect(answer.status, JSON.stringify(patch)).toBe(400);
        expect(answer.fields, JSON.stringify(patch)).toEqual([field]);
        expect(answer.message, JSON.stringify(patch)).toMatch(message);
      }
    });

    it('checks an update the same way, and keeps a value the record already held', async () => {
      const record = await createRecord(t, admin, form.id, { summary: 'Before', owner: aliceId, source: linkTo(target) });
      const foreign = await refused('record/update', { id: record.id, revision: record.revision, data: { summary: 'After', owner: harborUserId } });
      expect(foreign.status).toBe(400);
      expect(foreign.fields).toEqual(['owner']);

      // The linked record goes; the record linking it can still be saved with its other changes.
      await ok(t, 'POST', 'record/delete', admin, { ids: [target.id] });
      const updated = await ok<FormRecord>(t, 'POST', 'record/update', admin, { id: record.id, revision: record.revision, data: { summary: 'After', owner: aliceId, source: linkTo(target) } });
      expect(updated.data.summary).toBe('After');
      // Linking it anew is refused.
      const fresh = await refused('record/create', { formId: form.id, data: { summary: 'Again', source: linkTo(target) } });
      expect(fresh.status).toBe(400);
      expect(fresh.fields).toEqual(['source']);
    });

    it('reports an imported row whose default names another tenant\'s user', async () => {
      const defaulted = await publishedForm(t, admin, 'Defaulted owner', referencesDesign(other.id), { defaults: { owner: harborUserId } });
      const book = new ExcelJS.Workbook();
      book.addWorksheet('Sheet1').addRow(['summary']);
      book.worksheets[0]!.addRow(['From a sheet']);
      const data = new FormData();
      data.append('formId', String(defaulted.id));
      data.append('file', new Blob([new Uint8Array(await book.xlsx.writeBuffer())], { type: XLSX }), 'records.xlsx');
      const response = await fetch(`${t.url}/api${API}/flowFile/field/import`, { method: 'POST', headers: { token: admin }, body: data });
      const result = ((await response.json()) as Envelope<ImportResult>).data;
      expect(result.imported).toBe(0);
      expect(result.failed).toEqual([{ row: 2, field: 'owner', message: `Owner (owner): user ${harborUserId} is not a member of this organisation` }]);
    });
  });
});

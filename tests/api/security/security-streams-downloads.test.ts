import http from 'node:http';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FormDetail, FormVersionItem } from '../../../src/core/contracts/form.ts';
import type { FormRecord } from '../../../src/core/contracts/record.ts';
import type { Role } from '../../../src/core/contracts/role.ts';
import type { DocAddResult, DocFile, DocFolder } from '../../../src/core/contracts/documents.ts';
import type { FileInfo } from '../../../src/core/contracts/files.ts';
import type { CurrentAccount, LoginResult } from '../../../src/core/entities.ts';
import { loggerOptions } from '../../../src/server/plugins/request-log.ts';
import { storedFile } from '../../../src/web/forms/form-view/field-values.ts';
import { ATTACHMENT_FORM_DESIGN } from '../../helpers/attachment-form.ts';
import { inviteAndSignIn, ok, roleByCode, tenantNodes, workspaceByCode } from '../../helpers/authorization.ts';
import { testDialects } from '../../helpers/databases.ts';
import { uploadedFile } from '../../helpers/file-uploads.ts';
import { streamEventReader } from '../../helpers/notify-stream.ts';
import { rgbPng } from '../../helpers/png.ts';
import { DEMO_PASSWORD, HARBOR, NORTHWIND, startTestApp, type TestApp } from '../../helpers/test-app.ts';

const STREAM = '/api/proptech_notify/notify/stream';
const TICKET = '/proptech_notify/notify/stream/ticket';
const FILE = '/api/proptech_filestore/file';
const DOC = 'doc';
const TOWER = 'NW-TOWER';

// A 2x2 black PNG (one a thumbnail can be made of) and a PDF the content check accepts.
const PNG = rgbPng(2, 2, zlib.deflateSync(Buffer.alloc(2 * (1 + 2 * 3))));
const pdf = (text: string) => Buffer.from(`%PDF-1.7\n% ${text}\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n`);

interface OpenedStream {
  status: number;
  events: { event: string; data: unknown }[];
  /** Resolves once `count` events have come (rejects after 5 s). */
  waitFor(count: number): Promise<void>;
  close(): void;
}

/** Opens the event stream at `query`; answers with the status, then collects events until closed. */
function openStream(baseUrl: string, query: string, headers: Record<string, string> = {}): Promise<OpenedStream> {
  return new Promise((resolve, reject) => {
    const events: { event: string; data: unknown }[] = [];
    let onEvent: () => void = () => {};
    const request = http.get(`${baseUrl}${STREAM}${query}`, { headers }, (response) => {
      response.setEncoding('utf8');
      response.on('data', streamEventReader(events, () => onEvent()));
      resolve({
        status: response.statusCode ?? 0,
        events,
        waitFor: (count) =>
          new Promise<void>((done, fail) => {
            const timer = setTimeout(() => fail(new Error(`only ${events.length} events`)), 5000);
            onEvent = () => {
              if (events.length >= count) {
                clearTimeout(timer);
                done();
              }
            };
            onEvent();
          }),
        close: () => request.destroy(),
      });
    });
    request.on('error', reject);
  });
}

describe.each(testDialects())('event stream tickets and file downloads on %s', (dialect) => {
  let t: TestApp;
  let admin: string;
  let alice: string;
  let bob: string;
  let carol: string;

  beforeAll(async () => {
    t = await startTestApp(dialect);
    [admin, alice, bob, carol] = await Promise.all([
      t.signIn('admin', NORTHWIND),
      t.signIn('alice', NORTHWIND),
      t.signIn('bob', NORTHWIND),
      t.signIn('carol', HARBOR),
    ]);
    // The demo flows leave task notifications behind; the stream tests count from none.
    await t.app.services.db.deleteFrom('notify').execute();
  });
  afterAll(() => t.close());

  const userId = async (token: string) =>
    (await t.call<CurrentAccount>('GET', '/proptech_allplan/account/current', { token })).body.data.user.id;
  const ticketCall = (token?: string) => t.call<{ ticket: string; expiresIn: number }>('POST', TICKET, { token });
  const ticketOf = async (token: string) => {
    const answer = await ticketCall(token);
    expect(answer.status, answer.body?.message).toBe(200);
    return answer.body.data.ticket;
  };
  const send = async (userIds: number[], title: string) => {
    const sent = await t.call('POST', '/proptech_notify/notify/send', { token: admin, body: { notifyType: 'SYSTEM', title, userIds } });
    expect(sent.status).toBe(200);
  };

  describe('the notification stream', () => {
    it('hands a signed-in member a short-lived ticket; an anonymous caller or a tenant-less token gets none', async () => {
      const answer = await ticketCall(alice);
      expect(answer.status).toBe(200);
      expect(answer.body.data.expiresIn).toBe(30);
      expect(answer.body.data.ticket).toMatch(/^[A-Za-z0-9_-]{40,}$/);
      expect(answer.body.data.ticket).not.toContain(alice);
      expect((await ticketCall()).status).toBe(401);
      expect((await ticketCall('not-a-token')).status).toBe(401);
      const login = await t.call<LoginResult>('POST', '/proptech_allplan/login/passwordLogin', { body: { account: 'alice', password: DEMO_PASSWORD } });
      expect((await ticketCall(login.body.data.token)).status).toBe(403);
      // The stream's route takes no GET ticket: it is asked for with the token in the header only.
      expect((await t.call('GET', TICKET, { token: alice })).status).toBe(404);
    });

    it('opens the stream with a ticket once; a second use is refused', async () => {
      const ticket = await ticketOf(alice);
      const first = await openStream(t.url, `?ticket=${ticket}`);
      expect(first.status).toBe(200);
      await first.waitFor(1);
      expect(first.events[0]).toEqual({ event: 'unread', data: { unreadCount: 0 } });
      const again = await openStream(t.url, `?ticket=${ticket}`);
      expect(again.status).toBe(401);
      again.close();
      first.close();
    });

    it('refuses an expired ticket, an unknown one, none, and the token in the address', async () => {
      const ticket = await ticketOf(alice);
      t.clock.advance(31_000);
      const expired = await openStream(t.url, `?ticket=${ticket}`);
      expect(expired.status).toBe(401);
      expired.close();
      for (const query of ['?ticket=made-up-ticket', '', `?token=${encodeURIComponent(alice)}`, `?token=${encodeURIComponent(alice)}&ticket=`]) {
        const refused = await openStream(t.url, query);
        expect(refused.status, query).toBe(401);
        refused.close();
      }
      // Nor does the token header open it without a ticket.
      const header = await openStream(t.url, '', { token: alice });
      expect(header.status).toBe(401);
      header.close();
    });

    it('binds a ticket to the user it was given to, whoever presents it', async () => {
      const [aliceId, bobId] = await Promise.all([userId(alice), userId(bob)]);
      // Bob's ticket sent along with alice's token header is still bob's stream.
      const stream = await openStream(t.url, `?ticket=${await ticketOf(bob)}`, { token: alice });
      expect(stream.status).toBe(200);
      await stream.waitFor(1);
      await send([aliceId], 'For alice only');
      await send([bobId], 'For bob');
      await stream.waitFor(2);
      expect(stream.events.map((e) => e.event)).toEqual(['unread', 'notify']);
      expect(stream.events[1]).toMatchObject({ data: { notification: { title: 'For bob' } } });
      stream.close();
    });

    it('refuses a ticket whose session has ended meanwhile', async () => {
      const session = await t.signIn('bob', NORTHWIND);
      const ticket = await ticketOf(session);
      await ok(t, 'POST', 'login/logout', session);
      const refused = await openStream(t.url, `?ticket=${ticket}`);
      expect(refused.status).toBe(401);
      refused.close();
    });

    it('never writes the stream’s query string to the request log', () => {
      const options = loggerOptions('info') as { serializers: { req(request: unknown): { url: string } } };
      const logged = (url: string) => options.serializers.req({ method: 'GET', url, ip: '127.0.0.1' }).url;
      expect(logged(`${STREAM}?ticket=secret-ticket`)).toBe(STREAM);
      expect(logged(`${STREAM}?token=secret-token&x=1`)).toBe(STREAM);
      expect(logged(`${FILE}/abc?token=secret-token&inline=1`)).toBe(`${FILE}/abc?token=[redacted]&inline=1`);
    });
  });

  describe('downloads by file id', () => {
    const download = (fileId: string, token?: string) => fetch(`${t.url}${FILE}/${fileId}`, { headers: token ? { token } : {} });
    const thumbnail = (fileId: string, token: string) => fetch(`${t.url}${FILE}/${fileId}/thumbnail?size=64`, { headers: { token } });
    const zip = (fileIds: string[], token: string) =>
      t.call('POST', '/proptech_filestore/file/downloadZip', { token, body: { fileIds, zipName: 'files' } });
    const bytesOf = async (fileId: string, token: string) => {
      const response = await download(fileId, token);
      expect(response.status).toBe(200);
      return Buffer.from(await response.arrayBuffer());
    };
    const upload = (token: string, name: string, bytes: Buffer): Promise<FileInfo> => uploadedFile(t.url, token, name, bytes);

    /** A folder of the tower's library closed to all but the `member` role (alice's); bob (viewer) is not named. */
    let closed: DocFolder;
    let minutes: DocFile;
    let plan: DocFile;
    /** A form with file fields, open to every workspace. */
    let siteForm: FormDetail;
    /** Members of NW-HQ with data scope `own`: two who read the form's records, one who reads none. */
    let reader: string;
    let other: string;
    let stranger: string;
    beforeAll(async () => {
      const nodes = await tenantNodes(t, admin);
      const form = await ok<FormDetail>(t, 'POST', 'form/create', admin, { name: 'Site photos', design: ATTACHMENT_FORM_DESIGN, workspaceCode: null });
      await ok<FormDetail>(t, 'POST', 'form/settings/update', admin, { id: form.id, revision: form.revision, settings: { ...form.settings, titleField: 'summary' } });
      await ok<FormVersionItem>(t, 'POST', 'form/publish', admin, { id: form.id });
      siteForm = form;
      const hq = await workspaceByCode(t, admin, 'NW-HQ');
      const probe = async (username: string, points: string[]) => {
        const role = await ok<Role>(t, 'POST', 'role/create', admin, { code: username, name: `Role of ${username}`, dataScope: 'own' });
        await ok(t, 'POST', 'role/grant', admin, { id: role.id, resourceIds: points.map((p) => nodes.find((n) => n.code === p)!.id) });
        return (await inviteAndSignIn(t, admin, { username, workspaceIds: [hq.id], roleIds: [role.id] })).token;
      };
      reader = await probe('reader', ['record:create']);
      other = await probe('other', ['record:create']);
      stranger = await probe('stranger', []);

      closed = await ok<DocFolder>(t, 'POST', `${DOC}/folder/create`, alice, { workspaceCode: TOWER, parentId: null, name: 'Board' });
      const [a, b] = [await upload(alice, 'Minutes.pdf', pdf('minutes')), await upload(alice, 'Plan.png', PNG)];
      const added = await ok<DocAddResult>(t, 'POST', `${DOC}/file/add`, alice, { workspaceCode: TOWER, folderId: closed.id, fileIds: [a.fileId, b.fileId] });
      [minutes, plan] = added.files as [DocFile, DocFile];
      const member = await roleByCode(t, admin, 'member');
      await ok(t, 'POST', `${DOC}/folder/grants`, alice, { id: closed.id, grants: [{ roleId: member.id, access: 'manage' }] });
    });

    it('gives a document’s file, its thumbnail and its zip only to those who may read its folder', async () => {
      expect((await bytesOf(minutes.fileId, alice)).equals(pdf('minutes'))).toBe(true);
      expect((await thumbnail(plan.fileId, alice)).status).toBe(200);
      expect((await bytesOf(minutes.fileId, admin)).equals(pdf('minutes'))).toBe(true);

      expect((await download(minutes.fileId, bob)).status).toBe(404);
      expect((await thumbnail(plan.fileId, bob)).status).toBe(404);
      expect((await zip([minutes.fileId], bob)).status).toBe(404);
      // Inline (the preview) is the same download.
      expect((await fetch(`${t.url}${FILE}/${plan.fileId}?inline=1`, { headers: { token: bob } })).status).toBe(404);

      // Named with view, bob gets the bytes.
      const [member, viewer] = await Promise.all([roleByCode(t, admin, 'member'), roleByCode(t, admin, 'viewer')]);
      await ok(t, 'POST', `${DOC}/folder/grants`, alice, {
        id: closed.id,
        grants: [
          { roleId: member.id, access: 'manage' },
          { roleId: viewer.id, access: 'view' },
        ],
      });
      expect((await bytesOf(minutes.fileId, bob)).equals(pdf('minutes'))).toBe(true);
      expect((await thumbnail(plan.fileId, bob)).status).toBe(200);
      await ok(t, 'POST', `${DOC}/folder/grants`, alice, { id: closed.id, grants: [{ roleId: member.id, access: 'manage' }] });
      expect((await download(minutes.fileId, bob)).status).toBe(404);
    });

    it('gives an earlier version’s file by the same rule', async () => {
      const v2 = await upload(alice, 'Minutes v2.pdf', pdf('minutes v2'));
      await ok(t, 'POST', `${DOC}/file/version/add`, alice, { id: minutes.id, fileId: v2.fileId });
      expect((await bytesOf(minutes.fileId, alice)).equals(pdf('minutes'))).toBe(true);
      expect((await download(minutes.fileId, bob)).status).toBe(404);
      expect((await download(v2.fileId, bob)).status).toBe(404);
    });

    it('gives a record’s attachment only to those who may read the record', async () => {
      const photo = await upload(reader, 'door.png', PNG);
      const record = await ok<FormRecord>(t, 'POST', 'record/create', reader, { formId: siteForm.id, data: { summary: 'Door', photos: [storedFile(photo)] } });
      expect((await bytesOf(photo.fileId, reader)).equals(PNG)).toBe(true);
      expect((await thumbnail(photo.fileId, reader)).status).toBe(200);
      expect((await bytesOf(photo.fileId, admin)).equals(PNG)).toBe(true);
      // No read point of the form, or the record outside their data scope: not there.
      expect((await download(photo.fileId, stranger)).status).toBe(404);
      expect((await thumbnail(photo.fileId, stranger)).status).toBe(404);
      expect((await download(photo.fileId, other)).status).toBe(404);
      expect((await zip([photo.fileId], other)).status).toBe(404);

      // Once the record is deleted the file belongs to nothing: its uploader alone keeps it.
      await ok(t, 'POST', 'record/delete', admin, { ids: [record.id] });
      expect((await bytesOf(photo.fileId, reader)).equals(PNG)).toBe(true);
      expect((await download(photo.fileId, admin)).status).toBe(404);
    });

    it('gives a file that belongs to nothing yet to its uploader only', async () => {
      const fresh = await upload(bob, 'draft.pdf', pdf('draft'));
      expect((await bytesOf(fresh.fileId, bob)).equals(pdf('draft'))).toBe(true);
      expect((await download(fresh.fileId, alice)).status).toBe(404);
      expect((await download(fresh.fileId, admin)).status).toBe(404);
      expect((await zip([fresh.fileId], alice)).status).toBe(404);
    });

    it('gives an avatar kept in the file store to every member of the tenant', async () => {
      const face = await upload(alice, 'face.png', PNG);
      await ok(t, 'POST', 'account/update/avatar', alice, { avatar: `${FILE}/${face.fileId}` });
      expect((await bytesOf(face.fileId, bob)).equals(PNG)).toBe(true);
      expect((await download(face.fileId, carol)).status).toBe(404);
    });

    it('does not let a member reach a file by naming it as their avatar or in their own record', async () => {
      expect((await t.call('POST', '/proptech_allplan/account/update/avatar', { token: bob, body: { avatar: `${FILE}/${minutes.fileId}` } })).status).toBe(400);
      expect((await download(minutes.fileId, bob)).status).toBe(404);
      const named = { fileId: minutes.fileId, name: 'Minutes.pdf', size: 10, type: 'pdf' };
      await ok<FormRecord>(t, 'POST', 'record/create', reader, { formId: siteForm.id, data: { summary: 'Mine', docs: [named] } });
      expect((await download(minutes.fileId, reader)).status).toBe(404);
    });

    it('answers every download route by the same rule: anonymous 401, no right 404, another tenant 404, a reader the bytes', async () => {
      const routes: [string, (token?: string) => Promise<number>][] = [
        ['GET file/:fileId', async (token) => (await download(minutes.fileId, token)).status],
        ['GET file/:fileId?inline=1', async (token) => (await fetch(`${t.url}${FILE}/${plan.fileId}?inline=1`, { headers: token ? { token } : {} })).status],
        ['GET file/:fileId/thumbnail', async (token) => (await fetch(`${t.url}${FILE}/${plan.fileId}/thumbnail`, { headers: token ? { token } : {} })).status],
        [
          'POST file/downloadZip',
          async (token) => {
            const body = JSON.stringify({ fileIds: [minutes.fileId, plan.fileId], zipName: 'x' });
            const response = await fetch(`${t.url}${FILE}/downloadZip`, { method: 'POST', headers: { 'content-type': 'application/json', ...(token ? { token } : {}) }, body });
            await response.arrayBuffer();
            return response.status;
          },
        ],
      ];
      for (const [route, status] of routes) {
        expect(await status(), `${route} anonymous`).toBe(401);
        expect(await status(bob), `${route} without the folder`).toBe(404);
        expect(await status(carol), `${route} another tenant`).toBe(404);
        expect(await status(alice), `${route} reader`).toBe(200);
      }
    });

    it('answers 404 to another tenant and 401 to an anonymous caller', async () => {
      expect((await download(minutes.fileId, carol)).status).toBe(404);
      expect((await thumbnail(plan.fileId, carol)).status).toBe(404);
      expect((await zip([minutes.fileId], carol)).status).toBe(404);
      expect((await download(minutes.fileId)).status).toBe(401);
      expect((await fetch(`${t.url}${FILE}/${plan.fileId}/thumbnail`)).status).toBe(401);
    });
  });
});

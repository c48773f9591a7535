import crypto from 'node:crypto';
import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FileInfo, UploadSession } from '../../../src/core/contracts/files.ts';
import type { Envelope } from '../../../src/core/envelope.ts';
import { testDialects } from '../../helpers/databases.ts';
import { HARBOR, NORTHWIND, startTestApp, type TestApp } from '../../helpers/test-app.ts';

/** An IFC model of about `bytes` bytes: the STEP header, then numbered entity lines. */
function ifcModel(bytes: number): Buffer {
  const lines = ['ISO-10303-21;', 'HEADER;', "FILE_NAME('tower.ifc','2026-11-26',(''),(''),'','','');", 'ENDSEC;', 'DATA;'];
  let length = lines.join('\n').length;
  for (let i = 1; length < bytes - 40; i++) {
    const line = `#${i}=IFCCARTESIANPOINT((${i}.,${(i * 7) % 1000}.,0.));`;
    lines.push(line);
    length += line.length + 1;
  }
  lines.push('ENDSEC;', 'END-ISO-10303-21;');
  return Buffer.from(`${lines.join('\n')}\n`);
}

const SESSION = '/proptech_filestore/file/upload/session';

describe.each(testDialects())('resumable uploads on %s', (dialect) => {
  let t: TestApp;
  let alice: string;
  let bob: string;
  let harbor: string;

  beforeAll(async () => {
    t = await startTestApp(dialect, { fileMaxBytes: 4 * 1024 * 1024 });
    [alice, bob, harbor] = await Promise.all([t.signIn('alice', NORTHWIND), t.signIn('bob', NORTHWIND), t.signIn('harbor', HARBOR)]);
  });
  afterAll(() => t.close());

  const open = (body: unknown, token = alice) => t.call<UploadSession>('POST', SESSION, { token, body });
  const state = (id: string, token = alice) => t.call<UploadSession>('GET', `${SESSION}/${id}`, { token });
  const complete = (id: string, token = alice) => t.call<FileInfo>('POST', `${SESSION}/${id}/complete`, { token });
  const put = async (id: string, offset: number, bytes: Buffer, token = alice) => {
    const response = await fetch(`${t.url}/api${SESSION}/${id}`, {
      method: 'PUT',
      headers: { token, 'content-type': 'application/octet-stream', 'upload-offset': String(offset) },
      body: new Uint8Array(bytes),
    });
    return { status: response.status, body: (await response.json()) as Envelope<UploadSession> };
  };
  const fileCount = async () => Number((await t.app.services.db.selectFrom('file_object').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
  const downloaded = async (file: FileInfo) => Buffer.from(await (await fetch(`${t.url}${file.url}`, { headers: { token: alice } })).arrayBuffer());

  /**
   * Sends the first `sent` bytes of a chunk that claims to be `bytes.length` long, then drops
   * the connection, as a train going into a tunnel does.
   */
  const dropMidChunk = (id: string, offset: number, bytes: Buffer, sent: number) =>
    new Promise<void>((resolve) => {
      const target = new URL(`/api${SESSION}/${id}`, t.url);
      const request = http.request(target, {
        method: 'PUT',
        headers: { token: alice, 'content-type': 'application/octet-stream', 'upload-offset': String(offset), 'content-length': String(bytes.length) },
      });
      request.on('error', () => resolve());
      request.on('close', () => resolve());
      request.write(bytes.subarray(0, sent), () => setTimeout(() => request.destroy(), 200));
    });

  it('takes a file in chunks and keeps it byte for byte', async () => {
    const model = ifcModel(1_500_000);
    const session = await open({ name: 'tower.ifc', size: model.length });
    expect(session.status, session.body.message).toBe(200);
    const id = session.body.data.uploadId;
    expect(session.body.data).toEqual({ uploadId: id, name: 'tower.ifc', size: model.length, received: 0 });
    const chunk = 600_000;
    for (let offset = 0; offset < model.length; offset += chunk) {
      const answer = await put(id, offset, model.subarray(offset, offset + chunk));
      expect(answer.status, answer.body.message).toBe(200);
      expect(answer.body.data.received).toBe(Math.min(offset + chunk, model.length));
    }
    const before = await fileCount();
    const file = await complete(id);
    expect(file.status, file.body.message).toBe(200);
    expect(file.body.data).toMatchObject({ name: 'tower.ifc', size: model.length, type: 'application/x-step' });
    expect(await fileCount()).toBe(before + 1);
    expect((await downloaded(file.body.data)).equals(model)).toBe(true);
    // The session is gone with it.
    expect((await state(id)).status).toBe(404);
  });

  it('survives a dropped connection: the bytes that arrived stay, nothing is visible as a file, and the upload goes on from there', async () => {
    const model = ifcModel(2_000_000);
    const id = (await open({ name: '现场 model.ifc', size: model.length })).body.data.uploadId;
    const before = await fileCount();
    await dropMidChunk(id, 0, model.subarray(0, 1_200_000), 700_000);
    const held = (await state(id)).body.data.received;
    expect(held).toBeGreaterThan(0);
    expect(held).toBeLessThanOrEqual(700_000);
    expect(await fileCount()).toBe(before);
    // Completing too early says how far it got.
    const early = await complete(id);
    expect(early.status).toBe(409);
    expect(early.body.message).toContain(`holds ${held} of ${model.length} bytes`);

    // A chunk from the wrong place is refused, naming where to go on.
    const wrong = await put(id, 0, model.subarray(0, 10));
    expect(wrong.status).toBe(409);
    expect(wrong.body.message).toContain(`holds ${held} bytes`);
    const rest = await put(id, held, model.subarray(held));
    expect(rest.status, rest.body.message).toBe(200);
    const file = await complete(id);
    expect(file.status, file.body.message).toBe(200);
    expect(file.body.data.name).toBe('现场 model.ifc');
    expect(crypto.createHash('sha256').update(await downloaded(file.body.data)).digest('hex')).toBe(crypto.createHash('sha256').update(model).digest('hex'));
  });

  it('refuses what a plain upload refuses, at the start or once the bytes are in, keeping nothing', async () => {
    const cases: [unknown, number, RegExp][] = [
      [{ name: 'setup.exe', size: 10 }, 400, /^file: files of type \.exe/],
      [{ name: '../../etc/passwd.txt', size: 0 }, 400, /^size/],
      [{ name: 'huge.ifc', size: 5 * 1024 * 1024 }, 413, /^file: larger than the limit/],
      [{ name: 'photo.pdf', size: 10, kind: 'image' }, 400, /^file: must be an image/],
      [{ name: 'a.ifc', size: 10, extra: true }, 400, /extra|additional/],
    ];
    for (const [body, status, message] of cases) {
      const answer = await open(body);
      expect(answer.status, JSON.stringify(body)).toBe(status);
      expect(answer.body.message, JSON.stringify(body)).toMatch(message);
    }
    // A name with folders keeps only its last part.
    const named = await open({ name: '../../secret/plan.pdf', size: 4 });
    expect(named.body.data.name).toBe('plan.pdf');

    // Bytes that are not what the name says: refused on completion, the session dropped.
    const before = await fileCount();
    const fake = (await open({ name: 'contract.pdf', size: 11 })).body.data.uploadId;
    expect((await put(fake, 0, Buffer.from('hello world'))).status).toBe(200);
    const refused = await complete(fake);
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe('file: the content is not a .pdf file');
    expect((await state(fake)).status).toBe(404);
    expect(await fileCount()).toBe(before);

    // More bytes than declared: the chunk is refused whole, nothing of it kept.
    const small = (await open({ name: 'notes.txt', size: 5 })).body.data.uploadId;
    const over = await put(small, 0, Buffer.from('too many bytes'));
    expect(over.status).toBe(413);
    expect((await state(small)).body.data.received).toBe(0);
  });

  it("keeps a session to the user who opened it: another user or tenant finds nothing, and a cancelled one is gone", async () => {
    const id = (await open({ name: 'private.txt', size: 3 })).body.data.uploadId;
    for (const token of [bob, harbor]) {
      expect((await state(id, token)).status).toBe(404);
      expect((await put(id, 0, Buffer.from('abc'), token)).status).toBe(404);
      expect((await complete(id, token)).status).toBe(404);
    }
    expect((await state(id)).body.data.received).toBe(0);
    expect((await t.call('POST', `${SESSION}/${id}/cancel`, { token: alice })).status).toBe(200);
    expect((await state(id)).status).toBe(404);
    expect((await t.call('GET', `${SESSION}/not-an-id`, { token: alice })).status).toBe(400);
    expect((await t.call('POST', SESSION, { body: { name: 'x.txt', size: 1 } })).status).toBe(401);
  });
});

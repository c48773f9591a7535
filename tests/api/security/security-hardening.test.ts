import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DocFile, DocFolder, DocListResult } from '../../../src/core/contracts/documents.ts';
import type { FileInfo, UploadSession } from '../../../src/core/contracts/files.ts';
import { buildApp } from '../../../src/server/app.ts';
import { loadConfig } from '../../../src/server/config.ts';
import { OutboxSender } from '../../../src/server/messaging/sender.ts';
import { blobKey, type LocalBlobStore } from '../../../src/server/modules/filestore/blob-store.ts';
import { testDialects } from '../../helpers/databases.ts';
import { uploadedFile } from '../../helpers/file-uploads.ts';
import { lastCodeSentTo } from '../../helpers/outbox.ts';
import { HARBOR, NORTHWIND, startTestApp, type TestApp } from '../../helpers/test-app.ts';
import { unzip } from '../../helpers/zip.ts';

const DOC = '/proptech_allplan/doc';
const FILES = '/proptech_filestore';
const TOWER = 'NW-TOWER';
const pdf = (text: string) => Buffer.from(`%PDF-1.7\n% ${text}\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n`);
const modeOf = (file: string) => fs.statSync(file).mode & 0o777;

// `evil‮gnp.pdf` shows as "evilfdp.png": a PDF passed off as a picture.
const DISGUISED = 'evil\u202egnp.pdf';
const ARABIC = 'تقرير الصيانة.pdf';
const CHINESE = '维修报告 2026.pdf';
// Persian writes some words with a zero-width non-joiner: it is part of the spelling.
const PERSIAN = 'می\u200cخواهم.pdf';

describe.each(testDialects())('security hardening on %s', (dialect) => {
  let t: TestApp;
  let alice: string;
  beforeAll(async () => {
    t = await startTestApp(dialect);
    alice = await t.signIn('alice', NORTHWIND);
  });
  afterAll(() => t.close());

  const ok = async <T>(path: string, body: unknown, token = alice) => {
    const result = await t.call<T>('POST', path, { token, body });
    expect(result.status, `${path}: ${result.body.message}`).toBe(200);
    return result.body.data;
  };
  const upload = (name: string, bytes: Buffer) => uploadedFile(t.url, alice, name, bytes);
  const zipOf = async (path: string, body: unknown) => {
    const response = await fetch(`${t.url}/api${path}`, { method: 'POST', headers: { token: alice, 'content-type': 'application/json' }, body: JSON.stringify(body) });
    expect(response.status).toBe(200);
    return [...(await unzip(Buffer.from(await response.arrayBuffer()))).keys()].sort();
  };
  const localStore = () => t.app.services.blobs as LocalBlobStore;

  it('drops a right-to-left override from an upload name: stored, listed and zipped without it', async () => {
    const uploaded = await upload(DISGUISED, pdf('disguised'));
    expect(uploaded.name).toBe('evilgnp.pdf');
    const stored = await t.app.services.db.selectFrom('file_object').select('name').where('id', '=', uploaded.fileId).executeTakeFirstOrThrow();
    expect(stored.name).toBe('evilgnp.pdf');
    const session = await ok<UploadSession>(`${FILES}/file/upload/session`, { name: `a\u2066b\u200fc\u061c\ufeff\u200b${DISGUISED}`, size: 10 });
    expect(session.name).toBe('abcevilgnp.pdf');

    const folder = await ok<DocFolder>(`${DOC}/folder/create`, { workspaceCode: TOWER, parentId: null, name: 'Site\u202e photos' });
    expect(folder.name).toBe('Site photos');
    await ok(`${DOC}/file/add`, { workspaceCode: TOWER, folderId: folder.id, fileIds: [uploaded.fileId] });
    const listed = await ok<DocListResult>(`${DOC}/list`, { workspaceCode: TOWER, folderId: folder.id });
    expect(listed.files.map((f) => f.name)).toEqual(['evilgnp.pdf']);
    expect(await zipOf(`${DOC}/downloadZip`, { folderIds: [folder.id], fileIds: [] })).toEqual(['Site photos/evilgnp.pdf']);

    // A name kept before names were cleaned is cleaned on its way into a zip or a download.
    await t.app.services.db.updateTable('doc_file').set({ name: DISGUISED }).where('file_id', '=', uploaded.fileId).execute();
    await t.app.services.db.updateTable('file_object').set({ name: `old\u202egnp.pdf` }).where('id', '=', uploaded.fileId).execute();
    expect(await zipOf(`${DOC}/downloadZip`, { folderIds: [folder.id], fileIds: [] })).toEqual(['Site photos/evilgnp.pdf']);
    expect(await zipOf(`${FILES}/file/downloadZip`, { fileIds: [uploaded.fileId] })).toEqual(['oldgnp.pdf']);
    const download = await fetch(`${t.url}/api${FILES}/file/${uploaded.fileId}`, { headers: { token: alice } });
    expect(download.headers.get('content-disposition')).toContain("filename*=UTF-8''oldgnp.pdf");
    await download.arrayBuffer();
  });

  it('keeps Arabic, Chinese and Persian names as they were written', async () => {
    const files: FileInfo[] = [];
    for (const name of [ARABIC, CHINESE, PERSIAN]) files.push(await upload(name, pdf(name)));
    expect(files.map((f) => f.name)).toEqual([ARABIC, CHINESE, PERSIAN]);
    const folder = await ok<DocFolder>(`${DOC}/folder/create`, { workspaceCode: TOWER, parentId: null, name: 'مستندات 文件' });
    const added = await ok<{ files: DocFile[] }>(`${DOC}/file/add`, { workspaceCode: TOWER, folderId: folder.id, fileIds: files.map((f) => f.fileId) });
    expect(added.files.map((f) => f.name)).toEqual([ARABIC, CHINESE, PERSIAN]);
    expect(await zipOf(`${DOC}/downloadZip`, { folderIds: [folder.id], fileIds: [] })).toEqual([ARABIC, CHINESE, PERSIAN].map((n) => `مستندات 文件/${n}`).sort());
  });

  it('keeps stored files 0600 in folders 0700, and makes an open data folder private again at start', async () => {
    const uploaded = await upload('private.pdf', pdf('private'));
    const row = await t.app.services.db.selectFrom('file_object').select('sha256').where('id', '=', uploaded.fileId).executeTakeFirstOrThrow();
    const blob = localStore().pathOf(blobKey(row.sha256));
    expect(modeOf(blob)).toBe(0o600);
    const { dataDir } = t.app.services.config;
    const filesDir = path.join(dataDir, 'files');
    for (let dir = path.dirname(blob); dir.startsWith(filesDir); dir = path.dirname(dir)) expect(modeOf(dir), dir).toBe(0o700);
    const session = await ok<UploadSession>(`${FILES}/file/upload/session`, { name: 'big.pdf', size: 10 });
    expect(modeOf(path.join(filesDir, 'partial', session.uploadId))).toBe(0o600);
    expect(modeOf(path.join(filesDir, 'partial'))).toBe(0o700);
    expect(modeOf(dataDir)).toBe(0o700);

    // As an older version left them: open to every user of the machine.
    fs.chmodSync(dataDir, 0o755);
    fs.chmodSync(filesDir, 0o755);
    const database = path.join(dataDir, 'plinth.db');
    if (dialect === 'sqlite') for (const file of [database, `${database}-wal`, `${database}-shm`]) fs.chmodSync(file, 0o644);
    const again = await buildApp({ config: t.app.services.config, seed: false });
    try {
      expect(modeOf(dataDir)).toBe(0o700);
      expect(modeOf(filesDir)).toBe(0o700);
      if (dialect === 'sqlite') for (const file of [database, `${database}-wal`, `${database}-shm`]) expect(modeOf(file), file).toBe(0o600);
    } finally {
      await again.close();
    }
  });

  it('creates a new SQLite database file 0600 in a data folder 0700', async () => {
    if (dialect !== 'sqlite') return;
    const parent = fs.mkdtempSync(path.join(path.dirname(t.app.services.config.dataDir), 'plinth-fresh-'));
    fs.chmodSync(parent, 0o755);
    const dataDir = path.join(parent, 'data');
    try {
      const fresh = await buildApp({ config: { ...t.app.services.config, dataDir }, seed: false });
      try {
        expect(modeOf(dataDir)).toBe(0o700);
        for (const file of ['plinth.db', 'plinth.db-wal', 'plinth.db-shm']) expect(modeOf(path.join(dataDir, file)), file).toBe(0o600);
      } finally {
        await fresh.close();
      }
    } finally {
      fs.rmSync(parent, { recursive: true, force: true });
    }
  });

  it('keeps a reset code out of the outbox and only a keyed hash of it; the code still resets the password', async () => {
    const email = 'carol@harbor.example';
    const ask = await t.call('GET', '/proptech_allplan/login/getVerificationCode/email', { query: { email } });
    expect(ask.body.success).toBe(true);
    const code = await lastCodeSentTo(t, email);
    expect(code).toMatch(/^\d{6}$/);

    const rows = await t.app.services.db.selectFrom('outbox').select(['subject', 'body']).where('recipient', '=', email).execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]!.body).not.toContain(code);
    expect(rows[0]!.body).not.toMatch(/\d{6}/);
    expect(rows[0]!.body).toContain('Your Plinth password reset code is ••••••.');

    // The stored hash cannot be matched by hashing the million codes without the server's key.
    const kept = await t.app.services.db.selectFrom('verification_code').select('code_hash').where('target', '=', email).executeTakeFirstOrThrow();
    expect(kept.code_hash).not.toBe(crypto.createHash('sha256').update(`${email}\n${code}`).digest('hex'));
    expect(JSON.stringify(kept)).not.toContain(code);

    const wrong = code === '000000' ? '000001' : '000000';
    const refused = await t.call('POST', '/proptech_allplan/login/resetPsw/email', { body: { email, verificationCode: wrong, newPassword: 'N3w-password!' } });
    expect(refused.status).toBe(400);
    const reset = await t.call('POST', '/proptech_allplan/login/resetPsw/email', { body: { email, verificationCode: code, newPassword: 'N3w-password!' } });
    expect(reset.body.success).toBe(true);
    expect(await t.signIn('carol', HARBOR, 'N3w-password!')).toBeTruthy();
  });

  it('keeps a registration code out of the outbox too', async () => {
    const ask = await t.call('GET', '/proptech_allplan/login/getVerificationCode', { query: { mobilePhone: '13912340000', scene: 'REGISTER' } });
    expect(ask.body.success, ask.body.message).toBe(true);
    const code = await lastCodeSentTo(t, '13912340000');
    const [row] = await t.app.services.db.selectFrom('outbox').select('body').where('recipient', '=', '13912340000').execute();
    expect(row!.body).not.toContain(code);
    expect(row!.body).toContain('••••••');
  });

  it('writes a code to the log only outside production, for a local operator; the outbox masks it either way', async () => {
    expect(loadConfig({}).logCodes).toBe(true);
    expect(loadConfig({ NODE_ENV: 'production' }).logCodes).toBe(false);
    const logged: unknown[] = [];
    const log = { info: (entry: unknown) => logged.push(entry) } as unknown as FastifyBaseLogger;
    for (const logCodes of [true, false]) await new OutboxSender(t.app.services.db, t.clock, log, logCodes).sendEmail('ops@example.test', 'Code', 'Your code is 123456.');
    expect(JSON.stringify(logged[0])).toContain('Your code is 123456.');
    expect(JSON.stringify(logged[1])).not.toContain('123456');
    const kept = await t.app.services.db.selectFrom('outbox').select('body').where('recipient', '=', 'ops@example.test').execute();
    expect(kept.map((r) => r.body)).toEqual(['Your code is ••••••.', 'Your code is ••••••.']);
  });
});

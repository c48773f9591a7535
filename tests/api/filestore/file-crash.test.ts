import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FileInfo, UploadSession } from '../../../src/core/contracts/files.ts';
import { createSeededTestDatabase, type TestDatabase } from '../../helpers/databases.ts';
import { startServerProcess as startServer } from '../../helpers/server-process.ts';
import { apiClient, NORTHWIND, seedTemplate } from '../../helpers/test-app.ts';

/**
 * A server killed with SIGKILL in the middle of uploads (a plain one and a resumable one)
 * starts again over the same data with a sound database, no file row without its bytes,
 * nothing half-uploaded visible, and the resumable upload going on where its bytes stopped.
 */

const SESSION = '/proptech_filestore/file/upload/session';

/** Starts a request of `total` bytes, sends `sent` of them, and leaves it hanging. */
function hangingRequest(url: string, headers: Record<string, string>, total: number, first: Buffer): http.ClientRequest {
  const request = http.request(url, { method: headers['x-method'] ?? 'PUT', headers: { ...headers, 'content-length': String(total) } });
  request.on('error', () => undefined);
  request.write(first);
  return request;
}

describe('a server killed mid-upload', () => {
  let database: TestDatabase;
  let running: ChildProcess | null = null;

  beforeAll(async () => {
    database = await createSeededTestDatabase('sqlite', seedTemplate);
  });
  afterAll(async () => {
    running?.kill('SIGKILL');
    await database.drop();
  });

  it('starts again sound: no torn rows or visible partial files, and the resumable upload goes on', { timeout: 120_000 }, async () => {
    const first = await startServer(database.dataDir);
    running = first.child;
    const api = apiClient(first.url);
    const token = await api.signIn('alice', NORTHWIND);
    const filesRoot = path.join(database.dataDir, 'files');
    const countRows = () => {
      const db = new SQLite(path.join(database.dataDir, 'plinth.db'), { readonly: true });
      try {
        return (db.prepare('select count(*) as n from file_object').get() as { n: number }).n;
      } finally {
        db.close();
      }
    };
    const rows = countRows();

    const bytes = Buffer.from('ISO-10303-21;\nHEADER;\nENDSEC;\nDATA;\n' + '#1=IFCWALL();\n'.repeat(80_000) + 'ENDSEC;\nEND-ISO-10303-21;\n');
    const session = (await api.call<UploadSession>('POST', SESSION, { token, body: { name: 'crash.ifc', size: bytes.length } })).body.data;
    const partial = path.join(filesRoot, 'partial', session.uploadId);
    const chunk = hangingRequest(`${first.url}/api${SESSION}/${session.uploadId}`, { token, 'content-type': 'application/octet-stream', 'upload-offset': '0' }, bytes.length, bytes.subarray(0, 400_000));
    // A plain multipart upload in flight too.
    const boundary = 'plinthcrash';
    const head = Buffer.from(`--${boundary}\r\ncontent-disposition: form-data; name="file"; filename="plain.txt"\r\ncontent-type: text/plain\r\n\r\n`);
    const multipart = hangingRequest(
      `${first.url}/api/proptech_filestore/file/upload`,
      { token, 'content-type': `multipart/form-data; boundary=${boundary}`, 'x-method': 'POST' },
      head.length + 2_000_000,
      Buffer.concat([head, Buffer.alloc(300_000, 'a')]),
    );
    // Both have reached the disk when the server dies.
    await expect.poll(() => (fs.existsSync(partial) ? fs.statSync(partial).size : 0), { timeout: 10_000 }).toBeGreaterThan(0);
    await expect.poll(() => (fs.existsSync(path.join(filesRoot, 'tmp')) ? fs.readdirSync(path.join(filesRoot, 'tmp')).length : 0), { timeout: 10_000 }).toBeGreaterThan(0);
    first.child.kill('SIGKILL');
    await new Promise((resolve) => first.child.once('exit', resolve));
    chunk.destroy();
    multipart.destroy();

    const second = await startServer(database.dataDir);
    running = second.child;
    const again = apiClient(second.url);

    // The database is sound and every file row has its bytes; the half plain upload left nothing.
    const db = new SQLite(path.join(database.dataDir, 'plinth.db'), { readonly: true });
    expect(db.pragma('integrity_check', { simple: true })).toBe('ok');
    const stored = db.prepare('select sha256 from file_object').all() as { sha256: string }[];
    db.close();
    expect(stored).toHaveLength(rows);
    for (const { sha256 } of stored) expect(fs.existsSync(path.join(filesRoot, sha256.slice(0, 2), sha256.slice(2, 4), sha256))).toBe(true);
    expect(fs.existsSync(path.join(filesRoot, 'tmp')) ? fs.readdirSync(path.join(filesRoot, 'tmp')) : []).toEqual([]);

    // The token outlives the server; the upload goes on from the bytes that reached the disk.
    const held = (await again.call<UploadSession>('GET', `${SESSION}/${session.uploadId}`, { token })).body.data.received;
    expect(held).toBe(fs.statSync(partial).size);
    expect(held).toBeGreaterThan(0);
    const rest = await fetch(`${second.url}/api${SESSION}/${session.uploadId}`, {
      method: 'PUT',
      headers: { token, 'content-type': 'application/octet-stream', 'upload-offset': String(held) },
      body: new Uint8Array(bytes.subarray(held)),
    });
    expect(rest.status).toBe(200);
    const file = (await again.call<FileInfo>('POST', `${SESSION}/${session.uploadId}/complete`, { token })).body.data;
    const download = Buffer.from(await (await fetch(`${second.url}${file.url}`, { headers: { token } })).arrayBuffer());
    expect(download.equals(bytes)).toBe(true);
    expect(countRows()).toBe(rows + 1);
  });
});

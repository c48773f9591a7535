import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fileThumbnailUrl, type FileInfo, type UploadSession } from '../../../src/core/contracts/files.ts';
import { createBlobStore } from '../../../src/server/modules/filestore/create-blob-store.ts';
import { thumbnailVariant } from '../../../src/server/modules/filestore/thumbnails.ts';
import { testDialects } from '../../helpers/databases.ts';
import { uploadedFile } from '../../helpers/file-uploads.ts';
import { startTestS3Server, TEST_BUCKET, type TestS3Server } from '../../helpers/s3-server.ts';
import { NORTHWIND, startTestApp, type TestApp } from '../../helpers/test-app.ts';

/**
 * The whole file store over HTTP with FILE_STORE_URL naming an S3-compatible bucket (s3rver,
 * started by the test): every byte kept goes to the bucket, none to the local folder.
 */

const sha256 = (bytes: Buffer) => crypto.createHash('sha256').update(bytes).digest('hex');
const SESSION = '/proptech_filestore/file/upload/session';

/** The objects s3rver holds, by key (it keeps each object's bytes in a file named after the key). */
function bucketKeys(server: TestS3Server): string[] {
  const root = path.join(server.directory, TEST_BUCKET);
  return fs
    .readdirSync(root, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('._S3rver_object'))
    .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name.replace(/\._S3rver_object$/, ''))));
}

/** Blob files the local folder holds (an S3 store keeps none there). */
function localBlobs(dataDir: string): string[] {
  const root = path.join(dataDir, 'files');
  if (!fs.existsSync(root)) return [];
  return fs.readdirSync(root, { recursive: true, withFileTypes: true }).filter((entry) => entry.isFile() && /^[0-9a-f]{64}/.test(entry.name)).map((entry) => entry.name);
}

describe.each(testDialects())('file store in an S3 bucket, on %s', (dialect) => {
  let server: TestS3Server;
  let t: TestApp;
  let alice: string;
  let dataDir: string;
  /** The demo's own files, copied with the seeded data folder before the bucket was named. */
  let seededBlobs: string[];

  beforeAll(async () => {
    server = await startTestS3Server();
    t = await startTestApp(dialect, { fileStoreUrl: server.url });
    dataDir = t.app.services.config.dataDir;
    seededBlobs = localBlobs(dataDir);
    alice = await t.signIn('alice', NORTHWIND);
  });
  afterAll(async () => {
    await t?.close();
    await server?.close();
  });

  const download = (url: string, headers: Record<string, string> = {}) => fetch(`${t.url}${url}`, { headers: { token: alice, ...headers } });

  it('keeps uploads in the bucket under their hash and gives them back whole, in ranges and zipped', async () => {
    const bytes = Buffer.from(`%PDF-1.7\n% ${crypto.randomUUID()}\n${'x'.repeat(5000)}\n%%EOF\n`);
    const file = await uploadedFile(t.url, alice, 'handover.pdf', bytes);
    const hash = sha256(bytes);
    expect(bucketKeys(server)).toContain(`${hash.slice(0, 2)}/${hash.slice(2, 4)}/${hash}`);
    expect(localBlobs(dataDir)).toEqual(seededBlobs);

    const whole = await download(file.url);
    expect(whole.status).toBe(200);
    expect(Buffer.from(await whole.arrayBuffer()).equals(bytes)).toBe(true);
    const head = await download(file.url, { range: 'bytes=0-7' });
    expect(head.status).toBe(206);
    expect(Buffer.from(await head.arrayBuffer()).toString()).toBe('%PDF-1.7');
    const tail = await download(file.url, { range: 'bytes=-6' });
    expect(Buffer.from(await tail.arrayBuffer()).toString()).toBe('%%EOF\n');
    expect((await download(file.url, { 'if-none-match': `"${hash}"` })).status).toBe(304);

    const photo = await sharp({ create: { width: 32, height: 32, channels: 3, background: '#a0522d' } }).png().toBuffer();
    const photoFile = await uploadedFile(t.url, alice, 'photo.png', photo);
    const photoAgain = await uploadedFile(t.url, alice, 'photo.png', photo);
    const zip = await fetch(`${t.url}/api/proptech_filestore/file/downloadZip`, {
      method: 'POST',
      headers: { token: alice, 'content-type': 'application/json' },
      body: JSON.stringify({ fileIds: [photoFile.fileId, file.fileId, photoAgain.fileId] }),
    });
    expect(zip.status).toBe(200);
    // PNG entries are stored as they are: both copies' bytes are in the archive.
    const archive = Buffer.from(await zip.arrayBuffer());
    expect(archive.indexOf(photo)).toBeGreaterThan(0);
    expect(archive.lastIndexOf(photo)).toBeGreaterThan(archive.indexOf(photo));
  });

  it('completes a resumable upload into the bucket, sending a file larger than one part in parts', { timeout: 60_000 }, async () => {
    // 17 MB: past the 16 MiB a single request takes, so it goes as a multipart upload.
    const model = Buffer.concat([Buffer.from('ISO-10303-21;\nHEADER;\nENDSEC;\nDATA;\n'), Buffer.alloc(17_000_000, '#1=IFCWALL();\n'), Buffer.from('ENDSEC;\nEND-ISO-10303-21;\n')]);
    const session = (await t.call<UploadSession>('POST', SESSION, { token: alice, body: { name: 'tower.ifc', size: model.length } })).body.data;
    for (let offset = 0; offset < model.length; offset += 8 * 1024 * 1024) {
      const response = await fetch(`${t.url}/api${SESSION}/${session.uploadId}`, {
        method: 'PUT',
        headers: { token: alice, 'content-type': 'application/octet-stream', 'upload-offset': String(offset) },
        body: new Uint8Array(model.subarray(offset, offset + 8 * 1024 * 1024)),
      });
      expect(response.status).toBe(200);
    }
    const file = await t.call<FileInfo>('POST', `${SESSION}/${session.uploadId}/complete`, { token: alice });
    expect(file.status, file.body.message).toBe(200);
    const hash = sha256(model);
    expect(bucketKeys(server)).toContain(`${hash.slice(0, 2)}/${hash.slice(2, 4)}/${hash}`);
    expect(fs.existsSync(path.join(dataDir, 'files', 'partial', session.uploadId))).toBe(false);
    const back = Buffer.from(await (await download(file.body.data.url)).arrayBuffer());
    expect(sha256(back)).toBe(hash);
  });

  it('keeps thumbnails in the bucket beside their image', async () => {
    const bytes = await sharp({ create: { width: 400, height: 300, channels: 3, background: '#336699' } }).png().toBuffer();
    const file = await uploadedFile(t.url, alice, 'elevation.png', bytes);
    const response = await download(fileThumbnailUrl(file.fileId, 128));
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/webp');
    const image = await sharp(Buffer.from(await response.arrayBuffer())).metadata();
    expect([image.width, image.height]).toEqual([128, 96]);
    const hash = sha256(bytes);
    expect(bucketKeys(server)).toContain(`${hash.slice(0, 2)}/${hash.slice(2, 4)}/${hash}.${thumbnailVariant(128)}`);
    expect(localBlobs(dataDir)).toEqual(seededBlobs);
  });

  it('refuses to start on a bucket it cannot use, or a FILE_STORE_URL it cannot read, without repeating the secret', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'plinth-s3-start-'));
    try {
      const start = (fileStoreUrl: string) => createBlobStore({ dataDir: dir, fileStoreUrl });
      await expect(start(server.url.replace(TEST_BUCKET, 'no-such-bucket'))).rejects.toThrow(/bucket "no-such-bucket" .* cannot be used: .*404/);
      await expect(start(server.url.replace('S3RVER@', 'wrong-secret@'))).rejects.toThrow(/cannot be used: .*403/);
      const unreadable = start('s3://KEY:top-secret@host/bucket');
      await expect(unreadable).rejects.toThrow(/^FILE_STORE_URL: the scheme must be s3\+https or s3\+http/);
      await expect(unreadable).rejects.not.toThrow(/top-secret/);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FileInfo } from '../../../src/core/contracts/files.ts';
import type { Envelope } from '../../../src/core/envelope.ts';
import type { LocalBlobStore } from '../../../src/server/modules/filestore/blob-store.ts';
import { fileNameFromContentDisposition } from '../../../src/web/api/download.ts';
import { testDialects } from '../../helpers/databases.ts';
import { unzip } from '../../helpers/zip.ts';
import { HARBOR, NORTHWIND, startTestApp, type TestApp } from '../../helpers/test-app.ts';

// The smallest valid PNG: 1x1 transparent pixel.
const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c6360000002000154a24f5d0000000049454e44ae426082',
  'hex',
);
const PDF = Buffer.from('%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');
const MAX_BYTES = 256 * 1024;
// An empty zip archive: its end-of-central-directory record alone.
const ZIP_BYTES = Buffer.from('504b0506000000000000000000000000000000000000', 'hex');
// The opening of an IFC model (ISO 10303-21).
const IFC = "ISO-10303-21;\nHEADER;\nFILE_DESCRIPTION(('ViewDefinition [CoordinationView]'),'2;1');\nENDSEC;\nDATA;\nENDSEC;\nEND-ISO-10303-21;\n";

const sha256 = (bytes: Buffer) => crypto.createHash('sha256').update(bytes).digest('hex');

/** Every blob kept under the store's root (temporary files and avatars aside). */
function keptBlobs(root: string): string[] {
  if (!fs.existsSync(root)) return [];
  return fs
    .readdirSync(root, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && /^[0-9a-f]{64}$/.test(entry.name) && /[/\\][0-9a-f]{2}[/\\][0-9a-f]{2}$/.test(entry.parentPath))
    .map((entry) => entry.name);
}

describe.each(testDialects())('file store on %s', (dialect) => {
  let t: TestApp;
  let alice: string;
  let harbor: string;
  let blobRoot: string;
  beforeAll(async () => {
    t = await startTestApp(dialect, { fileMaxBytes: MAX_BYTES });
    [alice, harbor] = await Promise.all([t.signIn('alice', NORTHWIND), t.signIn('harbor', HARBOR)]);
    blobRoot = (t.app.services.blobs as LocalBlobStore).root;
  });
  afterAll(() => t.close());

  const upload = async (name: string, bytes: Buffer | string, options: { token?: string; fields?: Record<string, string> } = {}) => {
    const form = new FormData();
    form.append('file', new Blob([typeof bytes === 'string' ? bytes : new Uint8Array(bytes)]), name);
    for (const [key, value] of Object.entries(options.fields ?? {})) form.append(key, value);
    const headers: Record<string, string> = {};
    const token = options.token === undefined ? alice : options.token;
    if (token) headers.token = token;
    const response = await fetch(`${t.url}/api/proptech_filestore/file/upload`, { method: 'POST', headers, body: form });
    return { status: response.status, body: (await response.json()) as Envelope<FileInfo> };
  };
  const uploaded = async (name: string, bytes: Buffer | string) => {
    const result = await upload(name, bytes);
    expect(result.body.success, result.body.message).toBe(true);
    return result.body.data;
  };
  const download = (url: string, headers: Record<string, string> = { token: alice }) => fetch(`${t.url}${url}`, { headers });
  const fileRows = async () => Number((await t.app.services.db.selectFrom('file_object').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);

  it('keeps an upload and gives it back byte for byte, named as uploaded, with the content hash as ETag', async () => {
    const file = await uploaded('现场 plan "B".pdf', PDF);
    expect(file).toMatchObject({ name: '现场 plan "B".pdf', size: PDF.length, type: 'application/pdf' });
    expect(file.fileId).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(file.url).toBe(`/api/proptech_filestore/file/${file.fileId}`);

    const response = await download(file.url);
    expect(response.status).toBe(200);
    expect(Buffer.from(await response.arrayBuffer()).equals(PDF)).toBe(true);
    expect(response.headers.get('content-type')).toBe('application/pdf');
    expect(response.headers.get('etag')).toBe(`"${sha256(PDF)}"`);
    expect(response.headers.get('accept-ranges')).toBe('bytes');
    expect(response.headers.get('content-disposition')).toMatch(/^attachment;/);
    expect(fileNameFromContentDisposition(response.headers.get('content-disposition'))).toBe('现场 plan "B".pdf');
    // Written outside Fastify's reply, it carries what every answer does.
    expect(response.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');

    const unchanged = await download(file.url, { token: alice, 'if-none-match': `"${sha256(PDF)}"` });
    expect(unchanged.status).toBe(304);
  });

  it('takes the token from the query for GET downloads (an <img> or <a> cannot send headers), and shows images inline on request', async () => {
    const image = await uploaded('photo.PNG', PNG);
    expect(image.type).toBe('image/png');
    const response = await fetch(`${t.url}${image.url}?inline=1&token=${encodeURIComponent(alice)}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-disposition')).toMatch(/^inline;/);
    expect(response.headers.get('content-security-policy')).toContain('sandbox');

    // Only images are shown inline; a PDF asked inline is still a download.
    const pdf = await uploaded('report.pdf', PDF);
    const asked = await fetch(`${t.url}${pdf.url}?inline=1&token=${encodeURIComponent(alice)}`);
    expect(asked.headers.get('content-disposition')).toMatch(/^attachment;/);
  });

  it('keeps the same content once, whatever its name or how often it is uploaded', async () => {
    const bytes = Buffer.from(`minutes of the site meeting ${crypto.randomUUID()}\n`);
    const first = await uploaded('minutes.txt', bytes);
    const second = await uploaded('minutes (copy).txt', bytes);
    expect(second.fileId).not.toBe(first.fileId);
    expect(second.name).toBe('minutes (copy).txt');
    expect(keptBlobs(blobRoot).filter((name) => name === sha256(bytes))).toHaveLength(1);
    expect(fs.existsSync(path.join(blobRoot, sha256(bytes).slice(0, 2), sha256(bytes).slice(2, 4), sha256(bytes)))).toBe(true);
    const again = await download(second.url);
    expect(Buffer.from(await again.arrayBuffer()).equals(bytes)).toBe(true);
  });

  it('refuses a file over the size limit with 413 and the envelope, keeping nothing', async () => {
    const rows = await fileRows();
    const blobs = keptBlobs(blobRoot).length;
    const result = await upload('survey.pdf', Buffer.concat([PDF, Buffer.alloc(MAX_BYTES)]));
    expect(result.status).toBe(413);
    expect(result.body).toMatchObject({ success: false, code: 413 });
    expect(result.body.message).toBe('file: larger than the limit of 256.00 KB');
    expect(await fileRows()).toBe(rows);
    expect(keptBlobs(blobRoot)).toHaveLength(blobs);
    expect(fs.readdirSync(path.join(blobRoot, 'tmp'))).toEqual([]);
  });

  it('refuses types it does not take, images whose bytes are something else, and uploads without a file, naming the field', async () => {
    const rows = await fileRows();
    const cases: [string, Buffer | string, Record<string, string>, RegExp][] = [
      ['setup.exe', 'MZ', {}, /^file: files of type \.exe cannot be uploaded$/],
      ['notes', 'plain', {}, /^file: files of type \.\(none\) cannot be uploaded$/],
      ['photo.png', PDF, {}, /^file: the content is a \.pdf file, not \.png$/],
      ['photo.jpg', PNG, {}, /^file: the content is a \.png file, not \.jpg$/],
      // A program renamed as a document, a zip as a spreadsheet of the old kind, text that is not.
      ['contract.pdf', Buffer.concat([Buffer.from('MZ'), Buffer.alloc(62), Buffer.from('PE\0\0')]), {}, /^file: the content is (a \.exe file, )?not (a )?\.pdf( file)?$/],
      ['budget.xls', ZIP_BYTES, {}, /^file: the content is a \.zip file, not \.xls$/],
      ['model.ifc', 'not a STEP file', {}, /^file: the content is not a \.ifc file$/],
      ['notes.txt', Buffer.from([0x68, 0x69, 0x00, 0x01, 0x02]), {}, /^file: the content is not text, as a \.txt file is$/],
      ['report.pdf', PNG, {}, /^file: the content is a \.png file, not \.pdf$/],
      ['report.pdf', PDF, { kind: 'image' }, /^file: must be an image of type jpg, jpeg, bmp, png, svg$/],
      ['report.docx', 'PK', { accept: 'pdf,.xlsx' }, /^file: must be of type pdf, xlsx$/],
      ['empty.txt', '', {}, /^file: is empty$/],
      ['a.txt', 'x', { kind: 'video' }, /^kind: must be image or file$/],
    ];
    for (const [name, bytes, fields, message] of cases) {
      const result = await upload(name, bytes, { fields });
      expect(result.status, name).toBe(400);
      expect(result.body.message, name).toMatch(message);
    }
    const noFile = await fetch(`${t.url}/api/proptech_filestore/file/upload`, {
      method: 'POST',
      headers: { token: alice },
      body: (() => {
        const form = new FormData();
        form.append('kind', 'file');
        return form;
      })(),
    });
    expect(noFile.status).toBe(400);
    expect(((await noFile.json()) as Envelope<null>).message).toBe('file: is required');
    expect(await fileRows()).toBe(rows);
  });

  it('takes each allowed type whose bytes are that type', async () => {
    for (const [name, bytes] of [
      ['archive.zip', ZIP_BYTES],
      ['model.ifc', IFC],
      ['plan.svg', '<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg" width="1" height="1"/>'],
      ['levels.csv', 'level,height\nL1,3.6\n'],
      ['photo.png', PNG],
    ] as const) {
      const result = await upload(name, bytes);
      expect(result.status, `${name}: ${result.body.message}`).toBe(200);
    }
  });

  it("refuses an upload past the organisation's storage quota with 413, keeping nothing; other tenants keep their own room", async () => {
    const { config } = t.app.services;
    const quota = config.fileQuotaBytes;
    const used = Number(
      (await t.app.services.db.selectFrom('file_object').where('tenant_id', '=', (await t.app.services.db.selectFrom('tenant').select('id').where('name', '=', NORTHWIND).executeTakeFirstOrThrow()).id).select((eb) => eb.fn.sum<number>('size').as('n')).executeTakeFirstOrThrow()).n ?? 0,
    );
    config.fileQuotaBytes = used + 1000;
    try {
      const rows = await fileRows();
      const full = await upload('big.txt', 'x'.repeat(1500));
      expect(full.status).toBe(413);
      expect(full.body.message).toMatch(/^file: your organisation's storage of .* is full/);
      expect(await fileRows()).toBe(rows);
      expect(fs.readdirSync(path.join(blobRoot, 'tmp'))).toEqual([]);
      const small = await upload('small.txt', 'x'.repeat(500));
      expect(small.status, small.body.message).toBe(200);
      expect((await upload('harbor.txt', 'x'.repeat(1500), { token: harbor })).status).toBe(200);
    } finally {
      config.fileQuotaBytes = quota;
    }
  });

  it('keeps each tenant to its own files: another tenant\'s id is not found for download, zip or metadata', async () => {
    const file = await uploaded('lease.pdf', PDF);
    expect((await download(file.url, { token: harbor })).status).toBe(404);
    expect((await fetch(`${t.url}${file.url}?token=${encodeURIComponent(harbor)}`)).status).toBe(404);
    const zip = await t.call('POST', '/proptech_filestore/file/downloadZip', { token: harbor, body: { fileIds: [file.fileId] } });
    expect(zip.status).toBe(404);
    expect(zip.body.message).toBe('File not found');
    const info = await t.call<FileInfo[]>('POST', '/proptech_filestore/feign/file', { token: harbor, body: { fileIds: [file.fileId] } });
    expect(info.body.data).toEqual([]);
    const own = await t.call<FileInfo[]>('POST', '/proptech_filestore/feign/file', { token: alice, body: { fileIds: [file.fileId, 'AAAAAAAAAAAAAAAAAAAAAA'] } });
    expect(own.body.data).toEqual([{ ...file }]);
  });

  it('answers byte ranges with 206, a suffix range from the end, and 416 past the end', async () => {
    const file = await uploaded('drawing.pdf', PDF);
    const head = await download(file.url, { token: alice, range: 'bytes=0-3' });
    expect(head.status).toBe(206);
    expect(head.headers.get('content-range')).toBe(`bytes 0-3/${PDF.length}`);
    expect(Buffer.from(await head.arrayBuffer()).toString()).toBe('%PDF');
    const tail = await download(file.url, { token: alice, range: 'bytes=-6' });
    expect(tail.status).toBe(206);
    expect(Buffer.from(await tail.arrayBuffer()).toString()).toBe('%%EOF\n');
    const open = await download(file.url, { token: alice, range: 'bytes=9-' });
    expect(Buffer.from(await open.arrayBuffer()).equals(PDF.subarray(9))).toBe(true);
    const past = await download(file.url, { token: alice, range: `bytes=${PDF.length}-` });
    expect(past.status).toBe(416);
    expect(past.headers.get('content-range')).toBe(`bytes */${PDF.length}`);
    // A range of an older content (If-Range names another ETag) gets the whole file.
    const stale = await download(file.url, { token: alice, range: 'bytes=0-3', 'if-range': '"0000"' });
    expect(stale.status).toBe(200);
  });

  it('streams a zip of several files under the asked name, entries named as uploaded and made unique', async () => {
    const plan = await uploaded('plan.pdf', PDF);
    const photo = await uploaded('photo.png', PNG);
    const planAgain = await uploaded('plan.pdf', Buffer.from('%PDF-1.4 revised\n'));
    const response = await fetch(`${t.url}/api/proptech_filestore/file/downloadZip`, {
      method: 'POST',
      headers: { token: alice, 'content-type': 'application/json' },
      body: JSON.stringify({ zipName: '现场照片', fileIds: [plan.fileId, photo.fileId, planAgain.fileId] }),
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/zip');
    expect(fileNameFromContentDisposition(response.headers.get('content-disposition'))).toBe('现场照片.zip');
    const entries = await unzip(Buffer.from(await response.arrayBuffer()));
    expect([...entries.keys()]).toEqual(['plan.pdf', 'photo.png', 'plan (2).pdf']);
    expect(entries.get('plan.pdf')!.equals(PDF)).toBe(true);
    expect(entries.get('photo.png')!.equals(PNG)).toBe(true);
    expect(entries.get('plan (2).pdf')!.toString()).toBe('%PDF-1.4 revised\n');

    const unnamed = await fetch(`${t.url}/api/proptech_filestore/file/downloadZip`, {
      method: 'POST',
      headers: { token: alice, 'content-type': 'application/json' },
      body: JSON.stringify({ fileIds: [plan.fileId] }),
    });
    expect(fileNameFromContentDisposition(unnamed.headers.get('content-disposition'))).toBe('download.zip');
  });

  it('keeps only the last part of a name, without control characters, whatever path it came with', async () => {
    const cases: [string, string][] = [
      ['../../etc/passwd.txt', 'passwd.txt'],
      ['C:\\Users\\site\\plan.txt', 'plan.txt'],
      ['/var/lib/plinth/plinth.txt', 'plinth.txt'],
      ['re\u0007port\u001f.txt', 'report.txt'],
      ['施工图 ✓ مخطط.txt', '施工图 ✓ مخطط.txt'],
    ];
    const ids: string[] = [];
    for (const [sent, kept] of cases) {
      const file = await uploaded(sent, `${kept}\n`);
      expect(file.name, sent).toBe(kept);
      ids.push(file.fileId);
    }
    const response = await fetch(`${t.url}/api/proptech_filestore/file/downloadZip`, {
      method: 'POST',
      headers: { token: alice, 'content-type': 'application/json' },
      body: JSON.stringify({ fileIds: ids }),
    });
    const entries = [...(await unzip(Buffer.from(await response.arrayBuffer()))).keys()];
    expect(entries).toEqual(cases.map(([, kept]) => kept));
    expect(entries.every((name) => !name.includes('/') && !name.includes('\\'))).toBe(true);
  });

  it('streams a zip of 1,000 files', async () => {
    const first = await uploaded('photo.txt', 'site photo placeholder\n');
    const source = await t.app.services.db.selectFrom('file_object').selectAll().where('id', '=', first.fileId).executeTakeFirstOrThrow();
    // 999 more rows over the same bytes (as the same photo kept under many names), every tenth name repeated.
    const rows = Array.from({ length: 999 }, (_, i) => ({ ...source, size: Number(source.size), id: `Z${String(i).padStart(21, '0')}`, name: `photo-${String(i - (i % 10 === 9 ? 1 : 0)).padStart(4, '0')}.txt` }));
    await t.app.services.db.insertInto('file_object').values(rows).execute();
    const ids = [first.fileId, ...rows.map((r) => r.id)];
    const response = await fetch(`${t.url}/api/proptech_filestore/file/downloadZip`, {
      method: 'POST',
      headers: { token: alice, 'content-type': 'application/json' },
      body: JSON.stringify({ zipName: 'photos', fileIds: ids }),
    });
    expect(response.status).toBe(200);
    const entries = await unzip(Buffer.from(await response.arrayBuffer()));
    expect(entries.size).toBe(1000);
    expect([...entries.values()].every((bytes) => bytes.toString() === 'site photo placeholder\n')).toBe(true);
    expect(entries.has('photo-0008 (2).txt')).toBe(true);
  });

  it('validates ids and zip names', async () => {
    const bad = await t.call('POST', '/proptech_filestore/file/downloadZip', { token: alice, body: { fileIds: ['../../plinth.db'] } });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/^fileIds\[0\]: /);
    const none = await t.call('POST', '/proptech_filestore/file/downloadZip', { token: alice, body: { fileIds: [] } });
    expect(none.status).toBe(400);
    const slash = await t.call('POST', '/proptech_filestore/file/downloadZip', { token: alice, body: { zipName: '../x', fileIds: ['AAAAAAAAAAAAAAAAAAAAAA'] } });
    expect(slash.status).toBe(400);
    expect(slash.body.message).toMatch(/^zipName/);
    expect((await download('/api/proptech_filestore/file/not-an-id')).status).toBe(400);
  });

  it('needs a signed-in tenant user for every call', async () => {
    const file = await uploaded('private.pdf', PDF);
    expect((await upload('x.pdf', PDF, { token: '' })).status).toBe(401);
    expect((await download(file.url, {})).status).toBe(401);
    const zip = await t.call('POST', '/proptech_filestore/file/downloadZip', { body: { fileIds: [file.fileId] } });
    expect(zip.status).toBe(401);
    const info = await t.call('POST', '/proptech_filestore/feign/file', { body: { fileIds: [file.fileId] } });
    expect(info.status).toBe(401);
  });
});

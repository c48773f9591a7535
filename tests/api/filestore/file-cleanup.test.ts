import fs from 'node:fs';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FormDetail, FormVersionItem } from '../../../src/core/contracts/form.ts';
import type { FileInfo } from '../../../src/core/contracts/files.ts';
import type { FormRecord } from '../../../src/core/contracts/record.ts';
import { blobKey, type LocalBlobStore } from '../../../src/server/modules/filestore/blob-store.ts';
import { collectOrphanFiles } from '../../../src/server/modules/filestore/orphan-files.ts';
import { ATTACHMENT_FORM_DESIGN } from '../../helpers/attachment-form.ts';
import { ok } from '../../helpers/authorization.ts';
import { testDialects } from '../../helpers/databases.ts';
import { uploadedFile } from '../../helpers/file-uploads.ts';
import { NORTHWIND, startTestApp, type TestApp } from '../../helpers/test-app.ts';

const HOUR_MS = 3_600_000;
const GRACE_MS = 24 * HOUR_MS;
const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c6360000002000154a24f5d0000000049454e44ae426082',
  'hex',
);

describe.each(testDialects())('the file store clean-up on %s', (dialect) => {
  let t: TestApp;
  let admin: string;
  let alice: string;
  let form: FormDetail;
  let store: LocalBlobStore;

  beforeAll(async () => {
    t = await startTestApp(dialect, { fileGraceMs: GRACE_MS, fileCleanupIntervalMs: 0 });
    [admin, alice] = await Promise.all([t.signIn('admin', NORTHWIND), t.signIn('alice', NORTHWIND)]);
    store = t.app.services.blobs as LocalBlobStore;
    const made = await ok<FormDetail>(t, 'POST', 'form/create', admin, { name: 'Clean-up photos', design: ATTACHMENT_FORM_DESIGN, workspaceCode: null });
    await ok<FormDetail>(t, 'POST', 'form/settings/update', admin, { id: made.id, revision: made.revision, settings: { ...made.settings, titleField: 'summary' } });
    await ok<FormVersionItem>(t, 'POST', 'form/publish', admin, { id: made.id });
    form = await ok<FormDetail>(t, 'GET', 'form/detail', admin, undefined, { id: made.id });
  });
  afterAll(() => t.close());

  /** Time passes; tokens last 12 hours, so both sign in again. */
  const later = async (ms: number) => {
    t.clock.advance(ms);
    [admin, alice] = await Promise.all([t.signIn('admin', NORTHWIND), t.signIn('alice', NORTHWIND)]);
  };
  const upload = (name: string, text: string) => uploadedFile(t.url, alice, name, `${text}\n`);
  const sha256Of = async (file: FileInfo) =>
    (await t.app.services.db.selectFrom('file_object').select('sha256').where('id', '=', file.fileId).executeTakeFirstOrThrow()).sha256;
  const rowExists = async (file: FileInfo) => !!(await t.app.services.db.selectFrom('file_object').select('id').where('id', '=', file.fileId).executeTakeFirst());
  const onDisk = (sha256: string) => fs.existsSync(store.pathOf(blobKey(sha256)));
  const collect = () => collectOrphanFiles({ ...t.app.services, log: t.app.log }, GRACE_MS);
  const asFile = (file: FileInfo) => ({ fileId: file.fileId, name: file.name, size: file.size, type: file.type });

  it('removes an upload nothing holds once it is older than the grace period, row and bytes; keeps young, held and arriving ones', async () => {
    const orphan = await upload('orphan.txt', 'nobody keeps this');
    const inRecord = await upload('kept-in-record.txt', 'a record keeps this');
    const inDraft = await upload('kept-in-draft.txt', 'a draft keeps this');
    const inDocument = await uploadedFile(t.url, admin, 'kept-in-document.txt', 'a document keeps this\n');
    const avatar = await uploadedFile(t.url, alice, 'me.png', PNG);
    // Same bytes as the orphan, uploaded twice: one copy left alone, one in a record.
    const orphanTwin = await upload('orphan-twin.txt', 'nobody keeps this either');
    const heldTwin = await upload('held-twin.txt', 'nobody keeps this either');

    await ok<FormRecord>(t, 'POST', 'record/create', alice, { formId: form.id, data: { summary: 'Kept', docs: [asFile(inRecord), asFile(heldTwin)] } });
    await ok(t, 'POST', 'staging/save', alice, { formId: form.id, data: { summary: 'Half done', docs: [asFile(inDraft)] } });
    await ok(t, 'POST', 'doc/file/add', admin, { workspaceCode: 'NW-HQ', folderId: null, fileIds: [inDocument.fileId] });
    await ok(t, 'POST', 'account/update/avatar', alice, { avatar: `/api/proptech_filestore/file/${avatar.fileId}` });

    await later(GRACE_MS + HOUR_MS);
    const young = await upload('young.txt', 'just uploaded, not saved yet');

    const orphanSha = await sha256Of(orphan);
    const youngSha = await sha256Of(young);
    const twinSha = await sha256Of(orphanTwin);
    const result = await collect();

    expect(result.files.map((file) => file.name).sort()).toEqual(['orphan-twin.txt', 'orphan.txt']);
    expect(result.blobs).toEqual([orphanSha]);
    expect(await rowExists(orphan)).toBe(false);
    expect(onDisk(orphanSha)).toBe(false);
    // The twin's row went, its bytes stay: another upload of the same content is in a record.
    expect(await rowExists(orphanTwin)).toBe(false);
    expect(onDisk(twinSha)).toBe(true);
    for (const kept of [young, inRecord, inDraft, inDocument, avatar, heldTwin]) expect(await rowExists(kept), kept.name).toBe(true);
    expect(onDisk(youngSha)).toBe(true);
    const download = await fetch(`${t.url}${heldTwin.url}`, { headers: { token: alice } });
    expect(download.status).toBe(200);
    expect(await download.text()).toBe('nobody keeps this either\n');
  });

  it('keeps the bytes an upload of the same content is keeping right now, and removes them once it settles without a row', async () => {
    const old = await upload('old.txt', 'an upload of this arrives again');
    const sha256 = await sha256Of(old);
    await later(GRACE_MS + HOUR_MS);
    // The moment between keeping an upload's bytes and writing the row that names them.
    const arriving = await t.app.services.blobs.stage(Readable.from([Buffer.from('an upload of this arrives again\n')]));
    expect(arriving.sha256).toBe(sha256);
    await arriving.commit();

    const during = await collect();
    expect(during.files.map((file) => file.name)).toContain('old.txt');
    expect(during.blobs).not.toContain(sha256);
    expect(onDisk(sha256)).toBe(true);

    // The upload was refused after all: nothing names the content, and the next run removes it.
    arriving.settle();
    const after = await collect();
    expect(after.blobs).toContain(sha256);
    expect(onDisk(sha256)).toBe(false);
  });

  it('leaves a resumable upload in progress alone, and it completes afterwards', async () => {
    const bytes = Buffer.from('ISO-10303-21;\nHEADER;\nENDSEC;\nDATA;\n#1=IFCCARTESIANPOINT((1.,2.,0.));\nENDSEC;\nEND-ISO-10303-21;\n');
    const session = await ok<{ uploadId: string }>(t, 'POST', '../proptech_filestore/file/upload/session', alice, { name: 'half.ifc', size: bytes.length });
    const put = (offset: number, chunk: Buffer) =>
      fetch(`${t.url}/api/proptech_filestore/file/upload/session/${session.uploadId}`, {
        method: 'PUT',
        headers: { token: alice, 'content-type': 'application/octet-stream', 'upload-offset': String(offset) },
        body: new Uint8Array(chunk),
      });
    expect((await put(0, bytes.subarray(0, 20))).status).toBe(200);
    await later(2 * HOUR_MS);
    await collectOrphanFiles({ ...t.app.services, log: t.app.log }, 0);
    expect((await put(20, bytes.subarray(20))).status).toBe(200);
    const done = await ok<FileInfo>(t, 'POST', `../proptech_filestore/file/upload/session/${session.uploadId}/complete`, alice);
    expect(done.size).toBe(bytes.length);
    expect(onDisk(await sha256Of(done))).toBe(true);
  });
});

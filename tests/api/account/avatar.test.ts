import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CurrentAccount, LoginResult, UserInfo } from '../../../src/core/entities.ts';
import { testDialects } from '../../helpers/databases.ts';
import { uploadedFile } from '../../helpers/file-uploads.ts';
import { DEMO_PASSWORD, HARBOR, NORTHWIND, startTestApp, type TestApp } from '../../helpers/test-app.ts';

// The smallest valid PNG: 1x1 transparent pixel.
const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c6360000002000154a24f5d0000000049454e44ae426082',
  'hex',
);
const PDF = '%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n';
const UPDATE = '/proptech_allplan/account/update/avatar';
const FILE = '/api/proptech_filestore/file';

/*
 * An avatar is an image its user uploaded to the file store, or none: an outside address is
 * refused (the page's security policy would block it), and one stored before counts as none.
 */
describe.each(testDialects())('avatars on %s', (dialect) => {
  let t: TestApp;
  let alice: string;
  let bob: string;
  let carol: string;
  beforeAll(async () => {
    t = await startTestApp(dialect);
    [alice, bob, carol] = await Promise.all([t.signIn('alice', NORTHWIND), t.signIn('bob', NORTHWIND), t.signIn('carol', HARBOR)]);
  });
  afterAll(() => t.close());

  const save = (token: string | undefined, avatar: unknown) => t.call<UserInfo>('POST', UPDATE, { token, body: { avatar } });
  const current = async (token: string) => (await t.call<CurrentAccount>('GET', '/proptech_allplan/account/current', { token })).body.data.user.avatar;
  const readBy = async (fileId: string, token: string) => (await fetch(`${t.url}${FILE}/${fileId}?inline=1`, { headers: { token } })).status;

  it('saves an uploaded image as the avatar, shows it to the tenant, replaces it and removes it', async () => {
    const first = await uploadedFile(t.url, alice, 'me.png', PNG);
    const saved = await save(alice, `${FILE}/${first.fileId}`);
    expect(saved.status).toBe(200);
    expect(saved.body.data.avatar).toBe(`${FILE}/${first.fileId}`);
    expect(await current(alice)).toBe(`${FILE}/${first.fileId}`);
    // The file-access rule of avatars: every member of the tenant sees it, no one outside it.
    expect(await readBy(first.fileId, bob)).toBe(200);
    expect(await readBy(first.fileId, carol)).toBe(404);

    const second = await uploadedFile(t.url, alice, 'me-2.png', PNG);
    expect((await save(alice, `${FILE}/${second.fileId}`)).body.data.avatar).toBe(`${FILE}/${second.fileId}`);
    // The image replaced holds nothing any more: its uploader's alone again.
    expect(await readBy(first.fileId, bob)).toBe(404);
    expect(await readBy(second.fileId, bob)).toBe(200);

    const removed = await save(alice, null);
    expect(removed.status).toBe(200);
    expect(removed.body.data.avatar).toBeNull();
    expect(await current(alice)).toBeNull();
    expect(await readBy(second.fileId, bob)).toBe(404);
  });

  it('refuses an outside address or anything but a file-store address, naming the field', async () => {
    const mine = await uploadedFile(t.url, alice, 'keep.png', PNG);
    await save(alice, `${FILE}/${mine.fileId}`);
    for (const avatar of [
      'https://images.example/alice.png',
      '//images.example/alice.png',
      'data:image/png;base64,iVBORw0KGgo=',
      'javascript:alert(1)',
      '/api/proptech_allplan/account/avatar/abc.png',
      `${FILE}/${mine.fileId}?token=x`,
      `https://evil.example${FILE}/${mine.fileId}`,
      '',
      42,
    ]) {
      const refused = await save(alice, avatar);
      expect(refused.status, String(avatar)).toBe(400);
      expect(refused.body.message, String(avatar)).toMatch(/^avatar/);
    }
    expect(await current(alice)).toBe(`${FILE}/${mine.fileId}`); // unchanged by the refusals
  });

  it('refuses a file that is not the caller’s own image of this tenant', async () => {
    const bobs = await uploadedFile(t.url, bob, 'bob.png', PNG);
    const pdf = await uploadedFile(t.url, alice, 'minutes.pdf', PDF);
    const carols = await uploadedFile(t.url, carol, 'carol.png', PNG);
    for (const [what, fileId] of [
      ['another member’s upload', bobs.fileId],
      ['not an image', pdf.fileId],
      ['another tenant’s file', carols.fileId],
      ['no file', 'A'.repeat(22)],
    ] as const) {
      const refused = await save(alice, `${FILE}/${fileId}`);
      expect(refused.status, what).toBe(400);
      expect(refused.body.message, what).toBe('avatar: must be an image you uploaded');
    }
    // Naming bob's file did not open it to alice.
    expect(await readBy(bobs.fileId, alice)).toBe(404);
  });

  it('answers anonymous 401; a token before any tenant may only remove the avatar', async () => {
    expect((await save(undefined, null)).status).toBe(401);
    const login = await t.call<LoginResult>('POST', '/proptech_allplan/login/passwordLogin', { body: { account: 'carol', password: DEMO_PASSWORD } });
    const tenantless = login.body.data.token;
    const carols = await uploadedFile(t.url, carol, 'carol-2.png', PNG);
    expect((await save(tenantless, `${FILE}/${carols.fileId}`)).status).toBe(400);
    expect((await save(tenantless, null)).body.data.avatar).toBeNull();
  });

  it('treats an outside address stored before as no avatar', async () => {
    const { db } = t.app.services;
    const row = await db.selectFrom('app_user').select('id').where('username', '=', 'bob').executeTakeFirstOrThrow();
    await db.updateTable('app_user').set({ avatar: 'https://images.example/bob.png' }).where('id', '=', row.id).execute();
    expect(await current(bob)).toBeNull();
    const login = await t.call<LoginResult>('POST', '/proptech_allplan/login/passwordLogin', { body: { account: 'bob', password: DEMO_PASSWORD } });
    expect(login.body.data.user.avatar).toBeNull();
  });
});

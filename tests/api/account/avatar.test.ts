import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CurrentAccount, UserInfo } from '../../../src/core/entities.ts';
import type { Envelope } from '../../../src/core/envelope.ts';
import { testDialects } from '../../helpers/databases.ts';
import { NORTHWIND, startTestApp, type TestApp } from '../../helpers/test-app.ts';

// The smallest valid PNG: 1x1 transparent pixel.
const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c6360000002000154a24f5d0000000049454e44ae426082',
  'hex',
);

describe.each(testDialects())('avatar images on %s', (dialect) => {
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    t = await startTestApp(dialect);
    token = await t.signIn('alice', NORTHWIND);
  });
  afterAll(() => t.close());

  const upload = async (name: string, bytes: Buffer | string, type = 'application/octet-stream') => {
    const form = new FormData();
    form.append('file', new Blob([typeof bytes === 'string' ? bytes : new Uint8Array(bytes)], { type }), name);
    const response = await fetch(`${t.url}/api/proptech_allplan/account/avatar/upload`, { method: 'POST', headers: { token }, body: form });
    return { status: response.status, body: (await response.json()) as Envelope<{ url: string }> };
  };

  it('stores an image by the hash of its bytes, serves it, and saves it as the avatar', async () => {
    const result = await upload('me.PNG', PNG, 'image/png');
    expect(result.body.success).toBe(true);
    expect(result.body.data.url).toMatch(/^\/api\/proptech_allplan\/account\/avatar\/[0-9a-f]{64}\.png$/);
    const image = await fetch(`${t.url}${result.body.data.url}`);
    expect(image.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await image.arrayBuffer()).equals(PNG)).toBe(true);

    const saved = await t.call<UserInfo>('POST', '/proptech_allplan/account/update/avatar', { token, body: { avatar: result.body.data.url } });
    expect(saved.body.data.avatar).toBe(result.body.data.url);
    const again = await upload('copy.png', PNG);
    expect(again.body.data.url).toBe(result.body.data.url);
  });

  it('accepts an SVG but serves it sandboxed, so a script in it cannot run', async () => {
    const svg = '<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>';
    const result = await upload('logo.svg', svg);
    expect(result.body.success).toBe(true);
    const image = await fetch(`${t.url}${result.body.data.url}`);
    expect(image.headers.get('content-type')).toBe('image/svg+xml');
    expect(image.headers.get('content-security-policy')).toContain('sandbox');
  });

  it('refuses other extensions, bytes that are not the image they claim, and oversized files', async () => {
    const wrongExtension = await upload('virus.exe', PNG);
    expect(wrongExtension.status).toBe(400);
    expect(wrongExtension.body.message).toMatch(/^file: must be an image/);
    const pdfAsImage = await upload('photo.png', '%PDF-1.7\n...');
    expect(pdfAsImage.status).toBe(400);
    expect(pdfAsImage.body.message).toMatch(/^file: the content is not/);
    const huge = await upload('big.png', Buffer.concat([PNG, Buffer.alloc(5 * 1024 * 1024)]));
    expect(huge.status).toBe(413);
    const current = await t.call<CurrentAccount>('GET', '/proptech_allplan/account/current', { token });
    expect(current.body.data.user.avatar).toMatch(/\.png$/); // unchanged by the refused uploads
  });

  it('answers not found for names that are not stored avatars, path tricks included', async () => {
    for (const name of ['nope.png', '..%2F..%2Fplinth.db', `${'a'.repeat(64)}.png`]) {
      const response = await fetch(`${t.url}/api/proptech_allplan/account/avatar/${name}`);
      expect(response.status, name).toBe(404);
    }
  });

  it('needs a signed-in user to upload', async () => {
    const form = new FormData();
    form.append('file', new Blob([PNG]), 'x.png');
    const response = await fetch(`${t.url}/api/proptech_allplan/account/avatar/upload`, { method: 'POST', body: form });
    expect(response.status).toBe(401);
  });
});

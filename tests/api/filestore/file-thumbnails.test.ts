import crypto from 'node:crypto';
import fs from 'node:fs';
import zlib from 'node:zlib';
import { encode as encodeBmp } from 'bmp-ts';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fileThumbnailUrl, type FileInfo, type ThumbnailSize } from '../../../src/core/contracts/files.ts';
import type { Envelope } from '../../../src/core/envelope.ts';
import { formatSize } from '../../../src/core/format.ts';
import { blobKey } from '../../../src/server/modules/filestore/blob-store.ts';
import type { LocalBlobStore } from '../../../src/server/modules/filestore/local-blob-store.ts';
import { THUMBNAIL_LIMITS, Thumbnails, thumbnailVariant } from '../../../src/server/modules/filestore/thumbnails.ts';
import { testDialects } from '../../helpers/databases.ts';
import { uploadFile, uploadedFile } from '../../helpers/file-uploads.ts';
import { HARBOR, NORTHWIND, startTestApp, type TestApp } from '../../helpers/test-app.ts';
import { rgbPng } from '../../helpers/png.ts';

const sha256 = (bytes: Buffer) => crypto.createHash('sha256').update(bytes).digest('hex');

const solid = (width: number, height: number, background: string, channels: 3 | 4 = 3) => sharp({ create: { width, height, channels, background } });

/** A 24-bit BMP, written with the same library the server reads BMP with (ABGR pixels). */
function bmp(width: number, height: number): Buffer {
  const data = Buffer.alloc(width * height * 4);
  for (let i = 0; i < width * height; i++) data.set([0xff, 0x30, 0x60, 0x90], i * 4);
  return encodeBmp({ width, height, data, bitPP: 24 }).data;
}

/** A PNG of `width`×`height` pixels whose image data is `data` (a few bytes, so a large claim is refused before decoding). */
function pngClaiming(width: number, height: number, data = zlib.deflateSync(Buffer.alloc(64))): Buffer {
  return rgbPng(width, height, data);
}

describe.each(testDialects())('image thumbnails on %s', (dialect) => {
  let t: TestApp;
  let alice: string;
  let harbor: string;
  const images: Record<string, Buffer> = {};

  beforeAll(async () => {
    t = await startTestApp(dialect);
    [alice, harbor] = await Promise.all([t.signIn('alice', NORTHWIND), t.signIn('harbor', HARBOR)]);
    Object.assign(images, {
      // Stored landscape, shown portrait: EXIF orientation 6 turns it a quarter.
      'site.jpg': await solid(600, 400, '#808080').jpeg().withMetadata({ orientation: 6 }).toBuffer(),
      'plan.png': await solid(300, 200, '#2060a080', 4).png().toBuffer(),
      'icon.png': await solid(40, 30, '#ffffff').png().toBuffer(),
      'crane.gif': await solid(500, 500, '#ff0000').gif().toBuffer(),
      'facade.webp': await solid(800, 200, '#00ff00').webp().toBuffer(),
      'scan.bmp': bmp(300, 150),
      'logo.svg': Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="100" height="50"><rect width="100" height="50" fill="#c00"/></svg>'),
    });
  });
  afterAll(() => t.close());

  /** The thumbnail at `size` (any number, to try wrong ones too), or with no size asked. */
  const thumbnail = (file: FileInfo, size?: number, headers: Record<string, string> = { token: alice }) => {
    const path = fileThumbnailUrl(file.fileId).split('?')[0];
    return fetch(`${t.url}${path}${size === undefined ? '' : `?size=${size}`}`, { headers });
  };
  const imageOf = async (response: Response) => {
    const bytes = Buffer.from(await response.arrayBuffer());
    return { bytes, ...(await sharp(bytes).metadata()) };
  };

  it('answers a WebP that fits the asked box for every image type, turned upright, never enlarging a picture', async () => {
    const expected: [string, ThumbnailSize, number, number][] = [
      ['site.jpg', 256, 171, 256],
      ['plan.png', 256, 256, 171],
      ['icon.png', 256, 40, 30],
      ['crane.gif', 128, 128, 128],
      ['facade.webp', 64, 64, 16],
      ['scan.bmp', 256, 256, 128],
      // A vector image is drawn to fit, larger than its nominal size.
      ['logo.svg', 512, 512, 256],
    ];
    for (const [name, size, width, height] of expected) {
      const file = await uploadedFile(t.url, alice, name, images[name]!);
      const response = await thumbnail(file, size);
      expect(response.status, name).toBe(200);
      expect(response.headers.get('content-type'), name).toBe('image/webp');
      const image = await imageOf(response);
      expect([image.format, image.width, image.height], name).toEqual(['webp', width, height]);
      expect(Number(response.headers.get('content-length')), name).toBe(image.bytes.length);
    }
    const transparent = await imageOf(await thumbnail(await uploadedFile(t.url, alice, 'plan.png', images['plan.png']!), 128));
    expect(transparent.hasAlpha).toBe(true);
  });

  it('draws an SVG without loading what it points to on the server', async () => {
    const secret = `${t.app.services.config.dataDir}/red.png`;
    fs.writeFileSync(secret, await solid(10, 10, '#ff0000').png().toBuffer());
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><image href="file://${secret}" width="10" height="10"/><image href="${secret}" width="10" height="10"/></svg>`;
    const file = await uploadedFile(t.url, alice, 'pointer.svg', svg);
    const { data } = await sharp(Buffer.from(await (await thumbnail(file, 64)).arrayBuffer())).raw().toBuffer({ resolveWithObject: true });
    expect(data.some((value) => value !== 0)).toBe(false);
  });

  it('takes 256 when no size is asked, and refuses a size outside the list', async () => {
    const file = await uploadedFile(t.url, alice, 'site.jpg', images['site.jpg']!);
    const image = await imageOf(await thumbnail(file));
    expect([image.width, image.height]).toEqual([171, 256]);
    for (const size of [100, 2048, 0]) {
      const response = await thumbnail(file, size);
      expect(response.status, String(size)).toBe(400);
      expect(((await response.json()) as Envelope<null>).message).toMatch(/^size: /);
    }
  });

  it('caches: ETag of the content and size, kept for good by the browser, 304 when it has it', async () => {
    const file = await uploadedFile(t.url, alice, 'facade.webp', images['facade.webp']!);
    const first = await thumbnail(file, 128);
    const etag = first.headers.get('etag');
    expect(etag).toBe(`"${sha256(images['facade.webp']!)}.${thumbnailVariant(128)}"`);
    expect(first.headers.get('cache-control')).toBe('private, max-age=31536000, immutable');
    expect(first.headers.get('content-disposition')).toMatch(/^inline;.*facade\.webp/);
    expect(first.headers.get('content-security-policy')).toContain('sandbox');
    const again = await thumbnail(file, 128, { token: alice, 'if-none-match': etag! });
    expect(again.status).toBe(304);
    expect((await thumbnail(file, 64, { token: alice, 'if-none-match': etag! })).status).toBe(200);
  });

  it('makes each thumbnail once per content and size, keeps it in the blob store and serves the kept one after', async () => {
    const bytes = await solid(640, 480, '#123456').png().toBuffer();
    const file = await uploadedFile(t.url, alice, 'kept.png', bytes);
    const store = t.app.services.blobs as LocalBlobStore;
    const variant = thumbnailVariant(512);
    expect(await store.readVariant(sha256(bytes), variant)).toBeNull();
    // Asked for several times at once: one thumbnail comes of it, the same for every answer.
    const answers = await Promise.all(Array.from({ length: 4 }, () => thumbnail(file, 512).then((r) => r.arrayBuffer())));
    const made = Buffer.from(answers[0]!);
    for (const answer of answers) expect(Buffer.from(answer).equals(made)).toBe(true);
    expect((await store.readVariant(sha256(bytes), variant))?.equals(made)).toBe(true);

    // What is kept is what is served: a different picture put in its place comes back as it is.
    const standIn = await solid(8, 8, '#000000').webp().toBuffer();
    fs.writeFileSync(store.pathOf(blobKey(sha256(bytes), variant)), standIn);
    expect(Buffer.from(await (await thumbnail(file, 512)).arrayBuffer()).equals(standIn)).toBe(true);

    // The same content uploaded again, in another tenant even, shares it.
    const copy = await uploadedFile(t.url, harbor, 'copy.png', bytes);
    expect(Buffer.from(await (await thumbnail(copy, 512, { token: harbor })).arrayBuffer()).equals(standIn)).toBe(true);
  });

  it('refuses files that are not images, images too large, and images that cannot be read, with 415 naming why', async () => {
    const pdf = await uploadedFile(t.url, alice, 'report.pdf', '%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');
    const cases: [FileInfo, RegExp][] = [
      [pdf, /^file: \.pdf files have no thumbnail; images of type jpg, jpeg, png, bmp, gif, webp, svg do$/],
      [await uploadedFile(t.url, alice, 'huge.png', pngClaiming(20_000, 20_000)), /^file: the image has more than 100 million pixels/],
      [await uploadedFile(t.url, alice, 'broken.png', pngClaiming(64, 64, crypto.randomBytes(200))), /^file: the image cannot be read/],
    ];
    for (const [file, message] of cases) {
      const response = await thumbnail(file, 64);
      expect(response.status, file.name).toBe(415);
      const body = (await response.json()) as Envelope<null>;
      expect(body).toMatchObject({ success: false, code: 415 });
      expect(body.message, file.name).toMatch(message);
      // A refusal is not something the browser should keep.
      expect(response.headers.get('cache-control') ?? '', file.name).not.toContain('immutable');
    }
    expect((await uploadFile(t.url, alice, 'fake.gif', 'a text that calls itself a picture')).status).toBe(400);

    // An image file past the byte limit is refused before it is read.
    const photo = await uploadedFile(t.url, alice, 'large.jpg', images['site.jpg']!);
    const strict = new Thumbnails(t.app.services.blobs, { ...THUMBNAIL_LIMITS, maxSourceBytes: photo.size - 1 });
    await expect(strict.of({ sha256: sha256(images['site.jpg']!), size: photo.size, extension: 'jpg' }, 64)).rejects.toThrow(`file: the image is larger than ${formatSize(photo.size - 1)}, too large for a thumbnail`);
  });

  it("keeps to the tenant: another tenant's file id is not found, with the token in the header or the query", async () => {
    const file = await uploadedFile(t.url, alice, 'private.png', images['plan.png']!);
    expect((await thumbnail(file, 64, { token: harbor })).status).toBe(404);
    const viaQuery = await fetch(`${t.url}${fileThumbnailUrl(file.fileId, 64)}&token=${encodeURIComponent(harbor)}`);
    expect(viaQuery.status).toBe(404);
    expect(((await viaQuery.json()) as Envelope<null>).message).toBe('File not found');
    // An <img> of the owner's tenant reads it with the token in the query.
    const own = await fetch(`${t.url}${fileThumbnailUrl(file.fileId, 64)}&token=${encodeURIComponent(alice)}`);
    expect(own.status).toBe(200);
    expect((await thumbnail(file, 64, {})).status).toBe(401);
  });
});

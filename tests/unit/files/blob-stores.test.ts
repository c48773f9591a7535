import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { pipeline } from 'node:stream/promises';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { BlobMissing, type BlobStore } from '../../../src/server/modules/filestore/blob-store.ts';
import { LocalBlobStore } from '../../../src/server/modules/filestore/local-blob-store.ts';
import { S3_MIN_PART_BYTES, S3BlobStore } from '../../../src/server/modules/filestore/s3-blob-store.ts';
import { parseS3Url } from '../../../src/server/modules/filestore/s3-location.ts';
import { UploadArea } from '../../../src/server/modules/filestore/upload-area.ts';
import { externalTestS3Url, startTestS3Server } from '../../helpers/s3-server.ts';

/**
 * One contract for every blob store: the local folder always; S3 through s3rver, an
 * S3-compatible server the test starts itself, always; and the S3-compatible service that
 * TEST_S3_URL names, when it is set (its tests are listed as skipped otherwise).
 */

const MiB = 1024 * 1024;
const sha256 = (bytes: Buffer) => crypto.createHash('sha256').update(bytes).digest('hex');
const unique = (label: string) => Buffer.from(`${label} ${crypto.randomUUID()}\n`);
const UPLOAD_ID = () => crypto.randomBytes(16).toString('base64url');

interface StoreUnderTest {
  store: BlobStore;
  /** How many copies of a key the store holds, where the test can see its storage. */
  copiesOf?: (sha256: string) => number;
  close(): Promise<void>;
}

const filesNamed = (root: string, name: string) => fs.readdirSync(root, { recursive: true, withFileTypes: true }).filter((entry) => entry.isFile() && entry.name === name).length;

const tempDir = () => fs.mkdtempSync(path.join(os.tmpdir(), 'plinth-blobs-'));

async function localStore(): Promise<StoreUnderTest> {
  const root = tempDir();
  const store = new LocalBlobStore(root);
  return { store, copiesOf: (sha) => filesNamed(root, sha), close: async () => fs.rmSync(root, { recursive: true, force: true }) };
}

/** Small parts, so a test's tens of megabytes go in several of them. */
const TEST_PART_BYTES = S3_MIN_PART_BYTES;

async function s3Store(url: string, serverDirectory?: string): Promise<StoreUnderTest> {
  const uploads = tempDir();
  const store = await S3BlobStore.connect(parseS3Url(url, 'TEST_S3_URL'), UploadArea.open(uploads), { partBytes: TEST_PART_BYTES });
  return {
    store,
    // s3rver keeps an object's bytes in a file named after its key.
    copiesOf: serverDirectory ? (sha) => filesNamed(serverDirectory, `${sha}._S3rver_object`) : undefined,
    async close() {
      store.close();
      fs.rmSync(uploads, { recursive: true, force: true });
    },
  };
}

async function s3rverStore(): Promise<StoreUnderTest> {
  const server = await startTestS3Server();
  const target = await s3Store(server.url, server.directory);
  return {
    ...target,
    async close() {
      await target.close();
      await server.close();
    },
  };
}

const externalUrl = externalTestS3Url();

const targets: [string, () => Promise<StoreUnderTest>, boolean][] = [
  ['the local folder', localStore, true],
  ['S3 (s3rver on this machine)', s3rverStore, true],
  [externalUrl ? 'S3 at TEST_S3_URL' : 'S3 at TEST_S3_URL (skipped: set TEST_S3_URL=s3+http://KEY:SECRET@host:port/bucket to run)', () => s3Store(externalUrl!), Boolean(externalUrl)],
];

/** Peak growth of this process's memory (heap and buffers) while `work` runs, sampled every few milliseconds. */
async function peakMemoryGrowth(work: () => Promise<void>): Promise<number> {
  const used = () => {
    const memory = process.memoryUsage();
    return memory.heapUsed + memory.arrayBuffers;
  };
  const base = used();
  let peak = base;
  const sampler = setInterval(() => {
    peak = Math.max(peak, used());
  }, 5);
  try {
    await work();
  } finally {
    clearInterval(sampler);
  }
  return Math.max(peak, used()) - base;
}

/** `size` random bytes made a chunk at a time as they are read, hashed on the way. */
function generated(size: number): { stream: Readable; sha256: () => string } {
  const hash = crypto.createHash('sha256');
  let left = size;
  const stream = new Readable({
    read() {
      if (left === 0) return void this.push(null);
      const chunk = crypto.randomBytes(Math.min(left, 256 * 1024));
      left -= chunk.length;
      hash.update(chunk);
      this.push(chunk);
    },
  });
  return { stream, sha256: () => hash.digest('hex') };
}

async function sha256OfStream(stream: Readable): Promise<string> {
  const hash = crypto.createHash('sha256');
  await pipeline(stream, hash);
  return hash.digest('hex');
}

for (const [name, make, runs] of targets) {
  describe.skipIf(!runs)(`blob store: ${name}`, () => {
    let target: StoreUnderTest;
    let store: BlobStore;
    beforeAll(async () => {
      target = await make();
      store = target.store;
    });
    afterAll(() => target?.close());

    const kept = async (bytes: Buffer) => {
      const staged = await store.stage(Readable.from([bytes]));
      await staged.commit();
      return staged;
    };

    it('stages bytes with their hash, size and first bytes; keeps them on commit, drops them on discard', async () => {
      const bytes = unique('site diary');
      const staged = await store.stage(Readable.from([bytes]));
      expect(staged).toMatchObject({ sha256: sha256(bytes), size: bytes.length, truncated: false });
      expect(staged.head.equals(bytes)).toBe(true);
      expect(fs.readFileSync(staged.path).equals(bytes)).toBe(true);
      expect(await store.exists(staged.sha256)).toBe(false);
      await staged.commit();
      expect(await store.exists(staged.sha256)).toBe(true);
      expect(fs.existsSync(staged.path)).toBe(false);
      expect((await buffer(await store.open(staged.sha256))).equals(bytes)).toBe(true);

      const dropped = await store.stage(Readable.from([unique('draft')]));
      await dropped.discard();
      expect(fs.existsSync(dropped.path)).toBe(false);
      expect(await store.exists(dropped.sha256)).toBe(false);
    });

    it('opens the whole blob or one range of it, and refuses a blob it does not hold', async () => {
      const bytes = Buffer.from(Array.from({ length: 1000 }, (_, i) => i % 251));
      await kept(bytes);
      const read = async (start: number, end: number) => buffer(await store.open(sha256(bytes), { start, end }));
      // One byte from the second: s3rver reads the end of `bytes=0-0` as none and sends it all.
      expect((await read(1, 1)).equals(bytes.subarray(1, 2))).toBe(true);
      expect((await read(100, 199)).equals(bytes.subarray(100, 200))).toBe(true);
      expect((await read(999, 999)).equals(bytes.subarray(999))).toBe(true);
      expect((await read(0, 999)).equals(bytes)).toBe(true);
      await expect(store.open(sha256(unique('never kept')))).rejects.toBeInstanceOf(BlobMissing);
    });

    it('adopts a finished resumable upload: its partial file becomes the blob and leaves the upload area', async () => {
      const id = UPLOAD_ID();
      const bytes = Buffer.concat([unique('model part 1'), crypto.randomBytes(300_000), unique('model part 2')]);
      await store.uploads.startPartial(id);
      expect(await store.uploads.received(id)).toBe(0);
      await store.uploads.append(id, 0, Readable.from([bytes.subarray(0, 1000)]));
      await store.uploads.append(id, 1000, Readable.from([bytes.subarray(1000, 5000), bytes.subarray(5000)]));
      expect(await store.uploads.received(id)).toBe(bytes.length);
      // The hash was kept while the chunks arrived: the file is not read again.
      const reads = vi.spyOn(fs.promises, 'open');
      const staged = await store.adopt(id);
      expect(reads).not.toHaveBeenCalled();
      reads.mockRestore();
      expect(staged).toMatchObject({ sha256: sha256(bytes), size: bytes.length });
      expect(staged.head.equals(bytes.subarray(0, 4096))).toBe(true);
      await staged.commit();
      expect(await store.uploads.received(id)).toBe(0);
      expect(await sha256OfStream(await store.open(staged.sha256))).toBe(sha256(bytes));
    });

    it('hashes a partial file again when the hash kept while it grew does not cover it all', async () => {
      const bytes = Buffer.concat([unique('resumed model'), crypto.randomBytes(20_000)]);
      const adopted = async (write: (id: string) => Promise<void>) => {
        const id = UPLOAD_ID();
        await store.uploads.startPartial(id);
        await write(id);
        const staged = await store.adopt(id);
        await staged.discard();
        return staged;
      };
      // Bytes that reached the file some other way than append (a chunk a stopped server took in).
      const outside = await adopted(async (id) => {
        await store.uploads.append(id, 0, Readable.from([bytes.subarray(0, 100)]));
        fs.appendFileSync(path.join(store.uploads.root, 'partial', id), bytes.subarray(100, 200));
        await store.uploads.append(id, 200, Readable.from([bytes.subarray(200)]));
      });
      expect(outside).toMatchObject({ sha256: sha256(bytes), size: bytes.length });
      // The server restarted between two chunks: a new upload area knows no hash of the first.
      const restarted = await adopted(async (id) => {
        await store.uploads.append(id, 0, Readable.from([bytes.subarray(0, 300)]));
        const again = UploadArea.open(store.uploads.root);
        await again.append(id, 300, Readable.from([bytes.subarray(300)]));
      });
      expect(restarted).toMatchObject({ sha256: sha256(bytes), size: bytes.length });
      // A chunk whose stream failed half-way.
      const failed = await adopted(async (id) => {
        await store.uploads.append(id, 0, Readable.from([bytes.subarray(0, 100)]));
        const broken = Readable.from(
          (async function* () {
            yield bytes.subarray(100, 150);
            throw new Error('connection dropped');
          })(),
        );
        await expect(store.uploads.append(id, 100, broken)).rejects.toThrow('connection dropped');
        const held = await store.uploads.received(id);
        await store.uploads.append(id, held, Readable.from([bytes.subarray(held)]));
      });
      expect(failed).toMatchObject({ sha256: sha256(bytes), size: bytes.length });
    });

    it('undoes a chunk longer than its room, even one whose connection drops afterwards, and hashes the upload right', async () => {
      const id = UPLOAD_ID();
      const bytes = Buffer.concat([unique('declared model'), crypto.randomBytes(20_000)]);
      const room = bytes.length - 100;
      await store.uploads.startPartial(id);
      await store.uploads.append(id, 0, Readable.from([bytes.subarray(0, 100)]));
      expect(await store.uploads.append(id, 100, Readable.from([bytes.subarray(100), unique('one too many')]), room)).toEqual({ overflow: true });
      expect(await store.uploads.received(id)).toBe(100);
      const dropped = Readable.from(
        (async function* () {
          yield bytes.subarray(100);
          yield unique('past the end');
          throw new Error('connection dropped');
        })(),
      );
      expect(await store.uploads.append(id, 100, dropped, room)).toEqual({ overflow: true });
      expect(await store.uploads.received(id)).toBe(100);
      expect(await store.uploads.append(id, 100, Readable.from([bytes.subarray(100)]), room)).toEqual({ overflow: false });
      const staged = await store.adopt(id);
      await staged.discard();
      expect(staged).toMatchObject({ sha256: sha256(bytes), size: bytes.length });
    });

    it('keeps the same content once: committing it again drops the new copy', async () => {
      const bytes = unique('the same minutes');
      await kept(bytes);
      const again = await kept(bytes);
      expect(fs.existsSync(again.path)).toBe(false);
      expect((await buffer(await store.open(sha256(bytes)))).equals(bytes)).toBe(true);
      if (target.copiesOf) expect(target.copiesOf(sha256(bytes))).toBe(1);
    });

    it('takes the same content uploaded many times at once: every commit succeeds and one whole copy is kept', async () => {
      const bytes = Buffer.concat([unique('photo'), crypto.randomBytes(MiB)]);
      const staged = await Promise.all(Array.from({ length: 6 }, () => store.stage(Readable.from([bytes]))));
      await Promise.all(staged.map((blob) => blob.commit()));
      expect(await sha256OfStream(await store.open(sha256(bytes)))).toBe(sha256(bytes));
      for (const blob of staged) expect(fs.existsSync(blob.path)).toBe(false);
      if (target.copiesOf) expect(target.copiesOf(sha256(bytes))).toBe(1);
    });

    it('keeps variants (thumbnails) beside a blob under their own names', async () => {
      const bytes = unique('drawing');
      const hash = sha256(bytes);
      expect(await store.readVariant(hash, 'thumbnail-v1-64.webp')).toBeNull();
      await store.keepVariant(hash, 'thumbnail-v1-64.webp', Buffer.from('small'));
      await store.keepVariant(hash, 'thumbnail-v1-128.webp', Buffer.from('larger'));
      expect((await store.readVariant(hash, 'thumbnail-v1-64.webp'))?.toString()).toBe('small');
      expect((await store.readVariant(hash, 'thumbnail-v1-128.webp'))?.toString()).toBe('larger');
      // A variant is not the blob.
      expect(await store.exists(hash)).toBe(false);
      await expect(store.readVariant(hash, '../escape')).rejects.toThrow(/not a variant name/);
    });

    it('streams large content in and out without holding it in memory', { timeout: 120_000 }, async () => {
      const size = 128 * MiB;
      const source = generated(size);
      let hash = '';
      let readBack = '';
      const growth = await peakMemoryGrowth(async () => {
        const staged = await store.stage(source.stream);
        hash = staged.sha256;
        await staged.commit();
        readBack = await sha256OfStream(await store.open(hash));
      });
      expect(hash).toBe(source.sha256());
      expect(readBack).toBe(hash);
      // Holding the content would take at least its size; streaming takes buffers and garbage
      // the collector has not reached yet.
      expect(growth).toBeLessThan(size / 2);
      const tail = await buffer(await store.open(hash, { start: size - 10, end: size - 1 }));
      expect(tail).toHaveLength(10);
    });
  });
}

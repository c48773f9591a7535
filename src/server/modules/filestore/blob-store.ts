import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { finished, pipeline } from 'node:stream/promises';
import { FILE_ID_PATTERN } from '../../../core/contracts/files.ts';

/** Bytes received and hashed but not yet kept: `commit` keeps them, `discard` drops them. */
export interface StagedBlob {
  sha256: string;
  size: number;
  /** The first bytes, for checking what the content really is. */
  head: Buffer;
  /** Where the staged bytes are until commit or discard, for reading more of them. */
  path: string;
  /** True when the stream stopped at its size limit (the upload is refused). */
  truncated: boolean;
  commit(): Promise<void>;
  discard(): Promise<void>;
}

/** Inclusive byte offsets. */
export interface ByteRange {
  start: number;
  end: number;
}

/**
 * Where file contents live, named by their SHA-256, each content once. The local folder is
 * the one kept now; an S3-compatible store (FILE_STORE_URL) is a second implementation.
 */
export interface BlobStore {
  stage(stream: Readable & { truncated?: boolean }): Promise<StagedBlob>;
  /** Takes a finished file of the store's partial area as a staged blob (see partialPath). */
  adopt(file: string): Promise<StagedBlob>;
  /** The local file a resumable upload's bytes gather in. */
  partialPath(uploadId: string): string;
  exists(sha256: string): Promise<boolean>;
  open(sha256: string, range?: ByteRange): Readable;
}

const HEAD_BYTES = 4096;
const SHA256 = /^[0-9a-f]{64}$/;
// Upload sessions are named as files are.
const UPLOAD_ID = new RegExp(FILE_ID_PATTERN);

/** Hashes, counts and keeps the first bytes of a stream as it flows; the result once it has ended. */
function digestOf(stream: Readable): () => { sha256: string; size: number; head: Buffer } {
  const hash = crypto.createHash('sha256');
  let size = 0;
  const headChunks: Buffer[] = [];
  let headLength = 0;
  stream.on('data', (chunk: Buffer) => {
    hash.update(chunk);
    size += chunk.length;
    if (headLength < HEAD_BYTES) {
      headChunks.push(chunk);
      headLength += chunk.length;
    }
  });
  return () => ({ sha256: hash.digest('hex'), size, head: Buffer.concat(headChunks).subarray(0, HEAD_BYTES) });
}

/** Blobs under `<root>/ab/cd/<sha256>`: two levels of folders keep each folder small. */
export class LocalBlobStore implements BlobStore {
  constructor(readonly root: string) {}

  pathOf(sha256: string): string {
    if (!SHA256.test(sha256)) throw new Error(`not a sha256: ${sha256}`);
    return path.join(this.root, sha256.slice(0, 2), sha256.slice(2, 4), sha256);
  }

  /** Writes to a temporary file while hashing; the rename on commit is atomic, so a blob is whole or absent. */
  async stage(stream: Readable & { truncated?: boolean }): Promise<StagedBlob> {
    const tempDir = path.join(this.root, 'tmp');
    await fs.promises.mkdir(tempDir, { recursive: true });
    const temp = path.join(tempDir, crypto.randomUUID());
    const digest = digestOf(stream);
    try {
      await pipeline(stream, fs.createWriteStream(temp));
    } catch (error) {
      await fs.promises.rm(temp, { force: true });
      throw error;
    }
    return this.staged(temp, digest(), stream.truncated === true);
  }

  /** A file written elsewhere in the store (a finished resumable upload), hashed as it is read; commit moves it in place. */
  async adopt(file: string): Promise<StagedBlob> {
    const stream = fs.createReadStream(file);
    const digest = digestOf(stream);
    await finished(stream.resume());
    return this.staged(file, digest(), false);
  }

  /** Where a resumable upload's bytes gather until it completes. */
  partialPath(uploadId: string): string {
    if (!UPLOAD_ID.test(uploadId)) throw new Error(`not an upload id: ${uploadId}`);
    return path.join(this.root, 'partial', uploadId);
  }

  private staged(temp: string, digest: { sha256: string; size: number; head: Buffer }, truncated: boolean): StagedBlob {
    const target = this.pathOf(digest.sha256);
    return {
      ...digest,
      path: temp,
      truncated,
      commit: async () => {
        await fs.promises.mkdir(path.dirname(target), { recursive: true });
        // Same content already kept: the new copy is simply dropped.
        if (fs.existsSync(target)) await fs.promises.rm(temp, { force: true });
        else await fs.promises.rename(temp, target);
      },
      discard: () => fs.promises.rm(temp, { force: true }),
    };
  }

  async exists(sha256: string): Promise<boolean> {
    return fs.existsSync(this.pathOf(sha256));
  }

  open(sha256: string, range?: ByteRange): Readable {
    return fs.createReadStream(this.pathOf(sha256), range ? { start: range.start, end: range.end } : {});
  }
}

/** The store the configuration names: the local folder unless FILE_STORE_URL is set. */
export function createBlobStore(config: { dataDir: string; fileStoreUrl: string }): BlobStore {
  if (config.fileStoreUrl) {
    // Refuse to start rather than keep files somewhere the operator did not choose.
    throw new Error('FILE_STORE_URL is set, but only the local file store is available in this version; unset it to keep files under DATA_DIR/files');
  }
  const root = path.join(config.dataDir, 'files');
  // Uploads staged when the server last stopped never finished (a resumable upload's bytes
  // are kept elsewhere, under partial/): their files are dropped, no row names them.
  fs.rmSync(path.join(root, 'tmp'), { recursive: true, force: true });
  return new LocalBlobStore(root);
}

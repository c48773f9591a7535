import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

/** Bytes received and hashed but not yet kept: `commit` keeps them, `discard` drops them. */
export interface StagedBlob {
  sha256: string;
  size: number;
  /** The first bytes, for checking what the content really is. */
  head: Buffer;
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
  exists(sha256: string): Promise<boolean>;
  open(sha256: string, range?: ByteRange): Readable;
}

const HEAD_BYTES = 4096;
const SHA256 = /^[0-9a-f]{64}$/;

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
    try {
      await pipeline(stream, fs.createWriteStream(temp));
    } catch (error) {
      await fs.promises.rm(temp, { force: true });
      throw error;
    }
    const sha256 = hash.digest('hex');
    const target = this.pathOf(sha256);
    return {
      sha256,
      size,
      head: Buffer.concat(headChunks).subarray(0, HEAD_BYTES),
      truncated: stream.truncated === true,
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
  return new LocalBlobStore(path.join(config.dataDir, 'files'));
}

import type { FileHandle } from 'node:fs/promises';
import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import type { StagedFile, UploadArea } from './upload-area.ts';

// Tests reach the local store's folder through this type.
export type { LocalBlobStore } from './local-blob-store.ts';

/** Bytes received and hashed but not yet kept: `commit` keeps them, `discard` drops them. */
export interface StagedBlob extends StagedFile {
  commit(): Promise<void>;
  discard(): Promise<void>;
}

/** Inclusive byte offsets. */
export interface ByteRange {
  start: number;
  end: number;
}

/**
 * Where file contents live, named by their SHA-256, each content once: a local folder
 * (LocalBlobStore) or an S3-compatible bucket (S3BlobStore). Bytes on their way in are on
 * local disk either way (`uploads`); a staged blob is kept only once it is whole and checked.
 */
export interface BlobStore {
  readonly uploads: UploadArea;
  stage(stream: Readable & { truncated?: boolean }): Promise<StagedBlob>;
  /** Takes a finished resumable upload's bytes as a staged blob. */
  adopt(uploadId: string): Promise<StagedBlob>;
  exists(sha256: string): Promise<boolean>;
  /** The blob's bytes, or a range of them, streamed; rejects with BlobMissing when the store lacks it. */
  open(sha256: string, range?: ByteRange): Promise<Readable>;
  /**
   * The blob as an open file of this machine's disk, for sending it without a stream (see
   * reused-buffers.ts); null when the store keeps blobs elsewhere. Rejects with BlobMissing
   * when the store lacks it. The caller closes the handle.
   */
  openFile(sha256: string): Promise<FileHandle | null>;
  /** A rendition made from a blob (a thumbnail), kept under the blob's hash and the variant's name; null until kept. */
  readVariant(sha256: string, variant: string): Promise<Buffer | null>;
  keepVariant(sha256: string, variant: string, bytes: Buffer): Promise<void>;
  /** Lets go of connections (the server is stopping). */
  close(): void;
}

export class BlobMissing extends Error {
  constructor(key: string) {
    super(`blob ${key} is not in the store`);
    this.name = 'BlobMissing';
  }
}

const SHA256 = /^[0-9a-f]{64}$/;
const VARIANT = /^[a-z0-9]+(-[a-z0-9]+)*\.[a-z0-9]+$/;

/**
 * The key of a blob, or of a variant of it, in every store: `ab/cd/<sha256>[.<variant>]`.
 * Two levels of folders keep each folder of the local store small.
 */
export function blobKey(sha256: string, variant?: string): string {
  if (!SHA256.test(sha256)) throw new Error(`not a sha256: ${sha256}`);
  if (variant !== undefined && !VARIANT.test(variant)) throw new Error(`not a variant name: ${variant}`);
  return `${sha256.slice(0, 2)}/${sha256.slice(2, 4)}/${sha256}${variant ? `.${variant}` : ''}`;
}

/**
 * What both stores share: staging on local disk, keeping by key, variants kept as small
 * blobs of their own. An adapter supplies only where keys live.
 */
export abstract class StagingBlobStore implements BlobStore {
  constructor(readonly uploads: UploadArea) {}

  /** Keeps the staged file under `key`, unless the key holds bytes already (same key, same content); the local file is gone either way. */
  protected abstract keep(key: string, file: StagedFile): Promise<void>;
  protected abstract has(key: string): Promise<boolean>;
  /** Rejects with BlobMissing when the key holds nothing. */
  protected abstract read(key: string, range?: ByteRange): Promise<Readable>;

  async stage(stream: Readable & { truncated?: boolean }): Promise<StagedBlob> {
    return this.staged(await this.uploads.stage(stream));
  }

  async adopt(uploadId: string): Promise<StagedBlob> {
    return this.staged(await this.uploads.adopt(uploadId));
  }

  exists(sha256: string): Promise<boolean> {
    return this.has(blobKey(sha256));
  }

  open(sha256: string, range?: ByteRange): Promise<Readable> {
    return this.read(blobKey(sha256), range);
  }

  async openFile(_sha256: string): Promise<FileHandle | null> {
    return null;
  }

  async readVariant(sha256: string, variant: string): Promise<Buffer | null> {
    try {
      return await buffer(await this.read(blobKey(sha256, variant)));
    } catch (error) {
      if (error instanceof BlobMissing) return null;
      throw error;
    }
  }

  async keepVariant(sha256: string, variant: string, bytes: Buffer): Promise<void> {
    const key = blobKey(sha256, variant);
    await this.keep(key, await this.uploads.stage(Readable.from([bytes])));
  }

  close(): void {}

  private staged(file: StagedFile): StagedBlob {
    return {
      ...file,
      commit: () => this.keep(blobKey(file.sha256), file),
      discard: () => this.uploads.drop(file),
    };
  }
}

import type { FileHandle } from 'node:fs/promises';
import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import type { StagedFile, UploadArea } from './upload-area.ts';

// Tests reach the local store's folder through this type.
export type { LocalBlobStore } from './local-blob-store.ts';

/**
 * Bytes received and hashed but not yet kept: `commit` keeps them, `discard` drops them. A
 * committed blob counts as in use until `settle` says the row naming it is written (or will
 * not be), so the orphan collector never removes bytes an upload is just about to name.
 */
export interface StagedBlob extends StagedFile {
  commit(): Promise<void>;
  discard(): Promise<void>;
  settle(): void;
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
  /**
   * Removes the blob and the named variants of it, unless an upload is keeping the same content
   * right now (committed, not settled) or `stillUnused` (asked first) says a row names it.
   * True when removed.
   */
  removeUnused(sha256: string, variants: readonly string[], stillUnused: () => Promise<boolean>): Promise<boolean>;
  /** Contents a removal passed over because an upload was keeping them: the next clean-up asks about them again. */
  takePassedOver(): string[];
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
  /** Removes what the key holds; nothing there is no error. */
  protected abstract erase(key: string): Promise<void>;

  /** Committed blobs whose row is not written yet, by hash (a count: equal uploads may overlap). */
  private readonly unsettled = new Map<string, number>();
  /** Removals under way, by hash: a commit of the same content waits for its end. */
  private readonly removing = new Map<string, Promise<void>>();
  private readonly passedOver = new Set<string>();

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

  async removeUnused(sha256: string, variants: readonly string[], stillUnused: () => Promise<boolean>): Promise<boolean> {
    if (!(await stillUnused())) return false;
    // From here to the mark below nothing awaits: a commit either counted itself before, or waits.
    if (this.removing.has(sha256)) return false;
    if (this.unsettled.has(sha256)) {
      this.passedOver.add(sha256);
      return false;
    }
    const keys = [blobKey(sha256), ...variants.map((variant) => blobKey(sha256, variant))];
    const removal = Promise.all(keys.map((key) => this.erase(key))).then(() => undefined);
    this.removing.set(sha256, removal);
    try {
      await removal;
    } finally {
      this.removing.delete(sha256);
    }
    return true;
  }

  takePassedOver(): string[] {
    const taken = [...this.passedOver];
    this.passedOver.clear();
    return taken;
  }

  close(): void {}

  private staged(file: StagedFile): StagedBlob {
    let counted = false;
    const settle = () => {
      if (!counted) return;
      counted = false;
      const left = (this.unsettled.get(file.sha256) ?? 1) - 1;
      if (left > 0) this.unsettled.set(file.sha256, left);
      else this.unsettled.delete(file.sha256);
    };
    return {
      ...file,
      commit: async () => {
        // A removal of the same content under way ends first; then the content counts as in use before it is kept.
        for (let removal = this.removing.get(file.sha256); removal; removal = this.removing.get(file.sha256)) await removal.catch(() => undefined);
        if (!counted) this.unsettled.set(file.sha256, (this.unsettled.get(file.sha256) ?? 0) + 1);
        counted = true;
        try {
          await this.keep(blobKey(file.sha256), file);
        } catch (error) {
          settle();
          throw error;
        }
      },
      discard: async () => {
        settle();
        await this.uploads.drop(file);
      },
      settle,
    };
  }
}

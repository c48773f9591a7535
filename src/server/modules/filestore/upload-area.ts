import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { FILE_ID_PATTERN } from '../../../core/contracts/files.ts';
import { PRIVATE_FILE_MODE, PRIVATE_FOLDER_MODE, privateFolder } from '../../private-files.ts';
import { readPieces, writeToFile } from './reused-buffers.ts';

/** Bytes hashed on their way in, in a local file until a store keeps or drops them. */
export interface StagedFile {
  /** The local file that holds the bytes. */
  path: string;
  sha256: string;
  size: number;
  /** The first bytes, for checking what the content really is. */
  head: Buffer;
  /** True when the stream stopped at its size limit (the upload is refused). */
  truncated: boolean;
}

const HEAD_BYTES = 4096;
// Upload sessions are named as files are.
const UPLOAD_ID = new RegExp(FILE_ID_PATTERN);

/** Hashes, counts and keeps the first bytes of what it is shown. */
class Digest {
  private readonly hash = crypto.createHash('sha256');
  /** Bytes seen so far. */
  size = 0;
  private readonly head = Buffer.alloc(HEAD_BYTES);

  readonly see = (piece: Buffer): void => {
    this.hash.update(piece);
    if (this.size < HEAD_BYTES) piece.copy(this.head, this.size);
    this.size += piece.length;
  };

  result(): { sha256: string; size: number; head: Buffer } {
    return { sha256: this.hash.digest('hex'), size: this.size, head: this.head.subarray(0, Math.min(this.size, HEAD_BYTES)) };
  }
}

/**
 * The local folder of bytes on their way in, whatever store keeps them afterwards: plain
 * uploads are staged in `tmp/` while they are hashed and checked, and a resumable upload's
 * bytes gather in `partial/<uploadId>` across requests (and server restarts). Staging on
 * local disk lets the content check read the file and lets an object store receive only
 * whole, checked files under their hash.
 */
export class UploadArea {
  /** The hash of each partial file's bytes so far, while it covers exactly the bytes on disk. */
  private readonly running = new Map<string, Digest>();

  private constructor(readonly root: string) {}

  /**
   * The area under `root`, a private folder (see private-files.ts); staged files a stopped
   * server left are dropped (no row names them), partial files stay.
   */
  static open(root: string): UploadArea {
    privateFolder(root);
    fs.rmSync(path.join(root, 'tmp'), { recursive: true, force: true });
    return new UploadArea(root);
  }

  /** Writes the stream to a new file of `tmp/` while hashing it. */
  async stage(stream: Readable & { truncated?: boolean }): Promise<StagedFile> {
    const tempDir = path.join(this.root, 'tmp');
    await fs.promises.mkdir(tempDir, { recursive: true, mode: PRIVATE_FOLDER_MODE });
    const temp = path.join(tempDir, crypto.randomUUID());
    const digest = new Digest();
    // The mode stays with the bytes when the local store moves them into place.
    const handle = await fs.promises.open(temp, 'wx', PRIVATE_FILE_MODE);
    try {
      await writeToFile(stream, handle, { seen: digest.see });
    } catch (error) {
      await handle.close();
      await fs.promises.rm(temp, { force: true });
      throw error;
    }
    await handle.close();
    return { path: temp, ...digest.result(), truncated: stream.truncated === true };
  }

  /**
   * A resumable upload's finished bytes; they stay where they are. Their hash is the one
   * kept while the chunks arrived when it covers the whole file, else the file is read again
   * (after a restart, or a chunk whose connection dropped).
   */
  async adopt(uploadId: string): Promise<StagedFile> {
    const file = this.partialPath(uploadId);
    const running = this.running.get(uploadId);
    this.running.delete(uploadId);
    const size = (await fs.promises.stat(file)).size;
    if (running?.size === size) return { path: file, ...running.result(), truncated: false };
    const digest = new Digest();
    const handle = await fs.promises.open(file);
    try {
      await readPieces(handle, digest.see);
    } finally {
      await handle.close();
    }
    return { path: file, ...digest.result(), truncated: false };
  }

  /** Removes a staged file (a finished upload's partial file too) once it is kept elsewhere or refused. */
  async drop(file: StagedFile): Promise<void> {
    await fs.promises.rm(file.path, { force: true });
  }

  /** Starts an empty partial file for an upload session. */
  async startPartial(uploadId: string): Promise<void> {
    await fs.promises.mkdir(path.join(this.root, 'partial'), { recursive: true, mode: PRIVATE_FOLDER_MODE });
    await fs.promises.writeFile(this.partialPath(uploadId), '', { mode: PRIVATE_FILE_MODE });
  }

  /** Bytes of the upload held so far (0 when there is no partial file). */
  async received(uploadId: string): Promise<number> {
    try {
      return (await fs.promises.stat(this.partialPath(uploadId))).size;
    } catch {
      return 0;
    }
  }

  /**
   * Appends the stream to the upload's partial file, which holds `held` bytes, when it has at
   * most `room` bytes; a longer stream (`overflow`) is undone, the file cut back to `held`.
   * The bytes go straight to the file as they come, so what reaches it before a dropped
   * connection stays. They are hashed on the way, so completing a gigabyte upload need not
   * read it again.
   */
  async append(uploadId: string, held: number, source: Readable, room = Infinity): Promise<{ overflow: boolean }> {
    const kept = this.running.get(uploadId);
    // Taken out while the file grows: a failed write leaves no hash that misses some bytes.
    this.running.delete(uploadId);
    const running = held === 0 ? new Digest() : kept?.size === held ? kept : undefined;
    const handle = await fs.promises.open(this.partialPath(uploadId), 'a');
    let overflow: boolean;
    try {
      ({ overflow } = await writeToFile(source, handle, { room, seen: running?.see }));
      // The hash has seen the undone bytes too: it is left out, and completing reads the file again.
      if (overflow) await handle.truncate(held);
    } finally {
      await handle.close();
    }
    if (running && !overflow) this.running.set(uploadId, running);
    return { overflow };
  }

  async dropPartial(uploadId: string): Promise<void> {
    this.running.delete(uploadId);
    await fs.promises.rm(this.partialPath(uploadId), { force: true });
  }

  private partialPath(uploadId: string): string {
    if (!UPLOAD_ID.test(uploadId)) throw new Error(`not an upload id: ${uploadId}`);
    return path.join(this.root, 'partial', uploadId);
  }
}

import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { finished, pipeline } from 'node:stream/promises';
import { FILE_ID_PATTERN } from '../../../core/contracts/files.ts';

/** Larger writes than the 16 KiB default: fewer system calls for a gigabyte model. */
const WRITE_BUFFER_BYTES = 1024 * 1024;

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

/** The first bytes of a file. */
async function headOf(file: string): Promise<Buffer> {
  const handle = await fs.promises.open(file);
  try {
    const { buffer, bytesRead } = await handle.read(Buffer.alloc(HEAD_BYTES), 0, HEAD_BYTES, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
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
  private readonly running = new Map<string, { hash: crypto.Hash; bytes: number }>();

  private constructor(readonly root: string) {}

  /** The area under `root`; staged files a stopped server left are dropped (no row names them), partial files stay. */
  static open(root: string): UploadArea {
    fs.rmSync(path.join(root, 'tmp'), { recursive: true, force: true });
    return new UploadArea(root);
  }

  /** Writes the stream to a new file of `tmp/` while hashing it. */
  async stage(stream: Readable & { truncated?: boolean }): Promise<StagedFile> {
    const tempDir = path.join(this.root, 'tmp');
    await fs.promises.mkdir(tempDir, { recursive: true });
    const temp = path.join(tempDir, crypto.randomUUID());
    const digest = digestOf(stream);
    try {
      await pipeline(stream, fs.createWriteStream(temp, { highWaterMark: WRITE_BUFFER_BYTES }));
    } catch (error) {
      await fs.promises.rm(temp, { force: true });
      throw error;
    }
    return { path: temp, ...digest(), truncated: stream.truncated === true };
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
    if (running?.bytes === size) return { path: file, sha256: running.hash.digest('hex'), size, head: await headOf(file), truncated: false };
    const stream = fs.createReadStream(file);
    const digest = digestOf(stream);
    await finished(stream.resume());
    return { path: file, ...digest(), truncated: false };
  }

  /** Removes a staged file (a finished upload's partial file too) once it is kept elsewhere or refused. */
  async drop(file: StagedFile): Promise<void> {
    await fs.promises.rm(file.path, { force: true });
  }

  /** Starts an empty partial file for an upload session. */
  async startPartial(uploadId: string): Promise<void> {
    await fs.promises.mkdir(path.join(this.root, 'partial'), { recursive: true });
    await fs.promises.writeFile(this.partialPath(uploadId), '');
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
   * Appends pieces to the upload's partial file, which holds `held` bytes; what reaches the
   * file before a dropped connection stays. The pieces are hashed on the way, so completing
   * a gigabyte upload need not read it again.
   */
  async append(uploadId: string, held: number, pieces: AsyncIterable<Buffer>): Promise<void> {
    const kept = this.running.get(uploadId);
    // Taken out while the file grows: a failed write leaves no hash that misses some bytes.
    this.running.delete(uploadId);
    const running = held === 0 ? { hash: crypto.createHash('sha256'), bytes: 0 } : kept?.bytes === held ? kept : undefined;
    await pipeline(
      pieces,
      async function* (source: AsyncIterable<Buffer>) {
        for await (const piece of source) {
          if (running) {
            running.hash.update(piece);
            running.bytes += piece.length;
          }
          yield piece;
        }
      },
      fs.createWriteStream(this.partialPath(uploadId), { flags: 'a', highWaterMark: WRITE_BUFFER_BYTES }),
    );
    if (running) this.running.set(uploadId, running);
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

import type { FileHandle } from 'node:fs/promises';
import { Writable, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { collectGarbage } from '../../gc.ts';

/**
 * Bytes between disk and socket go through a few 1 MiB buffers used in turn, never a new
 * buffer per piece. A gigabyte moved through fresh buffers (what fs streams do) made V8 run a
 * full collection of the server's heap every 20–40 MB, as their memory counted against the
 * old generation until one freed it: up to half the CPU of a transfer, and dead buffers
 * waiting at the memory peak.
 */
export const PIECE_BYTES = 1024 * 1024;

/**
 * A piece that stops filling (the sender is slow, or stopped) is written after this long, so
 * the file soon holds what arrived: a server killed then keeps it for the upload to go on.
 */
const IDLE_WRITE_MS = 20;

const newPiece = () => Buffer.allocUnsafeSlow(PIECE_BYTES);

/**
 * An upload's chunks come off the socket in fresh buffers (Node's HTTP parser copies each) and
 * are garbage once copied into a piece, but V8 sees only their small handles in the young
 * generation and collects it when those fill it: by then 30–50 MB of dead chunks waited
 * outside the heap, and glibc kept the arena they had grown. Collecting the young generation
 * after every few MB taken frees them while they are few; the server's peak during a 1 GB
 * upload went from 139–159 MB to 114–129 MB, its time unchanged within this machine's noise.
 */
const YOUNG_COLLECTION_BYTES = 4 * PIECE_BYTES;
let takenSinceCollection = 0;

function tookFromSocket(bytes: number): void {
  takenSinceCollection += bytes;
  if (takenSinceCollection < YOUNG_COLLECTION_BYTES) return;
  takenSinceCollection = 0;
  collectGarbage('minor');
}

/** Sees each piece before it is written (to hash it). */
export type PieceWatcher = (piece: Buffer) => void;

/** A promise whose rejection is handled later (awaited after other work), not reported as unhandled meanwhile. */
function later<T>(promise: Promise<T>): Promise<T> {
  promise.catch(() => undefined);
  return promise;
}

/** All of `bytes` written at the file's position (appended in append mode); a short write is continued. */
async function writeAll(handle: FileHandle, bytes: Buffer): Promise<void> {
  for (let done = 0; done < bytes.length; ) done += (await handle.write(bytes, done, bytes.length - done)).bytesWritten;
}

/** Resolves once `out` has handed `bytes` on (to the kernel, for a socket), so their buffer may be filled again. */
function handedOn(out: Writable, bytes: Buffer): Promise<void> {
  return new Promise((resolve, reject) => {
    const closed = () => reject(new Error('the connection is closed'));
    if (out.destroyed) return closed();
    out.once('close', closed);
    out.write(bytes, (error) => {
      out.off('close', closed);
      return error ? reject(error) : resolve();
    });
  });
}

/** What writeToFile wrote, and whether the stream held more than it took. */
export interface Written {
  bytes: number;
  overflow: boolean;
}

/**
 * Copies each chunk it is given into one of two pieces and writes a piece to the file when
 * it is full, while the other fills. A Writable, so that a pipe hands it the chunks as they
 * came off the socket (an async iterator joins what is buffered into a new buffer per read).
 */
class PieceWriter extends Writable {
  private readonly pieces = [newPiece(), newPiece()];
  private turn = 0;
  private filled = 0;
  /** The write of the other piece. */
  private writing: Promise<void> = Promise.resolve();
  private idle: NodeJS.Timeout | null = null;
  readonly written: Written = { bytes: 0, overflow: false };

  constructor(
    private readonly file: FileHandle,
    private room: number,
    private readonly seen?: PieceWatcher,
  ) {
    super();
  }

  override _write(chunk: Buffer, _encoding: BufferEncoding, callback: (error?: Error | null) => void): void {
    this.take(chunk).then(() => callback(), callback);
  }

  override _final(callback: (error?: Error | null) => void): void {
    this.flush().then(() => callback(), callback);
  }

  override _destroy(error: Error | null, callback: (error?: Error | null) => void): void {
    this.stopWaiting();
    callback(error);
  }

  /** Writes what is filled and waits for every write. */
  async flush(): Promise<void> {
    this.stopWaiting();
    await this.swap();
    await this.writing;
  }

  private async take(chunk: Buffer): Promise<void> {
    tookFromSocket(chunk.length);
    if (chunk.length > this.room) this.written.overflow = true;
    const end = Math.min(chunk.length, this.room);
    this.room -= end;
    for (let offset = 0; offset < end; ) {
      const copied = chunk.copy(this.pieces[this.turn]!, this.filled, offset, end);
      this.filled += copied;
      offset += copied;
      if (this.filled === PIECE_BYTES) await this.swap();
    }
    if (this.filled > 0) this.idle ??= setTimeout(() => {
      this.idle = null;
      // A failed write is met by the next swap, which awaits it.
      void this.swap().catch(() => undefined);
    }, IDLE_WRITE_MS);
  }

  private stopWaiting(): void {
    if (this.idle) clearTimeout(this.idle);
    this.idle = null;
  }

  /**
   * Hands the filled piece to the disk and takes the other, once its own write is done. Safe
   * to call from the timer while a chunk waits in it too: whichever goes on first writes the
   * piece, and the other finds nothing filled.
   */
  private async swap(): Promise<void> {
    await this.writing;
    if (this.filled === 0) return;
    const piece = this.pieces[this.turn]!.subarray(0, this.filled);
    this.seen?.(piece);
    this.writing = later(writeAll(this.file, piece));
    this.written.bytes += this.filled;
    this.turn ^= 1;
    this.filled = 0;
  }
}

/**
 * Writes the stream's bytes to the file in pieces of PIECE_BYTES, at most `room` of them (the
 * rest is read and dropped, and `overflow` says so). `seen` sees each piece before it is
 * written (to hash it). When the stream fails (a dropped connection), what arrived is
 * written (or a prefix of it, when the disk fails too) and the error is passed on, unless
 * the stream had overflowed already: then it is answered as overflowed, for the caller to
 * undo as a whole.
 */
export async function writeToFile(source: Readable, file: FileHandle, options: { room?: number; seen?: PieceWatcher } = {}): Promise<Written> {
  const writer = new PieceWriter(file, options.room ?? Infinity, options.seen);
  try {
    await pipeline(source, writer);
  } catch (error) {
    await writer.flush().catch(() => undefined);
    if (!writer.written.overflow) throw error;
  }
  return writer.written;
}

/** Bytes `start`..`end` (inclusive) of the file written to `out`: one piece is read while the other is sent. */
export async function copyFileTo(handle: FileHandle, start: number, end: number, out: Writable): Promise<void> {
  const pieces = [newPiece(), newPiece()];
  let sending: Promise<void> = Promise.resolve();
  for (let position = start, turn = 0; position <= end; turn ^= 1) {
    const { bytesRead } = await handle.read(pieces[turn]!, 0, Math.min(PIECE_BYTES, end + 1 - position), position);
    if (bytesRead === 0) throw new Error(`the file ends at byte ${position}, before ${end + 1}`);
    await sending;
    sending = later(handedOn(out, pieces[turn]!.subarray(0, bytesRead)));
    position += bytesRead;
  }
  await sending;
}

/** Every byte of the file, from the start, shown to `each` in pieces of one reused buffer. */
export async function readPieces(handle: FileHandle, each: PieceWatcher): Promise<void> {
  const piece = newPiece();
  for (let position = 0; ; ) {
    const { bytesRead } = await handle.read(piece, 0, PIECE_BYTES, position);
    if (bytesRead === 0) return;
    each(piece.subarray(0, bytesRead));
    position += bytesRead;
  }
}

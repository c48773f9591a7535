import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable, Writable } from 'node:stream';
import { afterAll, describe, expect, it } from 'vitest';
import { copyFileTo, PIECE_BYTES, readPieces, writeToFile } from '../../../src/server/modules/filestore/reused-buffers.ts';

const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'plinth-pieces-'));
afterAll(() => fs.rmSync(folder, { recursive: true, force: true }));

/** Chunks of uneven sizes, as sockets deliver them, that cross the pieces' edges. */
function unevenChunks(bytes: Buffer): Buffer[] {
  const chunks: Buffer[] = [];
  for (let offset = 0, i = 0; offset < bytes.length; i++) {
    const size = [65_536, 1, 300_000, 7, PIECE_BYTES + 5][i % 5]!;
    chunks.push(bytes.subarray(offset, offset + size));
    offset += size;
  }
  return chunks;
}

async function written(bytes: Buffer, options: Parameters<typeof writeToFile>[2] = {}, source = Readable.from(unevenChunks(bytes))) {
  const file = path.join(folder, crypto.randomUUID());
  const handle = await fs.promises.open(file, 'w');
  try {
    const result = await writeToFile(source, handle, options);
    return { result, onDisk: fs.readFileSync(file) };
  } finally {
    await handle.close();
  }
}

describe('bytes moved through reused buffers', () => {
  const bytes = crypto.randomBytes(3 * PIECE_BYTES + 12_345);

  it('writes a stream to a file whole, and shows every byte to the watcher in order', async () => {
    const hash = crypto.createHash('sha256');
    const { result, onDisk } = await written(bytes, { seen: (piece) => hash.update(piece) });
    expect(result).toEqual({ bytes: bytes.length, overflow: false });
    expect(onDisk.equals(bytes)).toBe(true);
    expect(hash.digest('hex')).toBe(crypto.createHash('sha256').update(bytes).digest('hex'));
  });

  it('takes at most the room it is given and says that more came', async () => {
    const { result, onDisk } = await written(bytes, { room: PIECE_BYTES + 10 });
    expect(result).toEqual({ bytes: PIECE_BYTES + 10, overflow: true });
    expect(onDisk.equals(bytes.subarray(0, PIECE_BYTES + 10))).toBe(true);
    expect((await written(bytes, { room: bytes.length })).result.overflow).toBe(false);
  });

  it('leaves a prefix of what arrived when the stream fails, and passes the error on', async () => {
    const failing = Readable.from(
      (async function* () {
        yield* unevenChunks(bytes.subarray(0, 2 * PIECE_BYTES + 100));
        throw new Error('connection dropped');
      })(),
    );
    const file = path.join(folder, 'dropped');
    const handle = await fs.promises.open(file, 'w');
    await expect(writeToFile(failing, handle)).rejects.toThrow('connection dropped');
    await handle.close();
    const kept = fs.readFileSync(file);
    expect(kept.length).toBeGreaterThanOrEqual(PIECE_BYTES);
    expect(kept.equals(bytes.subarray(0, kept.length))).toBe(true);
  });

  it('sends a range of a file to a slow connection without changing bytes it has not sent yet', async () => {
    const file = path.join(folder, 'source');
    fs.writeFileSync(file, bytes);
    const received: Buffer[] = [];
    // Looks at each chunk only when it calls back, later: a buffer filled again too early would show.
    const slow = new Writable({
      write(chunk: Buffer, _encoding, callback) {
        setTimeout(() => {
          received.push(Buffer.from(chunk));
          callback();
        }, 2);
      },
    });
    const handle = await fs.promises.open(file);
    await copyFileTo(handle, 10, bytes.length - 3, slow);
    await handle.close();
    expect(Buffer.concat(received).equals(bytes.subarray(10, bytes.length - 2))).toBe(true);
  });

  it('stops with an error when the connection closes half-way', async () => {
    const file = path.join(folder, 'source-closed');
    fs.writeFileSync(file, bytes);
    let pieces = 0;
    const closing = new Writable({
      write(_chunk, _encoding, callback) {
        if (++pieces === 2) return this.destroy();
        return callback();
      },
    });
    const handle = await fs.promises.open(file);
    await expect(copyFileTo(handle, 0, bytes.length - 1, closing)).rejects.toThrow();
    await handle.close();
  });

  it('reads a whole file in pieces', async () => {
    const file = path.join(folder, 'read');
    fs.writeFileSync(file, bytes);
    const pieces: Buffer[] = [];
    const handle = await fs.promises.open(file);
    await readPieces(handle, (piece) => pieces.push(Buffer.from(piece)));
    await handle.close();
    expect(Buffer.concat(pieces).equals(bytes)).toBe(true);
    expect(pieces.length).toBe(4);
  });
});

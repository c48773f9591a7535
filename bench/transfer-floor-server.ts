/**
 * The floor under the files benchmark's transfers: Node's own http server, nothing else,
 * taking a PUT body into a file through the store's reused buffers (`/write`), hashing it with
 * SHA-256 on the way as the store does (`/hash`), and sending the file named at start with
 * GET, as the store sends a download. Run as a process of its own with the server's Node
 * flags: `transfer-floor-server.ts <folder for uploads> <file to send>`; prints `listening
 * <url>`. What it reaches is what any server on this runtime and machine can reach before
 * routing, checks and bookkeeping.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { copyFileTo, writeToFile } from '../src/server/modules/filestore/reused-buffers.ts';

const [folder, download] = process.argv.slice(2);
if (!folder || !download) throw new Error('usage: transfer-floor-server.ts <folder for uploads> <file to send>');

async function send(response: http.ServerResponse): Promise<void> {
  const handle = await fs.promises.open(download!);
  try {
    const { size } = await handle.stat();
    response.writeHead(200, { 'content-type': 'application/octet-stream', 'content-length': size });
    await copyFileTo(handle, 0, size - 1, response);
    response.end();
  } finally {
    await handle.close();
  }
}

const server = http.createServer((request, response) => {
  if (request.method === 'GET') {
    send(response).catch(() => response.destroy());
    return;
  }
  const file = path.join(folder, `floor-${crypto.randomUUID()}`);
  const hash = request.url === '/hash' ? crypto.createHash('sha256') : null;
  void (async () => {
    const handle = await fs.promises.open(file, 'wx');
    try {
      const { bytes } = await writeToFile(request, handle, { seen: hash ? (piece) => hash.update(piece) : undefined });
      response.end(JSON.stringify({ bytes, sha256: hash?.digest('hex') ?? null }));
    } finally {
      await handle.close();
      await fs.promises.rm(file, { force: true });
    }
  })().catch((error: unknown) => {
    response.statusCode = 500;
    response.end(String(error));
  });
});
server.listen(0, '127.0.0.1', () => {
  const address = server.address() as { port: number };
  console.log(`listening http://127.0.0.1:${address.port}`);
});

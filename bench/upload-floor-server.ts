/**
 * The floor under the files benchmark's uploads: Node's own http server, nothing else, taking
 * a PUT body into a file through the store's reused buffers (`/write`), and hashing it with
 * SHA-256 on the way as the store does (`/hash`). Run as a process of its own with the
 * server's Node flags; prints `listening <url>`. What it reaches is what any server on this
 * runtime and machine can reach before routing, checks and bookkeeping.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { writeToFile } from '../src/server/modules/filestore/reused-buffers.ts';

const folder = process.argv[2];
if (!folder) throw new Error('usage: upload-floor-server.ts <folder for the files>');

const server = http.createServer((request, response) => {
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

/**
 * Files benchmark (`npm run bench -- files`): a 1 GB model uploaded to and downloaded from the
 * file store of the built server running as its own process, as `npm start` runs it, beside a
 * plain copy of the same file on the same disk; and the server's peak memory while it moves
 * the bytes (each transfer's own peak too). Targets: upload and
 * download at least half the copy's speed; the server under 150 MB at its peak.
 *
 * Uploads with a target are sent by curl, a client in C, so the figures are the server's: one
 * multipart request (file/upload), and an upload session (file/upload/session) given the whole
 * file in one request, as a client that can resume a stream sends it. The web app's way, a
 * session in 8 MB chunks (from 16 MB on), is sent by Node's http client streaming from disk
 * and by Node's fetch, and the multipart request by fetch too, without a target: in this
 * process they are limited by the client (fetch copies a Blob through web streams and tops out
 * near 100 MB/s). The copy is measured two ways: a stream copy through Node and the kernel's
 * own copy, the baseline of the targets. The download with a target is curl's, which saves the
 * file on the same disk as a browser does; Node's fetch reading it is shown beside it. Last
 * comes the floor: Node's http server alone (transfer-floor-server.ts) taking curl's upload
 * through the same reused buffers, once only written and once hashed too, and sending the
 * model to curl as a download; then curl saving the model read from the disk with no server
 * at all. They show how much of a transfer's time is the runtime's, and the client's, before
 * the store does anything of its own.
 */
import { execFile } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { pipeline } from 'node:stream/promises';
import { SERVER_NODE_FLAGS } from '../scripts/build.ts';
import { UPLOAD_CHUNK_BYTES, type FileInfo, type UploadSession } from '../src/core/contracts/files.ts';
import { createSeededTestDatabase } from '../tests/helpers/databases.ts';
import { spawnListening, startServerProcess } from '../tests/helpers/server-process.ts';
import { apiClient, NORTHWIND, seedTemplate } from '../tests/helpers/test-app.ts';
import { median, printTable, withDeadline } from './report.ts';

const SIZE = 1024 ** 3;
const MB = 1024 * 1024;
const COPY_TARGET = 0.5;
const MEMORY_TARGET_MB = 150;
const DEADLINE_MS = 20 * 60_000;

/** A 1 GB IFC-like text file: the STEP header the store checks, then pseudo-random lines. */
async function writeModel(file: string): Promise<void> {
  const out = fs.createWriteStream(file);
  out.write('ISO-10303-21;\nHEADER;\nENDSEC;\nDATA;\n');
  let written = 36;
  const block = Buffer.from(crypto.randomBytes(MB / 2).toString('hex'));
  while (written < SIZE) {
    const piece = block.subarray(0, Math.min(block.length, SIZE - written));
    if (!out.write(piece)) await new Promise<void>((resolve) => out.once('drain', () => resolve()));
    written += piece.length;
  }
  await new Promise((resolve, reject) => out.end((error?: Error | null) => (error ? reject(error) : resolve(null))));
}

/** Peak and current resident memory of a process, in MB (Linux /proc). */
function memoryOf(pid: number): { peak: number; now: number } {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (key: string) => Number(new RegExp(`${key}:\\s+(\\d+) kB`).exec(status)?.[1] ?? 0);
  return { peak: kb('VmHWM') / 1024, now: kb('VmRSS') / 1024 };
}

/** Forgets the process's peak memory so far (Linux: clear_refs 5), so the next peak is the transfers'. */
const resetPeak = (pid: number) => fs.writeFileSync(`/proc/${pid}/clear_refs`, '5');

/** curl with `args` and the token, against the API: the answer's data, or its message as an error. */
const curlApi = <T>(url: string, token: string, args: string[]) =>
  new Promise<T>((resolve, reject) => {
    execFile('curl', ['-sS', '-H', `token: ${token}`, ...args, url], { maxBuffer: 1024 * 1024 }, (error: Error | null, out) => {
      if (error) return reject(error);
      const answer = JSON.parse(out) as { success: boolean; message: string; data: T };
      return answer.success ? resolve(answer.data) : reject(new Error(`curl ${url}: ${answer.message}`));
    });
  });

/** curl's multipart upload: a client in C, to tell the server's cost from Node's fetch. */
const curlUpload = (url: string, token: string, file: string) => curlApi<FileInfo>(url, token, ['-F', `file=@${file};filename=tower-3.ifc`]);

/** The whole file PUT to an upload session in one request by curl, as a client that can resume a stream sends it. */
const curlChunk = async (url: string, token: string, file: string): Promise<void> => {
  await curlApi<unknown>(url, token, ['-T', file, '-H', 'content-type: application/octet-stream', '-H', 'upload-offset: 0']);
};

/**
 * One chunk of an upload session PUT with Node's http client, streamed from the file: what a
 * client that streams from disk sends (Node's fetch copies a Blob's bytes through web streams,
 * a limit of its own at about 90 MB/s).
 */
const putChunk = (url: string, token: string, file: string, offset: number, agent: http.Agent) =>
  new Promise<void>((resolve, reject) => {
    const length = Math.min(UPLOAD_CHUNK_BYTES, SIZE - offset);
    const request = http.request(url, {
      method: 'PUT',
      agent,
      headers: { token, 'content-type': 'application/octet-stream', 'upload-offset': String(offset), 'content-length': String(length) },
    });
    request.once('error', reject);
    request.once('response', (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.once('end', () =>
        response.statusCode === 200 ? resolve() : reject(new Error(`chunk at ${offset}: ${response.statusCode} ${Buffer.concat(chunks).toString()}`)),
      );
    });
    pipeline(fs.createReadStream(file, { start: offset, end: offset + length - 1, highWaterMark: 1024 * 1024 }), request).catch(reject);
  });

/** The floor server (transfer-floor-server.ts) as a process of its own, with the server's Node flags. */
const startFloorServer = (folder: string, download: string) =>
  spawnListening([...SERVER_NODE_FLAGS, '--import', 'tsx', path.resolve('bench/transfer-floor-server.ts'), folder, download]);

/** The whole file PUT by curl to the floor server; checks it took every byte. */
const curlFloor = (url: string, file: string) =>
  new Promise<void>((resolve, reject) => {
    execFile('curl', ['-sSf', '-T', file, url], (error: Error | null, out) => {
      if (error) return reject(error);
      const { bytes } = JSON.parse(out) as { bytes: number };
      return bytes === SIZE ? resolve() : reject(new Error(`the floor server took ${bytes} bytes of ${SIZE}`));
    });
  });

/** curl saving `url` to `file`, as a browser's download does; checks the size. */
const curlSave = (url: string, file: string, headers: string[] = []) =>
  new Promise<void>((resolve, reject) => {
    execFile('curl', ['-sSf', ...headers.flatMap((header) => ['-H', header]), '-o', file, url], (error: Error | null) => {
      if (error) return reject(error);
      const { size } = fs.statSync(file);
      return size === SIZE ? resolve() : reject(new Error(`curl saved ${size} bytes of ${SIZE} from ${url}`));
    });
  });

const timed = async <T>(work: () => Promise<T>): Promise<{ ms: number; value: T }> => {
  const start = performance.now();
  const value = await work();
  return { ms: performance.now() - start, value };
};

/** `work` timed, with the server's peak memory while it ran (the peak is reset before it). */
const transfer = async <T>(pid: number, work: () => Promise<T>): Promise<{ ms: number; value: T; peakMb: number }> => {
  resetPeak(pid);
  const done = await timed(work);
  return { ...done, peakMb: memoryOf(pid).peak };
};

const speed = (ms: number) => SIZE / MB / (ms / 1000);

export async function runFilesBench(): Promise<void> {
  await withDeadline('files', DEADLINE_MS, async () => {
    const database = await createSeededTestDatabase('sqlite', seedTemplate);
    const work = fs.mkdtempSync(path.join(database.dataDir, 'bench-'));
    const model = path.join(work, 'tower.ifc');
    const server = await startServerProcess(database.dataDir, { FILE_MAX_BYTES: String(2 * SIZE), FILE_QUOTA_BYTES: String(10 * SIZE), LOG_LEVEL: 'silent' }, 'build');
    try {
      console.log(`writing a ${SIZE / MB} MB model under ${work} (${os.cpus().length} cores)…`);
      await writeModel(model);
      const api = apiClient(server.url);
      const token = await api.signIn('alice', NORTHWIND);
      const pid = server.child.pid!;
      const started = memoryOf(pid);

      const streamCopy = await timed(() => pipeline(fs.createReadStream(model), fs.createWriteStream(path.join(work, 'copy-stream'))));
      fs.rmSync(path.join(work, 'copy-stream'));
      /**
       * The kernel's copy of the model, timed after the stream copy, again before each
       * transfer and once after the last: its speed swings with the dirty pages the writes
       * before it left (0.3 to 4 s here), so the transfers are weighed against the median of
       * copies made in their own conditions.
       */
      const copies: number[] = [];
      const copied = async () => {
        const copy = path.join(work, 'copy-kernel');
        copies.push((await timed(() => fs.promises.copyFile(model, copy))).ms);
        fs.rmSync(copy);
      };
      await copied();

      await copied();
      const multipart = await transfer(pid, async () => {
        const form = new FormData();
        form.append('file', await fs.openAsBlob(model), 'tower.ifc');
        const response = await fetch(`${server.url}/api/proptech_filestore/file/upload`, { method: 'POST', headers: { token }, body: form });
        const answer = (await response.json()) as { success: boolean; message: string; data: FileInfo };
        if (!answer.success) throw new Error(`upload failed: ${answer.message}`);
        return answer.data;
      });

      await copied();
      const curled = await transfer(pid, () => curlUpload(`${server.url}/api/proptech_filestore/file/upload`, token, model));

      /** An upload session, its chunks of `chunkBytes` sent by `send`, then completed. */
      const sessionUpload = (name: string, send: (uploadId: string, offset: number) => Promise<void>, chunkBytes = UPLOAD_CHUNK_BYTES) =>
        transfer(pid, async () => {
          const session = (await api.call<UploadSession>('POST', '/proptech_filestore/file/upload/session', { token, body: { name, size: SIZE } })).body.data;
          for (let offset = 0; offset < SIZE; offset += chunkBytes) await send(session.uploadId, offset);
          const done = await api.call<FileInfo>('POST', `/proptech_filestore/file/upload/session/${session.uploadId}/complete`, { token });
          if (!done.body.success) throw new Error(`complete failed: ${done.body.message}`);
          return done.body.data;
        });
      const sessionUrl = (uploadId: string) => `${server.url}/api/proptech_filestore/file/upload/session/${uploadId}`;

      const blob = await fs.openAsBlob(model);
      await copied();
      const chunkedFetch = await sessionUpload('tower-2.ifc', async (uploadId, offset) => {
        const response = await fetch(sessionUrl(uploadId), {
          method: 'PUT',
          headers: { token, 'content-type': 'application/octet-stream', 'upload-offset': String(offset) },
          body: blob.slice(offset, offset + UPLOAD_CHUNK_BYTES),
        });
        if (!response.ok) throw new Error(`chunk at ${offset}: ${response.status} ${await response.text()}`);
        await response.arrayBuffer();
      });

      await copied();
      const curledSession = await sessionUpload('tower-5.ifc', (uploadId) => curlChunk(sessionUrl(uploadId), token, model), SIZE);

      const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
      await copied();
      const chunked = await sessionUpload('tower-4.ifc', (uploadId, offset) => putChunk(sessionUrl(uploadId), token, model, offset, agent));
      agent.destroy();

      await copied();
      const download = await transfer(pid, async () => {
        const response = await fetch(`${server.url}${multipart.value.url}`, { headers: { token } });
        let bytes = 0;
        const reader = response.body!.getReader();
        for (let read = await reader.read(); !read.done; read = await reader.read()) bytes += read.value.length;
        return bytes;
      });
      if (download.value !== SIZE) throw new Error(`downloaded ${download.value} bytes of ${SIZE}`);

      // curl saves the file on the same disk, as a browser's download does.
      const saved = path.join(work, 'downloaded.ifc');
      await copied();
      const curledDownload = await transfer(pid, () => curlSave(`${server.url}${multipart.value.url}`, saved, [`token: ${token}`]));
      fs.rmSync(saved);

      // The floor: Node's http server alone, the same reused buffers, no routing or checks.
      const floor = await startFloorServer(work, model);
      let floorWrite: Awaited<ReturnType<typeof transfer>>;
      let floorHash: Awaited<ReturnType<typeof transfer>>;
      let floorDownload: Awaited<ReturnType<typeof transfer>>;
      try {
        await copied();
        floorWrite = await transfer(floor.child.pid!, () => curlFloor(`${floor.url}/write`, model));
        await copied();
        floorHash = await transfer(floor.child.pid!, () => curlFloor(`${floor.url}/hash`, model));
        await copied();
        floorDownload = await transfer(floor.child.pid!, () => curlSave(floor.url, saved));
        fs.rmSync(saved);
      } finally {
        floor.child.kill('SIGKILL');
      }
      // And no server at all: curl saving the model read from the disk (file://), the client's own share.
      await copied();
      const curlAlone = await timed(() => curlSave(pathToFileURL(model).href, saved));
      fs.rmSync(saved);
      const transfers = [multipart, curled, chunkedFetch, curledSession, chunked, download, curledDownload];
      const peakMb = Math.max(...transfers.map((t) => t.peakMb));

      await copied();
      const copyMs = median(copies);
      const row = (name: string, run: { ms: number; peakMb?: number }, target: boolean) => {
        const ratio = copyMs / run.ms;
        const verdict = target ? (ratio >= COPY_TARGET ? 'met' : 'MISSED') : '';
        return [name, (run.ms / 1000).toFixed(2), speed(run.ms).toFixed(0), ratio.toFixed(2), target ? `>= ${COPY_TARGET}` : '', verdict, run.peakMb?.toFixed(0) ?? ''];
      };
      printTable(
        ['1 GB', 's', 'MB/s', 'vs kernel copy', 'target', '', 'server peak MB'],
        [
          row(`kernel copy (copyFile), same disk, median of ${copies.length}`, { ms: copyMs }, false),
          row('stream copy through Node, same disk', streamCopy, false),
          row('upload, one multipart request (Node fetch)', multipart, false),
          row('upload, one multipart request (curl)', curled, true),
          row('upload, session in 8 MB chunks (Node fetch)', chunkedFetch, false),
          row('upload, session in one request (curl)', curledSession, true),
          row('upload, session in 8 MB chunks (Node http)', chunked, false),
          row('download, saved to the same disk (curl)', curledDownload, true),
          row('download (Node fetch)', download, false),
          row("floor: Node's http server alone, curl's upload written to disk", floorWrite, false),
          row("floor: Node's http server alone, written and hashed (SHA-256)", floorHash, false),
          row("floor: Node's http server alone, download saved by curl", floorDownload, false),
          row('floor: curl saving the file from the disk (file://), no server', curlAlone, false),
        ],
      );
      console.log(`kernel copies, in s: ${copies.map((ms) => (ms / 1000).toFixed(2)).join(', ')}`);
      console.log(
        `server memory: ${started.now.toFixed(0)} MB resident after start (peak ${started.peak.toFixed(0)} MB while starting), peak ${peakMb.toFixed(0)} MB while moving the files (target < ${MEMORY_TARGET_MB} MB: ${peakMb < MEMORY_TARGET_MB ? 'met' : 'MISSED'}); load average ${os.loadavg()[0]!.toFixed(1)}`,
      );
      for (const upload of [multipart, curled, chunkedFetch, curledSession, chunked]) if (upload.value.size !== SIZE) throw new Error('an upload stored a different size');
    } finally {
      server.child.kill('SIGKILL');
      await database.drop();
    }
  });
}

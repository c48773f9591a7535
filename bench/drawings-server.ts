/**
 * Drawings benchmark, server part (`npm run bench -- drawings`): a 300-page PDF set (A3 sheets
 * with title blocks, made with pdf-lib) uploaded as a browser does to the built server running
 * as its own process, as `npm start` runs it; then timed from the drawing upload call to every
 * sheet numbered (the upload done, 300 pending revisions each with the number of its title
 * block), with the server's peak memory meanwhile (its worker thread included). Beside it, the
 * same processing (split, text, thumbnails) run directly in this process without a server.
 * Target: the server's peak under 600 MB, so a set is processed page by page and not held whole
 * many times over.
 */
import fs from 'node:fs';
import { DRAWING_PREFIX, type DrawingUpload, type RevisionPage } from '../src/core/contracts/drawings.ts';
import { processDrawingFile } from '../src/server/modules/drawing/processing/process-drawing-file.ts';
import { createSeededTestDatabase } from '../tests/helpers/databases.ts';
import { uploadedFile } from '../tests/helpers/file-uploads.ts';
import { startServerProcess } from '../tests/helpers/server-process.ts';
import { apiClient, NORTHWIND, seedTemplate } from '../tests/helpers/test-app.ts';
import { makeSet, numberedSheets } from '../tests/unit/server/drawing-processing/pdf-sets.ts';
import { printTable, withDeadline } from './report.ts';

const PAGES = 300;
const WORKSPACE = 'NW-TOWER';
const MEMORY_TARGET_MB = 600;
const DEADLINE_MS = 15 * 60_000;

/** Peak and current resident memory of a process, in MB (Linux /proc). */
function memoryOf(pid: number): { peak: number; now: number } {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (key: string) => Number(new RegExp(`${key}:\\s+(\\d+) kB`).exec(status)?.[1] ?? 0);
  return { peak: kb('VmHWM') / 1024, now: kb('VmRSS') / 1024 };
}

/** Forgets the process's peak memory so far (Linux: clear_refs 5), so the next peak is the upload's. */
const resetPeak = (pid: number) => fs.writeFileSync(`/proc/${pid}/clear_refs`, '5');

export async function runDrawingsServerBench(): Promise<void> {
  await withDeadline('drawings (server)', DEADLINE_MS, async () => {
    const set = await makeSet(numberedSheets(PAGES).map((sheet) => ({ ...sheet, size: [1191, 842] as [number, number] })));
    console.log(`a ${PAGES}-page set of ${(set.length / 1024 / 1024).toFixed(1)} MB`);

    // Baseline: the processing alone, in this process.
    const direct = performance.now();
    const sheets = await processDrawingFile(set, 'tender.pdf', () => {});
    const directMs = performance.now() - direct;
    const directNumbered = sheets.filter((s) => s.number).length;

    const database = await createSeededTestDatabase('sqlite', seedTemplate);
    const server = await startServerProcess(database.dataDir, { LOG_LEVEL: 'silent' }, 'build');
    try {
      const api = apiClient(server.url);
      const token = await api.signIn('alice', NORTHWIND);
      const call = async <T>(method: 'GET' | 'POST', path: string, input: Record<string, unknown>): Promise<T> => {
        const result = await api.call<T>(method, `${DRAWING_PREFIX}/${path}`, method === 'GET' ? { token, query: input as Record<string, string> } : { token, body: input });
        if (result.status !== 200) throw new Error(`${path}: ${result.status} ${result.body?.message}`);
        return result.body.data;
      };
      const file = await uploadedFile(server.url, token, 'Tender 2026-03.pdf', Buffer.from(set));
      const pid = server.child.pid!;
      const idle = memoryOf(pid).now;
      resetPeak(pid);
      const started = performance.now();
      const { uploads } = await call<{ uploads: DrawingUpload[] }>('POST', 'upload', { workspaceCode: WORKSPACE, fileIds: [file.fileId] });
      let upload: DrawingUpload | undefined;
      for (;;) {
        upload = (await call<DrawingUpload[]>('GET', 'upload/list', { workspaceCode: WORKSPACE })).find((u) => u.id === uploads[0]!.id);
        if (upload?.status === 'done' || upload?.status === 'failed') break;
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
      const ms = performance.now() - started;
      const peak = memoryOf(pid).peak;
      if (upload.status === 'failed') throw new Error(`the upload failed: ${JSON.stringify(upload.problem)}`);
      // The upload's own revisions among those waiting (the demo's may wait too).
      const made = new Set(upload.revisionIds);
      let numbered = 0;
      for (let page = 1; ; page++) {
        const pending = await call<RevisionPage>('POST', 'revision/pending', { workspaceCode: WORKSPACE, page, size: 200 });
        numbered += pending.rows.filter((row) => made.has(row.id) && row.readNumber).length;
        if (pending.rows.length < 200) break;
      }
      printTable(
        ['run', 'sheets numbered', 'seconds', 'pages / s', 'peak MB', 'target'],
        [
          ['processing in this process (no server)', `${directNumbered} / ${PAGES}`, (directMs / 1000).toFixed(1), (PAGES / (directMs / 1000)).toFixed(1), '—', '—'],
          [
            'server: upload call → all sheets numbered',
            `${numbered} / ${PAGES}`,
            (ms / 1000).toFixed(1),
            (PAGES / (ms / 1000)).toFixed(1),
            `${peak.toFixed(0)} (idle ${idle.toFixed(0)})`,
            `≤ ${MEMORY_TARGET_MB} MB: ${peak <= MEMORY_TARGET_MB ? 'met' : 'missed'}`,
          ],
        ],
        [0],
      );
    } finally {
      server.child.kill();
    }
  });
}

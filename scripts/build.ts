/**
 * The builds `npm start` runs on (`tsx scripts/build.ts`): the web app with Vite when it is
 * missing or older than its sources, and the server into dist/server, every time (esbuild
 * takes a fraction of a second). `npm run build` builds both in full (`vite build` first,
 * then `tsx scripts/build.ts server`).
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build, type Metafile } from 'esbuild';
import { JOB_ENTRIES } from '../src/server/jobs/kinds.ts';

const ROOT = path.resolve(import.meta.dirname, '..');
const WEB_SOURCES = ['index.html', 'src/web', 'src/core', 'widgets', 'locales', 'vite.config.ts', 'scripts/vite', 'package.json'];
export const SERVER_BUILD_DIR = path.join(ROOT, 'dist', 'server');
export const SERVER_MAIN = path.join(SERVER_BUILD_DIR, 'main.js');

/**
 * Node's settings for the built server; `npm start` passes the same (a test keeps the two
 * alike). Young-generation semi-spaces of 4 MB rather than up to 16: most of the server's
 * garbage is the Buffers of streamed uploads and downloads, whose memory is given back only
 * when their small JS handles are collected, so with large semi-spaces tens of MB of dead
 * Buffers wait for a collection. Minor collections come more often and each is shorter.
 * `--expose-gc` lets the server collect once when it has started (main.ts): without it, about
 * every other start rested 20 MB larger with startup's garbage still on the heap. It also lets
 * an upload collect the young generation every few MB (reused-buffers.ts), where 1 MB
 * semi-spaces for the whole server did the same for memory but slowed uploads by a third.
 */
export const SERVER_NODE_FLAGS = ['--max-semi-space-size=4', '--expose-gc'];

function newestMtime(entry: string): number {
  if (!fs.existsSync(entry)) return 0;
  const stat = fs.statSync(entry);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(stat.mtimeMs, ...fs.readdirSync(entry).map((name) => newestMtime(path.join(entry, name))));
}

/** Builds the SPA with Vite when there is no build or a source is newer than it. */
export function ensureWebBuild(webDir: string): void {
  const index = path.join(webDir, 'index.html');
  const builtAt = fs.existsSync(index) ? fs.statSync(index).mtimeMs : 0;
  const changedAt = Math.max(...WEB_SOURCES.map((s) => newestMtime(path.join(ROOT, s))));
  if (builtAt >= changedAt) return;
  console.log('Building the web app (vite build)…');
  execFileSync(process.execPath, [path.join(ROOT, 'node_modules/vite/bin/vite.js'), 'build', '--outDir', webDir], {
    cwd: ROOT,
    stdio: 'inherit',
  });
}

/**
 * The server as one ES module bundle with the packages left to node_modules: it runs on plain
 * Node, without the TypeScript loader (a thread and tens of MB in every server process), and
 * its lazily loaded parts stay chunks of their own. The SQLite read process is a second entry:
 * the server forks it by file name from beside itself; so are the job worker's entries.
 */
export async function buildServer(outdir = SERVER_BUILD_DIR): Promise<Metafile> {
  const { metafile } = await build({
    entryPoints: {
      main: path.join(ROOT, 'src/server/main.ts'),
      'sqlite-read-process': path.join(ROOT, 'src/server/db/sqlite-read-process.ts'),
      // Jobs: the thread that runs them, `npm run worker`, each job kind's module (the thread
      // imports it by path), and the DWG converter's process (GPL: a process of its own).
      'job-worker-thread': path.join(ROOT, 'src/server/jobs/worker-thread.ts'),
      'job-worker': path.join(ROOT, 'src/server/jobs/worker-main.ts'),
      ...Object.fromEntries(Object.entries(JOB_ENTRIES).map(([name, source]) => [name, fileURLToPath(source)])),
      'dwg-convert-process': path.join(ROOT, 'src/server/modules/drawing/processing/dwg-convert-process.ts'),
    },
    outdir,
    absWorkingDir: ROOT,
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    packages: 'external',
    // The server reads the widgets' props schemas from their folders and imports no widget code.
    metafile: true,
    logLevel: 'warning',
  });
  // A chunk an earlier build wrote and this one no longer does (a module since removed) goes.
  const written = new Set(Object.keys(metafile.outputs).map((file) => path.resolve(ROOT, file)));
  for (const name of fs.readdirSync(outdir)) {
    if (name.endsWith('.js') && !written.has(path.join(outdir, name))) fs.rmSync(path.join(outdir, name));
  }
  return metafile;
}

if (path.resolve(process.argv[1] ?? '') === import.meta.filename) {
  const only = process.argv[2];
  if (only !== 'server') ensureWebBuild(path.resolve(process.env.WEB_DIR || path.join(ROOT, 'dist', 'web')));
  await buildServer();
}

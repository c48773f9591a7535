import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { buildServer, SERVER_MAIN, SERVER_NODE_FLAGS } from '../../scripts/build.ts';

const SERVER_FROM_SOURCES = path.resolve('tests/fixtures/server/server-process.ts');

export interface ServerProcess {
  child: ChildProcess;
  url: string;
}

/**
 * How the process runs the server: from its sources under tsx (tests of the code as it is),
 * or built, as `npm start` runs it (benchmarks of what a user runs: its memory, its speed).
 */
export type ServerRun = 'sources' | 'build';

/**
 * The server as a process of its own over a data folder (SQLite), for tests and benchmarks
 * that kill it or measure its memory; `env` adds settings (FILE_MAX_BYTES, ...).
 */
export async function startServerProcess(dataDir: string, env: Record<string, string> = {}, run: ServerRun = 'sources'): Promise<ServerProcess> {
  const settings = { ...process.env, ...env, DATA_DIR: dataDir, DATABASE_URL: '' };
  let args: string[];
  if (run === 'build') {
    await buildServer();
    args = [...SERVER_NODE_FLAGS, SERVER_MAIN];
    Object.assign(settings, { PORT: '0', HOST: '127.0.0.1', WEB_DIR: path.join(dataDir, 'no-web-app') });
  } else {
    args = ['--import', 'tsx', SERVER_FROM_SOURCES];
  }
  return spawnListening(args, settings);
}

/**
 * Node run with `args` until it prints that it listens: the test fixture's `listening <url>`,
 * the built server's "running at" line, or a benchmark's own server.
 */
export function spawnListening(args: string[], env: NodeJS.ProcessEnv = process.env): Promise<ServerProcess> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { env, stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const match = /(?:listening|running at) http:\/\/(?:localhost|127\.0\.0\.1):(\d+)/.exec(out);
      if (match) resolve({ child, url: `http://127.0.0.1:${match[1]}` });
    });
    child.on('exit', (code) => reject(new Error(`the server stopped before listening (exit ${code})`)));
  });
}

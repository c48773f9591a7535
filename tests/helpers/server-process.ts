import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';

const SERVER = path.resolve('tests/fixtures/server/server-process.ts');

export interface ServerProcess {
  child: ChildProcess;
  url: string;
}

/**
 * The server as a process of its own over a data folder (SQLite), for tests and benchmarks
 * that kill it or measure its memory; `env` adds settings (FILE_MAX_BYTES, ...).
 */
export function startServerProcess(dataDir: string, env: Record<string, string> = {}): Promise<ServerProcess> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', SERVER], {
      env: { ...process.env, ...env, DATA_DIR: dataDir, DATABASE_URL: '' },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let out = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const match = /listening (\S+)/.exec(out);
      if (match) resolve({ child, url: match[1]! });
    });
    child.on('exit', (code) => reject(new Error(`the server stopped before listening (exit ${code})`)));
  });
}

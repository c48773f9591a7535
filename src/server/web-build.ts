import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../..');
const SOURCES = ['index.html', 'src/web', 'src/core', 'widgets', 'locales', 'vite.config.ts', 'package.json'];

function newestMtime(entry: string): number {
  if (!fs.existsSync(entry)) return 0;
  const stat = fs.statSync(entry);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(stat.mtimeMs, ...fs.readdirSync(entry).map((name) => newestMtime(path.join(entry, name))));
}

/** Builds the SPA with Vite when there is no build or a source is newer than it. */
export async function ensureWebBuild(webDir: string): Promise<void> {
  const index = path.join(webDir, 'index.html');
  const builtAt = fs.existsSync(index) ? fs.statSync(index).mtimeMs : 0;
  const changedAt = Math.max(...SOURCES.map((s) => newestMtime(path.join(ROOT, s))));
  if (builtAt >= changedAt) return;
  console.log('Building the web app (vite build)…');
  execFileSync(process.execPath, [path.join(ROOT, 'node_modules/vite/bin/vite.js'), 'build', '--outDir', webDir], {
    cwd: ROOT,
    stdio: 'inherit',
  });
}

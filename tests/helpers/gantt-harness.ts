import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { build } from 'esbuild';

const PAGE = `<!doctype html>
<html><head><meta charset="utf-8"><title>Gantt</title><link rel="stylesheet" href="/harness.css">
<style>html,body{margin:0;height:100%;font-family:system-ui,sans-serif}#root,.harness{height:100%}
.harness{display:flex;flex-direction:column;gap:8px;padding:8px;box-sizing:border-box}.harness-chart{flex:1;min-height:0}</style>
</head><body><div id="root"></div><script type="module" src="/harness.js"></script></body></html>`;

const TYPES: Record<string, string> = { '.js': 'text/javascript', '.css': 'text/css', '.json': 'application/json', '.html': 'text/html' };

/**
 * Bundles tests/e2e/harness/gantt-harness.tsx and serves it with the locale files, so the
 * chart can be opened in Chromium without the server. Returns its address and a stop.
 */
export async function startGanttHarness(): Promise<{ url: string; stop: () => Promise<void> }> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'gantt-harness-'));
  await build({
    entryPoints: { harness: path.resolve('tests/e2e/harness/gantt-harness.tsx') },
    bundle: true,
    format: 'esm',
    target: 'es2022',
    outdir: dir,
    jsx: 'automatic',
    minify: true,
    define: { 'process.env.NODE_ENV': '"production"' },
    logLevel: 'error',
  });
  const server = http.createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://localhost');
    const file = url.pathname === '/' ? null : url.pathname.startsWith('/locales/') ? path.resolve(`.${url.pathname}`) : path.join(dir, path.basename(url.pathname));
    if (file === null) {
      response.writeHead(200, { 'content-type': 'text/html' }).end(PAGE);
      return;
    }
    fs.readFile(file, (error, body) => {
      if (error) response.writeHead(404).end();
      else response.writeHead(200, { 'content-type': TYPES[path.extname(file)] ?? 'application/octet-stream' }).end(body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/`,
    stop: async () => {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

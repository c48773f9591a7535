import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import { build, createServer } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerWebApp } from '../../../src/server/plugins/web-app.ts';
import { localesPlugin } from '../../../scripts/vite/vite-locales-plugin.ts';
import { LOCALES_DIR, readLocale } from '../../helpers/locales.ts';

let workDir: string;

/** Builds a one-file app with the locales plugin, the way vite.config.ts does. */
async function buildSite(localesDir: string, outDir: string): Promise<void> {
  const root = path.join(workDir, 'site');
  fs.mkdirSync(root, { recursive: true });
  fs.writeFileSync(path.join(root, 'index.html'), '<!doctype html><script type="module" src="./main.js"></script>');
  fs.writeFileSync(path.join(root, 'main.js'), 'document.title = "x";');
  await build({
    root,
    configFile: false,
    logLevel: 'silent',
    publicDir: false,
    plugins: [localesPlugin(localesDir)],
    build: { outDir, emptyOutDir: true },
  });
}

beforeAll(() => {
  workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'plinth-locales-'));
});
afterAll(() => fs.rmSync(workDir, { recursive: true, force: true }));

describe('the production build', () => {
  let outDir: string;
  beforeAll(async () => {
    outDir = path.join(workDir, 'dist');
    await buildSite(LOCALES_DIR, outDir);
  });

  it('contains every locale file under locales/', () => {
    for (const lng of fs.readdirSync(LOCALES_DIR)) {
      for (const file of fs.readdirSync(path.join(LOCALES_DIR, lng))) {
        const built = JSON.parse(fs.readFileSync(path.join(outDir, 'locales', lng, file), 'utf8')) as unknown;
        expect(built, `${lng}/${file}`).toEqual(readLocale(lng, path.basename(file, '.json')));
      }
    }
  });

  it('is served by the API server with cache-control no-cache for locales, immutable for hashed assets', async () => {
    const app = Fastify();
    await registerWebApp(app, outDir);
    const locale = await app.inject({ method: 'GET', url: '/locales/ar/login.json' });
    expect(locale.statusCode).toBe(200);
    expect(locale.headers['cache-control']).toBe('no-cache');
    expect(locale.headers['content-type']).toMatch(/^application\/json/);
    expect(locale.json()).toEqual(readLocale('ar', 'login'));

    const asset = fs.readdirSync(path.join(outDir, 'assets')).find((name) => name.endsWith('.js'))!;
    const script = await app.inject({ method: 'GET', url: `/assets/${asset}` });
    expect(script.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    await app.close();
  });

  it('fails on a malformed locale file', async () => {
    const broken = path.join(workDir, 'broken-locales');
    fs.mkdirSync(path.join(broken, 'en'), { recursive: true });
    fs.writeFileSync(path.join(broken, 'en', 'common.json'), '{ "ok": "OK", }');
    await expect(buildSite(broken, path.join(workDir, 'broken-dist'))).rejects.toThrow(/en\/common\.json is not valid JSON/);
  });
});

describe('the dev server', () => {
  let server: http.Server;
  let base: string;
  let port: number;
  let close: () => Promise<void>;

  beforeAll(async () => {
    const vite = await createServer({
      // An empty root, so only the plugin can answer; the locales folder is given absolute.
      root: fs.mkdtempSync(path.join(workDir, 'dev-root-')),
      configFile: false,
      logLevel: 'silent',
      appType: 'custom',
      plugins: [localesPlugin(LOCALES_DIR)],
      server: { middlewareMode: true, hmr: false, watch: null },
      optimizeDeps: { noDiscovery: true, include: [] },
    });
    server = http.createServer(vite.middlewares);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
    base = `http://127.0.0.1:${port}`;
    close = async () => {
      await new Promise((resolve) => server.close(resolve));
      await vite.close();
    };
  });
  afterAll(() => close());

  it('serves locale files as uncached JSON', async () => {
    const response = await fetch(`${base}/locales/zh-CN/menu.json`);
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-cache');
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    expect(await response.json()).toEqual(readLocale('zh-CN', 'menu'));
  });

  it('serves nothing outside the locales folder', async () => {
    // Sent raw: fetch() would resolve the dot segments before they reach the server.
    const statusOf = (rawPath: string) =>
      new Promise<number | undefined>((resolve, reject) => {
        http.get({ host: '127.0.0.1', port, path: rawPath }, (response) => resolve(response.resume().statusCode)).on('error', reject);
      });
    for (const url of ['/locales/../package.json', '/locales/%2e%2e/package.json', '/locales/..%2fpackage.json', '/locales/en/missing.json']) {
      expect(await statusOf(url), url).toBe(404);
    }
  });
});

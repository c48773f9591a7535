import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { build } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FileInfo } from '../../src/core/contracts/files.ts';
import type { LocalBlobStore } from '../../src/server/modules/filestore/blob-store.ts';
import { launchBrowser, watchPageProblems } from '../helpers/browser.ts';
import { NORTHWIND, startTestApp, type TestApp } from '../helpers/test-app.ts';

/*
 * The SPA's file client in Chromium against the real server: upload progress over a
 * throttled link, abort, an inline image through fileUrl under the page's CSP, metadata by
 * id and a zip download. The page is a route this test adds to the server.
 */

type Files = {
  useToken(token: string): void;
  upload(name: string, size: number, abortAt?: number): Promise<{ info: FileInfo | null; progress: number[]; error: string | null }>;
  showImage(fileId: string): Promise<number>;
  fileInfo(ids: string[]): Promise<FileInfo[]>;
  downloadZip(ids: string[], zipName?: string): Promise<string>;
};

/** The page's file client; evaluated in the page, where the entry put it. */
declare function plinthFiles(): Files;

const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c6360000002000154a24f5d0000000049454e44ae426082',
  'hex',
);

describe('file client in Chromium', () => {
  let t: TestApp;
  let browser: Browser;
  let page: Page;
  let problems: string[];
  let outDir: string;
  let token: string;

  beforeAll(async () => {
    outDir = fs.mkdtempSync(path.join(os.tmpdir(), 'plinth-file-client-'));
    await build({
      configFile: false,
      logLevel: 'silent',
      build: {
        outDir,
        minify: false,
        lib: { entry: path.resolve('tests/fixtures/files/file-client-entry.ts'), formats: ['es'], fileName: () => 'entry.js' },
      },
    });
    const entry = fs.readFileSync(path.join(outDir, 'entry.js'), 'utf8');
    t = await startTestApp('sqlite', {
      prepare(app) {
        app.get('/__test/files.html', (_request, reply) =>
          reply.type('text/html').send('<!doctype html><html><head><link rel="icon" href="data:,"></head><body><script type="module" src="/__test/entry.js"></script></body></html>'),
        );
        app.get('/__test/entry.js', (_request, reply) => reply.type('text/javascript').send(entry));
      },
    });
    token = await t.signIn('alice', NORTHWIND);
    browser = await launchBrowser();
    page = await browser.newPage();
    problems = await watchPageProblems(page);
    await page.goto(`${t.url}/__test/files.html`);
    await page.locator('body[data-ready="true"]').waitFor({ state: 'attached' });
    await page.evaluate((value) => plinthFiles().useToken(value), token);
  });

  afterAll(async () => {
    await browser?.close();
    await t?.close();
    fs.rmSync(outDir, { recursive: true, force: true });
  });

  it('reports upload progress from 0 to 100 while the bytes travel, and answers the stored file', async () => {
    // A slow link (2 MB/s up), so the 3 MB upload takes long enough to report along the way.
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: 2 * 1024 * 1024 });
    const size = 3 * 1024 * 1024;
    const result = await page.evaluate((n) => plinthFiles().upload('site-log.txt', n), size);
    await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });
    process.stdout.write(`upload progress reports: ${result.progress.join(', ')}\n`);

    expect(result.error).toBeNull();
    expect(result.info).toMatchObject({ name: 'site-log.txt', size, type: 'text/plain' });
    expect(result.progress[0]).toBe(0);
    expect(result.progress.at(-1)).toBe(100);
    expect(result.progress.some((p) => p > 0 && p < 100)).toBe(true);
    expect(result.progress).toEqual([...result.progress].sort((a, b) => a - b));
  });

  it('aborts an upload on request, and the server keeps nothing of it', async () => {
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: 1024 * 1024 });
    const before = await t.app.services.db.selectFrom('file_object').select('id').execute();
    const result = await page.evaluate(() => plinthFiles().upload('abandoned.txt', 4 * 1024 * 1024, 10));
    await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });

    expect(result.error).toBe('aborted');
    expect(result.info).toBeNull();
    const tmp = path.join((t.app.services.blobs as LocalBlobStore).root, 'tmp');
    await expect.poll(() => (fs.existsSync(tmp) ? fs.readdirSync(tmp) : []), { timeout: 5000 }).toEqual([]);
    expect(await t.app.services.db.selectFrom('file_object').select('id').execute()).toHaveLength(before.length);
  });

  it('sends a large file in chunks; a chunk lost to a dropped connection is sent again from where the server got to', async () => {
    // The second chunk's first attempt never reaches the server: the connection resets.
    let puts = 0;
    await page.route('**/file/upload/session/*', async (route) => {
      if (route.request().method() === 'PUT' && ++puts === 2) return route.abort('connectionreset');
      return route.continue();
    });
    const size = 20 * 1024 * 1024;
    const result = await page.evaluate((n) => plinthFiles().upload('survey-scan.txt', n), size);
    await page.unroute('**/file/upload/session/*');

    expect(result.error).toBeNull();
    expect(result.info).toMatchObject({ name: 'survey-scan.txt', size, type: 'text/plain' });
    // 20 MB in 8 MB chunks: three, one of them sent twice.
    expect(puts).toBe(4);
    expect(result.progress.at(-1)).toBe(100);
    expect(result.progress).toEqual([...result.progress].sort((a, b) => a - b));
    const stored = await fetch(`${t.url}${result.info!.url}`, { headers: { token } });
    const bytes = Buffer.from(await stored.arrayBuffer());
    expect(bytes.length).toBe(size);
    expect(bytes.every((b) => b === 97)).toBe(true);
    // Nothing left half-way in the store.
    const partial = path.join((t.app.services.blobs as LocalBlobStore).root, 'partial');
    expect(fs.existsSync(partial) ? fs.readdirSync(partial) : []).toEqual([]);
  });

  it('shows an uploaded image inline through fileUrl, lists metadata by id, and saves a zip under its name', async () => {
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(PNG)]), 'pixel.png');
    const response = await fetch(`${t.url}/api/proptech_filestore/file/upload`, { method: 'POST', headers: { token }, body: form });
    const image = ((await response.json()) as { data: FileInfo }).data;

    expect(await page.evaluate((id) => plinthFiles().showImage(id), image.fileId)).toBe(1);
    const info = await page.evaluate((ids) => plinthFiles().fileInfo(ids), [image.fileId]);
    expect(info.map((i) => i.name)).toEqual(['pixel.png']);

    const [download, savedAs] = await Promise.all([
      page.waitForEvent('download'),
      page.evaluate((ids) => plinthFiles().downloadZip(ids, 'Inspection photos'), [image.fileId]),
    ]);
    expect(savedAs).toBe('Inspection photos.zip');
    expect(download.suggestedFilename()).toBe('Inspection photos.zip');
    // The chunk the test cut off is the one failed request the console reports.
    expect(problems.filter((problem) => !problem.includes('ERR_CONNECTION_RESET'))).toEqual([]);
  });
});

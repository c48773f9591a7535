import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_MEDIA_DIR, resolveMediaFile } from '../../../src/server/plugins/media.ts';
import { startTestApp, type TestApp } from '../../helpers/test-app.ts';

describe('demo media at /media/demo/', () => {
  let t: TestApp;
  let webDir: string;
  beforeAll(async () => {
    // A built SPA beside it, so a missing media file must not fall through to index.html.
    webDir = fs.mkdtempSync(path.join(os.tmpdir(), 'plinth-web-'));
    fs.writeFileSync(path.join(webDir, 'index.html'), '<!doctype html><title>spa</title>');
    t = await startTestApp('sqlite', { webDir });
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(webDir, { recursive: true, force: true });
  });

  const get = (url: string) => fetch(`${t.url}${url}`);
  /** A GET whose path reaches the server as written: fetch would resolve `..` and `%2e%2e` first. */
  const rawGet = (rawPath: string) =>
    new Promise<{ status: number; body: string }>((resolve, reject) => {
      const request = http.get({ host: '127.0.0.1', port: new URL(t.url).port, path: rawPath }, (response) => {
        let body = '';
        response.setEncoding('utf8').on('data', (chunk: string) => (body += chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
      });
      request.on('error', reject);
    });

  it('serves a playlist as an HLS playlist that is revalidated on every load', async () => {
    const response = await get('/media/demo/test-pattern/index.m3u8');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/vnd.apple.mpegurl');
    expect(response.headers.get('cache-control')).toBe('no-cache');
    const text = await response.text();
    expect(text).toMatch(/^#EXTM3U/);
    expect(text).toContain('segment-0.ts');
  });

  it('serves every segment the playlists name as MPEG-TS, byte for byte', async () => {
    for (const stream of ['test-pattern', 'colour-bars']) {
      const playlist = await (await get(`/media/demo/${stream}/index.m3u8`)).text();
      const segments = playlist.split('\n').filter((line) => line.endsWith('.ts'));
      expect(segments.length, stream).toBeGreaterThan(0);
      for (const segment of segments) {
        const response = await get(`/media/demo/${stream}/${segment}`);
        expect(response.status).toBe(200);
        expect(response.headers.get('content-type')).toBe('video/mp2t');
        const bytes = Buffer.from(await response.arrayBuffer());
        expect(bytes.equals(fs.readFileSync(path.join(DEMO_MEDIA_DIR, stream, segment)))).toBe(true);
        expect(bytes[0]).toBe(0x47); // the MPEG-TS sync byte
      }
    }
  });

  it('keeps the demo media small', () => {
    const total = fs
      .readdirSync(DEMO_MEDIA_DIR, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .reduce((sum, entry) => sum + fs.statSync(path.join(entry.parentPath, entry.name)).size, 0);
    expect(total).toBeLessThan(250 * 1024);
  });

  it('answers 404, not the web app, for missing files, other types and paths that leave the folder', async () => {
    for (const url of [
      '/media/demo/test-pattern/segment-99.ts',
      '/media/demo/make-demo-media.sh',
      '/media/demo/test-pattern',
      '/media/demo/../../package.json',
      '/media/demo/%2e%2e/%2e%2e/package.json',
      '/media/demo/..%2f..%2fpackage.json',
      '/media/demo/test-pattern/.hidden.ts',
      '/media/demo/test-pattern%5c..%5cindex.m3u8',
    ]) {
      const response = await rawGet(url);
      expect(response.status, url).toBe(404);
      expect(response.body, url).not.toContain('spa');
    }
  });

  it('lets the page play media from this origin and from MediaSource blobs, and nowhere else', async () => {
    const csp = (await get('/media/demo/test-pattern/index.m3u8')).headers.get('content-security-policy') ?? '';
    expect(csp).toContain("media-src 'self' blob:");
    expect(csp).toContain("connect-src 'self'");
  });
});

describe('resolveMediaFile', () => {
  const root = path.resolve('/srv/media');

  it('maps plain names below the root with their MIME type', () => {
    expect(resolveMediaFile(root, 'cam/index.m3u8')).toEqual({ path: path.join(root, 'cam', 'index.m3u8'), type: 'application/vnd.apple.mpegurl' });
    expect(resolveMediaFile(root, 'cam/segment-1.ts')?.type).toBe('video/mp2t');
  });

  it('refuses parent, hidden, empty and backslash segments and unknown types', () => {
    for (const relative of ['../x.ts', 'cam/../../x.ts', '.x.ts', 'cam//x.ts', 'cam\\..\\x.ts', '', 'cam/x.html', 'cam/x']) {
      expect(resolveMediaFile(root, relative), relative).toBeNull();
    }
  });
});

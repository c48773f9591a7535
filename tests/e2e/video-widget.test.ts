import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PageConfig, StoredPage } from '../../src/core/pages/page-config.ts';
import { registerMediaFolder } from '../../src/server/plugins/media.ts';
import type { VideoProps } from '../../widgets/video/video-props.ts';
import { builtWebDir, launchBrowser } from '../helpers/browser.ts';
import { NORTHWIND, startTestApp, type TestApp } from '../helpers/test-app.ts';
import { looksIn, picture, pictureAtRest } from '../helpers/pictures.ts';

const SCREENSHOTS = path.resolve('test-results/screenshots/video-widget');

/** An HLS test pattern made now by ffmpeg: 8 s of 320x240 H.264 in 2 s MPEG-TS segments. */
function makeHlsStream(folder: string): void {
  fs.mkdirSync(folder, { recursive: true });
  try {
    execFileSync(
      'ffmpeg',
      [
        ...['-hide_banner', '-loglevel', 'error', '-f', 'lavfi', '-i', 'testsrc=size=320x240:rate=15', '-t', '8', '-an'],
        ...['-c:v', 'libx264', '-profile:v', 'baseline', '-pix_fmt', 'yuv420p', '-g', '30', '-sc_threshold', '0'],
        ...['-f', 'hls', '-hls_time', '2', '-hls_playlist_type', 'vod', '-hls_segment_filename', path.join(folder, 'segment-%d.ts')],
        path.join(folder, 'index.m3u8'),
      ],
      { stdio: ['ignore', 'ignore', 'pipe'] },
    );
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') throw new Error('ffmpeg is missing: apt-get install -y ffmpeg');
    throw error;
  }
}

/** A stream; `demo` for the recorded test patterns standing in for cameras. */
const stream = (name: string, src: string, demo?: boolean) => ({ name, src, ...(demo ? { demo } : {}) });

function videoPage(props: Partial<VideoProps>, title: string): PageConfig {
  return { title, widgets: [{ id: 'video', type: 'video', title, grid: { x: 0, y: 0, w: 24, h: 16 }, props }] };
}

describe('video widget in Chromium', () => {
  let t: TestApp;
  let browser: Browser;
  let media: string;
  let single: StoredPage;
  let wall: StoredPage;
  let late: StoredPage;

  beforeAll(async () => {
    media = fs.mkdtempSync(path.join(os.tmpdir(), 'plinth-hls-'));
    makeHlsStream(path.join(media, 'pattern'));
    t = await startTestApp('sqlite', { webDir: builtWebDir(), prepare: (app) => registerMediaFolder(app, { prefix: '/media/test', root: media }) });
    browser = await launchBrowser();
    fs.mkdirSync(SCREENSHOTS, { recursive: true });
    const admin = await t.signIn('admin', NORTHWIND);
    const website = async (config: PageConfig) => {
      const created = await t.call<StoredPage>('POST', '/proptech_allplan/page/create', { token: admin, body: { route: null, kind: 'website', published: true, config } });
      expect(created.status, created.body.message).toBe(200);
      return created.body.data;
    };
    single = await website(videoPage({ streams: [stream('Tower crane', '/media/test/pattern/index.m3u8')] }, 'Tower crane'));
    wall = await website(
      videoPage(
        {
          columns: 2,
          retrySeconds: 0,
          streams: [
            stream('Gate 1', '/media/test/pattern/index.m3u8'),
            stream('Gate 2', '/media/demo/colour-bars/index.m3u8', true),
            stream('Lobby', '/media/demo/test-pattern/index.m3u8', true),
            stream('Car park', '/media/test/never/index.m3u8'), // no such stream: offline
          ],
        },
        'Site cameras',
      ),
    );
    late = await website(videoPage({ retrySeconds: 2, streams: [stream('Loading bay', '/media/test/late/index.m3u8')] }, 'Loading bay'));
  });
  afterAll(async () => {
    await browser?.close();
    await t?.close();
    if (media) fs.rmSync(media, { recursive: true, force: true });
  });

  /** Opens a website page; `withoutNativeHls` makes the browser one that cannot play HLS itself. */
  const open = async (site: StoredPage, { locale = 'en-US', withoutNativeHls = false } = {}): Promise<{ page: Page; errors: string[] }> => {
    const context = await browser.newContext({ locale, viewport: { width: 1280, height: 860 } });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    page.on('console', (message) => {
      // The offline camera's 404 is expected; nothing else may complain.
      if (message.type() === 'error' && !/404/.test(message.text())) errors.push(message.text());
    });
    if (withoutNativeHls) {
      await page.addInitScript(() => {
        const canPlayType = HTMLMediaElement.prototype.canPlayType;
        HTMLMediaElement.prototype.canPlayType = function (type: string) {
          return /mpegurl/i.test(type) ? '' : canPlayType.call(this, type);
        };
      });
    }
    await page.goto(`${t.url}/website/${site.id}`);
    await page.locator('.video-tile').first().waitFor();
    return { page, errors };
  };

  const tile = (page: Page, name: string) => page.locator('.video-tile', { has: page.locator('.video-tile-name', { hasText: name }) });

  /** Asserts that the tile's video really plays: frames decoded and time moving on. */
  const expectPlaying = async (target: Locator) => {
    await expect.poll(() => target.getAttribute('data-status'), { timeout: 20_000 }).toBe('playing');
    const video = target.locator('video');
    const first = await video.evaluate((v: HTMLVideoElement) => v.currentTime);
    await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.currentTime), { timeout: 10_000 }).toBeGreaterThan(first + 0.5);
    expect(await video.evaluate((v: HTMLVideoElement) => [v.videoWidth, v.videoHeight])).toEqual([320, 240]);
    expect(await video.evaluate((v: HTMLVideoElement) => v.muted)).toBe(true);
  };

  it('plays a stream with hls.js where the browser has no HLS of its own', async () => {
    const { page, errors } = await open(single, { withoutNativeHls: true });
    const target = tile(page, 'Tower crane');
    await expectPlaying(target);
    expect(await target.getAttribute('data-engine')).toBe('hls.js');
    // hls.js feeds the element through Media Source Extensions: a blob: URL the CSP must allow.
    expect(await target.locator('video').evaluate((v: HTMLVideoElement) => v.currentSrc)).toMatch(/^blob:/);
    await picture(page, { path: path.join(SCREENSHOTS, 'single-hlsjs.png') });
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('plays a stream natively where the browser can', async () => {
    const { page, errors } = await open(single);
    const target = tile(page, 'Tower crane');
    await expectPlaying(target);
    const native = await page.evaluate(() => document.createElement('video').canPlayType('application/vnd.apple.mpegurl') !== '');
    expect(await target.getAttribute('data-engine')).toBe(native ? 'native' : 'hls.js');
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('shows a wall of cameras, each with its status, an offline one with a retry', async () => {
    const { page, errors } = await open(wall, { withoutNativeHls: true });
    const tiles = page.locator('.video-tile');
    await expect.poll(() => tiles.count()).toBe(4);
    // Two columns of tiles.
    const boxes = await Promise.all([0, 1, 2].map(async (i) => (await tiles.nth(i).boundingBox())!));
    expect(boxes[0]!.y).toBe(boxes[1]!.y);
    expect(boxes[2]!.y).toBeGreaterThan(boxes[0]!.y);

    await expectPlaying(tile(page, 'Gate 1'));
    await expect.poll(() => tile(page, 'Gate 2').getAttribute('data-status'), { timeout: 20_000 }).toBe('playing');
    await expect.poll(() => tile(page, 'Lobby').getAttribute('data-status'), { timeout: 20_000 }).toBe('playing');
    const carPark = tile(page, 'Car park');
    await expect.poll(() => carPark.getAttribute('data-status'), { timeout: 30_000 }).toBe('offline');
    await expect.poll(() => carPark.getAttribute('aria-label')).toBe('Car park: Offline');
    // A camera plays live; a demo stream says so, by the flag on its stream.
    expect(await tile(page, 'Gate 1').getAttribute('aria-label')).toBe('Gate 1: Live');
    expect(await tile(page, 'Gate 2').getAttribute('aria-label')).toBe('Gate 2: Demo stream');
    expect(await tile(page, 'Lobby').locator('.video-tile-status').innerText()).toBe('Demo stream');
    await pictureAtRest(page, { path: path.join(SCREENSHOTS, 'wall-en.png') });

    // retrySeconds 0: no countdown, the button tries again (and the stream is still not there).
    expect(await carPark.locator('.video-tile-countdown').count()).toBe(0);
    // A missing stream fails within milliseconds: record the statuses the tile goes through.
    await carPark.evaluate((node) => {
      const seen: string[] = [];
      Object.assign(window, { seenStatuses: seen });
      new MutationObserver(() => seen.push(node.getAttribute('data-status') ?? '')).observe(node, { attributes: true, attributeFilter: ['data-status'] });
    });
    await carPark.getByRole('button', { name: 'Retry' }).click();
    const seen = () => page.evaluate(() => (window as unknown as { seenStatuses: string[] }).seenStatuses);
    await expect.poll(seen, { timeout: 30_000 }).toEqual(['connecting', 'offline']);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('tries an offline camera again by itself, and plays once its stream is there', async () => {
    const { page, errors } = await open(late, { withoutNativeHls: true });
    const bay = tile(page, 'Loading bay');
    await expect.poll(() => bay.getAttribute('data-status'), { timeout: 30_000 }).toBe('offline');
    await expect.poll(() => bay.locator('.video-tile-countdown').innerText()).toMatch(/^Trying again in [12] s$/);
    makeHlsStream(path.join(media, 'late'));
    await expectPlaying(bay);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('is used with the keyboard: arrows between tiles, M for sound (one tile at a time), Enter for full screen', async () => {
    const { page } = await open(wall);
    await expect.poll(() => tile(page, 'Gate 1').getAttribute('data-status'), { timeout: 20_000 }).toBe('playing');
    const muted = () => page.locator('.video-tile video').evaluateAll((videos) => videos.map((v) => (v as HTMLVideoElement).muted));
    expect(await muted()).toEqual([true, true, true, true]);

    await tile(page, 'Gate 1').focus();
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toMatch(/^Gate 2: /);
    await page.keyboard.press('ArrowDown');
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toMatch(/^Car park: /);
    await page.keyboard.press('ArrowUp');
    await page.keyboard.press('m');
    await expect.poll(muted).toEqual([true, false, true, true]);
    // Sound moves to the tile that asks for it.
    await tile(page, 'Lobby').hover();
    await tile(page, 'Lobby').getByRole('button', { name: 'Turn sound on' }).click();
    await expect.poll(muted).toEqual([true, true, false, true]);

    await tile(page, 'Gate 2').focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => page.evaluate(() => document.fullscreenElement?.getAttribute('aria-label') ?? null)).toMatch(/^Gate 2: /);
    await expect.poll(() => tile(page, 'Gate 2').getByRole('button', { name: 'Leave full screen' }).count()).toBe(1);
    await page.keyboard.press('Enter');
    await expect.poll(() => page.evaluate(() => document.fullscreenElement)).toBeNull();
    await page.context().close();
  });

  for (const [locale, language] of looksIn([['zh-CN', 'zh-CN'], ['ar', 'ar']] as const, [['ar', 'ar']] as const)) {
    it(`names its controls and states in ${language}${language === 'ar' ? ', mirrored' : ''}`, async () => {
      const { page, errors } = await open(wall, { locale });
      await expect.poll(() => tile(page, 'Car park').getAttribute('data-status'), { timeout: 30_000 }).toBe('offline');
      await expect.poll(() => tile(page, 'Gate 1').getAttribute('data-status'), { timeout: 20_000 }).toBe('playing');
      const offline = language === 'ar' ? 'غير متصل' : '离线';
      expect(await tile(page, 'Car park').getAttribute('aria-label')).toBe(`Car park${language === 'ar' ? ': ' : '：'}${offline}`);
      await expect.poll(() => tile(page, 'Gate 2').locator('.video-tile-status').innerText(), { timeout: 20_000 }).toBe(language === 'ar' ? 'بث تجريبي' : '演示视频流');
      if (language === 'ar') {
        // The first camera sits on the right, its name at the tile's right edge.
        const [first, second] = await Promise.all([tile(page, 'Gate 1').boundingBox(), tile(page, 'Gate 2').boundingBox()]);
        expect(first!.x).toBeGreaterThan(second!.x);
        const name = (await tile(page, 'Gate 1').locator('.video-tile-name').boundingBox())!;
        expect(first!.x + first!.width - (name.x + name.width)).toBeLessThan(20);
      }
      await tile(page, 'Gate 1').hover();
      await pictureAtRest(page, { path: path.join(SCREENSHOTS, `wall-${language}.png`) });
      expect(errors).toEqual([]);
      await page.context().close();
    });
  }
});

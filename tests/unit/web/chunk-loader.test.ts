import { afterEach, describe, expect, it, vi } from 'vitest';
import { CHUNK_TIMEOUT_MS, ChunkLoadError, lazyComponent, loadChunk, requestedFile, watchCssChunkErrors } from '../../../src/web/router/chunk-loader.tsx';

describe('chunk loading (spec §4, §8, §9)', () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  it('times out a script chunk after 120 seconds', async () => {
    expect(CHUNK_TIMEOUT_MS).toBe(120_000);
    vi.useFakeTimers();
    const never = loadChunk(() => new Promise<never>(() => {}));
    const outcome = expect(never).rejects.toMatchObject({ name: 'ChunkLoadError', type: 'script' });
    await vi.advanceTimersByTimeAsync(CHUNK_TIMEOUT_MS - 1);
    let settled = false;
    void never.catch(() => (settled = true));
    await Promise.resolve();
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    await outcome;
  });

  it('reports a failed script chunk with its type and requested file', async () => {
    const failure = new TypeError('Failed to fetch dynamically imported module: http://localhost:8080/assets/gantt-3f2a.js');
    await expect(loadChunk(() => Promise.reject(failure))).rejects.toMatchObject({
      type: 'script',
      request: 'http://localhost:8080/assets/gantt-3f2a.js',
    });
  });

  it('names the file of a preload error, and "unknown" when there is none', () => {
    expect(requestedFile(new Error('Unable to preload CSS for /assets/login-page-CUsA.css'))).toBe('/assets/login-page-CUsA.css');
    expect(requestedFile('something else')).toBe('unknown');
  });

  it('reports a stylesheet chunk failure as a CSS chunk load failure', () => {
    const target = new EventTarget() as unknown as Window;
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    watchCssChunkErrors(target);
    const event = Object.assign(new Event('vite:preloadError'), { payload: new Error('Unable to preload CSS for /assets/home-1a2b.css') });
    target.dispatchEvent(event);
    expect(logged).toHaveBeenCalledWith('CSS chunk load failed: /assets/home-1a2b.css', { type: 'css', request: '/assets/home-1a2b.css' });
  });

  it('keeps a ChunkLoadError as it is', async () => {
    const original = new ChunkLoadError('css', '/assets/a.css');
    await expect(loadChunk(() => Promise.reject(original))).rejects.toBe(original);
  });

  it('loads a lazy component once however often it is preloaded, and again after a failure', async () => {
    const Screen = () => null;
    let calls = 0;
    let fail = true;
    const load = () => {
      calls++;
      return fail ? Promise.reject(new Error('Failed to fetch /assets/a.js')) : Promise.resolve({ default: Screen });
    };
    const Lazy = lazyComponent(load);
    await Promise.all([Lazy.preload(), Lazy.preload()]);
    expect(calls).toBe(1);
    fail = false;
    await Promise.all([Lazy.preload(), Lazy.preload()]);
    expect(calls).toBe(2);
    await Lazy.preload();
    expect(calls).toBe(2);
  });
});

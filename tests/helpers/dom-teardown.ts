import { afterAll } from 'vitest';

/**
 * React's scheduler finishes work on a later macrotask (setImmediate under Node). If a DOM test
 * file ends with such work queued, it runs after the environment has taken `window` away and
 * fails the whole run with "window is not defined". Each DOM file therefore unmounts what it
 * rendered and lets the scheduler drain before its environment is torn down.
 */
if (typeof window !== 'undefined') {
  afterAll(async () => {
    const { cleanup } = await import('@testing-library/react');
    cleanup();
    for (let turn = 0; turn < 5; turn += 1) await new Promise((resolve) => setImmediate(resolve));
  });
}

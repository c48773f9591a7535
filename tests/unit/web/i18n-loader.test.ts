import type { BackendModule, ReadCallback } from 'i18next';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  LOCALES_LOAD_PATH,
  MAX_PARALLEL_READS,
  MAX_RETRIES,
  NAMESPACES,
  RETRY_TIMEOUT_MS,
  activeI18n,
  createI18n,
} from '../../../src/web/i18n/i18n.ts';

/** What the backend connector sets up from the init options (internal to i18next). */
interface ConnectorLimits {
  maxParallelReads: number;
  maxRetries: number;
  retryTimeout: number;
}

interface Read {
  lng: string;
  ns: string;
  at: number;
  answer: ReadCallback;
}

/** A backend that records every read and lets the test decide how each one ends. */
function recordingBackend(onRead: (read: Read) => void = () => {}) {
  const reads: Read[] = [];
  const backend: BackendModule = {
    type: 'backend',
    callbackApi: true,
    init() {},
    read(lng, ns, answer) {
      const read = { lng, ns, at: Date.now(), answer };
      reads.push(read);
      onRead(read);
    },
  };
  return { backend, reads };
}

const gaps = (times: number[]) => times.slice(1).map((time, i) => time - times[i]!);

describe('translation loader limits (spec §9)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('are exported as 10 parallel reads, 5 retries and a 350 ms first delay', () => {
    expect([MAX_PARALLEL_READS, MAX_RETRIES, RETRY_TIMEOUT_MS]).toEqual([10, 5, 350]);
  });

  it('are set explicitly in the initialized instance and its backend connector', async () => {
    const { backend } = recordingBackend((read) => read.answer(null, {}));
    const pending = createI18n({ lng: 'en', backend });
    await vi.runAllTimersAsync();
    const i18n = await pending;

    expect(i18n.options).toMatchObject({ maxParallelReads: 10, maxRetries: 5, retryTimeout: 350 });
    const connector = i18n.services.backendConnector as unknown as ConnectorLimits;
    expect([connector.maxParallelReads, connector.maxRetries, connector.retryTimeout]).toEqual([10, 5, 350]);
    expect(i18n.options.ns).toEqual([...NAMESPACES]);
    expect(i18n.options.defaultNS).toBe('common');
    expect(i18n.options.fallbackLng).toEqual(['en']);
  });

  it('retries a failing read 5 times, waiting 350, 700, 1400, 2800 and 5600 ms', async () => {
    const { backend, reads } = recordingBackend((read) => read.answer(new Error('HTTP 503'), true));
    const pending = createI18n({ lng: 'en', backend });
    await vi.advanceTimersByTimeAsync(60_000);
    await pending;

    for (const ns of NAMESPACES) {
      const times = reads.filter((read) => read.ns === ns).map((read) => read.at);
      expect(times, ns).toHaveLength(1 + MAX_RETRIES);
      expect(gaps(times), ns).toEqual([350, 700, 1400, 2800, 5600]);
    }
  });

  it('gives up after the last retry and stops when a retry succeeds', async () => {
    let commonReads = 0;
    const { backend, reads } = recordingBackend((read) => {
      if (read.ns !== 'common') return read.answer(null, { ok: 'OK' });
      commonReads++;
      // Two failures, then the file arrives.
      return commonReads <= 2 ? read.answer(new Error('network'), true) : read.answer(null, { hello: 'Hello' });
    });
    const pending = createI18n({ lng: 'en', backend });
    await vi.advanceTimersByTimeAsync(60_000);
    const i18n = await pending;

    expect(reads.filter((read) => read.ns === 'common').map((read) => read.at - reads[0]!.at)).toEqual([0, 350, 1050]);
    expect(i18n.t('hello')).toBe('Hello');
  });

  it('does not retry a read that fails for good (e.g. HTTP 404)', async () => {
    const { backend, reads } = recordingBackend((read) => read.answer(new Error('HTTP 404'), false));
    const pending = createI18n({ lng: 'en', backend });
    await vi.advanceTimersByTimeAsync(60_000);
    await pending;
    expect(reads).toHaveLength(NAMESPACES.length);
  });

  it('keeps at most 10 reads in flight and starts a queued one as soon as another ends', async () => {
    const { backend, reads } = recordingBackend();
    void createI18n({ lng: 'ar', backend });
    await vi.advanceTimersByTimeAsync(0);
    // Arabic and the English fallback: more files than the limit; 10 are requested at once.
    const files = 2 * NAMESPACES.length;
    expect(files).toBeGreaterThan(10);
    expect(reads).toHaveLength(10);

    void activeI18n().loadLanguages('zh-CN');
    await vi.advanceTimersByTimeAsync(0);
    expect(reads).toHaveLength(10);

    // Two reads end: the next two in the queue start at once, in the order they were asked for.
    const asked = [...Array<string>(NAMESPACES.length).fill('ar'), ...Array<string>(NAMESPACES.length).fill('en'), ...Array<string>(NAMESPACES.length).fill('zh-CN')];
    const queue = asked.slice(10);
    reads[0]!.answer(null, {});
    reads[1]!.answer(null, {});
    expect(reads).toHaveLength(12);
    expect(reads.slice(10).map((read) => read.lng)).toEqual(queue.slice(0, 2));

    for (let i = 2; i < reads.length; i++) {
      expect(reads.length - i, 'reads in flight').toBeLessThanOrEqual(10);
      reads[i]!.answer(null, {});
    }
    expect(reads).toHaveLength(files + NAMESPACES.length);
  });
});

describe('the HTTP backend', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  const fetchAnswering = (status: number) => {
    const requests: { url: string; at: number }[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => {
        requests.push({ url, at: Date.now() });
        return new Response(status === 200 ? '{"title":"Sign in"}' : '', { status });
      }),
    );
    return requests;
  };

  it('loads /locales/{lng}/{ns}.json for the language and the English fallback', async () => {
    const requests = fetchAnswering(200);
    const pending = createI18n({ lng: 'zh-CN', http: { reloadInterval: false } });
    await vi.runAllTimersAsync();
    const i18n = await pending;

    expect(LOCALES_LOAD_PATH).toBe('/locales/{{lng}}/{{ns}}.json');
    expect(requests.map((r) => r.url).sort()).toEqual(
      ['en', 'zh-CN'].flatMap((lng) => NAMESPACES.map((ns) => `/locales/${lng}/${ns}.json`)).sort(),
    );
    expect(i18n.t('title', { ns: 'login' })).toBe('Sign in');
  });

  it('retries an HTTP 503 with the doubling delays, then gives up', async () => {
    const requests = fetchAnswering(503);
    const pending = createI18n({ lng: 'en', http: { reloadInterval: false } });
    await vi.advanceTimersByTimeAsync(60_000);
    await pending;

    const common = requests.filter((r) => r.url === '/locales/en/common.json').map((r) => r.at);
    expect(gaps(common)).toEqual([350, 700, 1400, 2800, 5600]);
    expect(requests).toHaveLength(NAMESPACES.length * (1 + MAX_RETRIES));
  });

  it('does not retry an HTTP 404', async () => {
    const requests = fetchAnswering(404);
    const pending = createI18n({ lng: 'en', http: { reloadInterval: false } });
    await vi.advanceTimersByTimeAsync(60_000);
    await pending;
    expect(requests).toHaveLength(NAMESPACES.length);
  });
});

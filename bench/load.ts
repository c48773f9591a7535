/**
 * HTTP load with autocannon on a worker thread, so the load generator does not share the
 * event loop of a server started in the benchmark's own thread. Latencies are taken from
 * each response (sub-millisecond); autocannon's own histogram keeps whole milliseconds only.
 */
import { Worker, isMainThread, parentPort, workerData } from 'node:worker_threads';
import autocannon from 'autocannon';

export interface LoadOptions {
  /** A loopback URL. */
  url: string;
  method: 'GET' | 'POST';
  headers: Record<string, string>;
  body?: string;
  connections: number;
  warmupSeconds: number;
  durationSeconds: number;
}

export interface LoadResult {
  requestsPerSecond: number;
  /** Latency of 2xx answers, in ms. */
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
}

const WORKER_MARK = 'plinth-bench-load';
// A worker does not inherit the TypeScript loader of the main thread: it registers it, then loads this file.
const WORKER_SOURCE = `import(${JSON.stringify(import.meta.resolve('tsx/esm/api'))})
  .then((api) => { api.register(); return import(${JSON.stringify(import.meta.url)}); })`;

export function measureLoad(options: LoadOptions): Promise<LoadResult> {
  const host = new URL(options.url).hostname;
  if (host !== '127.0.0.1' && host !== '[::1]' && host !== 'localhost') {
    return Promise.reject(new Error(`load is only sent to loopback addresses, not ${host}`));
  }
  return new Promise((resolve, reject) => {
    const worker = new Worker(WORKER_SOURCE, { eval: true, workerData: { mark: WORKER_MARK, options } });
    worker.once('message', (result: LoadResult) => {
      resolve(result);
      void worker.terminate();
    });
    worker.once('error', reject);
    worker.once('exit', (code) => reject(new Error(`load worker exited with ${code} before reporting`)));
  });
}

/** The value at quantile `q` of sorted numbers. */
export function quantile(sorted: readonly number[], q: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
}

interface Sample {
  /** Latencies of 2xx answers, in ms. */
  latencies: number[];
  other: number;
  errors: number;
  seconds: number;
}

// On a worker thread autocannon hands back its raw counters rather than the aggregated
// result, so the figures are taken from its per-response events.
function run(options: autocannon.Options): Promise<Sample> {
  return new Promise((resolve, reject) => {
    const sample: Sample = { latencies: [], other: 0, errors: 0, seconds: 0 };
    const started = process.hrtime.bigint();
    const instance = autocannon(options, (error: unknown, result) => {
      if (error) return reject(error);
      sample.seconds = Number(process.hrtime.bigint() - started) / 1e9;
      sample.errors = result.errors;
      resolve(sample);
    });
    instance.on('response', (_client, statusCode, _bytes, responseTime) => {
      if (statusCode >= 200 && statusCode < 300) sample.latencies.push(responseTime);
      else sample.other++;
    });
  });
}

async function loadInWorker(options: LoadOptions): Promise<LoadResult> {
  const base: autocannon.Options = {
    url: options.url,
    method: options.method,
    headers: options.headers,
    body: options.body,
    connections: options.connections,
  };
  if (options.warmupSeconds > 0) await run({ ...base, duration: options.warmupSeconds });
  const sample = await run({ ...base, duration: options.durationSeconds });
  const latencies = sample.latencies.sort((a, b) => a - b);
  return {
    requestsPerSecond: (latencies.length + sample.other) / sample.seconds,
    p50: quantile(latencies, 0.5),
    p99: quantile(latencies, 0.99),
    errors: sample.errors,
    non2xx: sample.other,
  };
}

const data = workerData as { mark?: string; options?: LoadOptions } | null;
if (!isMainThread && parentPort && data?.mark === WORKER_MARK && data.options) {
  parentPort.postMessage(await loadInWorker(data.options));
}

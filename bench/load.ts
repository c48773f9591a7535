/**
 * HTTP load on a worker thread, so the load generator does not share the event loop of a
 * server started in the benchmark's own thread. Several connections: autocannon. One
 * connection (the latency of a request alone): a plain keep-alive socket sending the same
 * prepared request again as soon as the answer is in, so the client's own parsing and
 * garbage weigh as little as they can on the figures. Latencies are taken from each
 * response (sub-millisecond); autocannon's own histogram keeps whole milliseconds only.
 */
import { once } from 'node:events';
import net from 'node:net';
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
  /** Every 2xx answer's latency, in ms, sorted: for pooling several runs. */
  latencies: number[];
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
    const instance = autocannon(options, (error: Error | null, result) => {
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

/** One request at a time on one keep-alive connection, for `seconds`. */
async function runAlone(options: LoadOptions, seconds: number): Promise<Sample> {
  const url = new URL(options.url);
  const body = Buffer.from(options.body ?? '');
  const head = [`${options.method} ${url.pathname}${url.search} HTTP/1.1`, `host: ${url.host}`, 'connection: keep-alive', `content-length: ${body.length}`];
  for (const [name, value] of Object.entries(options.headers)) head.push(`${name}: ${value}`);
  const request = Buffer.concat([Buffer.from(`${head.join('\r\n')}\r\n\r\n`), body]);
  const socket = net.connect(Number(url.port), url.hostname);
  socket.setNoDelay(true);
  await once(socket, 'connect');
  const sample: Sample = { latencies: [], other: 0, errors: 0, seconds: 0 };
  const started = process.hrtime.bigint();
  const until = started + BigInt(Math.round(seconds * 1e9));
  try {
    for (;;) {
      const sent = process.hrtime.bigint();
      if (sent >= until) break;
      socket.write(request);
      const status = await answer(socket);
      const ms = Number(process.hrtime.bigint() - sent) / 1e6;
      if (status >= 200 && status < 300) sample.latencies.push(ms);
      else sample.other++;
    }
  } finally {
    socket.destroy();
  }
  sample.seconds = Number(process.hrtime.bigint() - started) / 1e9;
  return sample;
}

/** Reads one whole answer (its head, then content-length bytes) and gives its status. */
function answer(socket: net.Socket): Promise<number> {
  return new Promise((resolve, reject) => {
    let received: Buffer = Buffer.alloc(0);
    const onData = (chunk: Buffer) => {
      received = received.length === 0 ? chunk : Buffer.concat([received, chunk]);
      const headEnd = received.indexOf('\r\n\r\n');
      if (headEnd < 0) return;
      const headText = received.subarray(0, headEnd).toString('latin1');
      const length = /\r\ncontent-length: *(\d+)/i.exec(headText);
      if (!length) return done(new Error(`an answer without content-length: ${headText.split('\r\n')[0]}`));
      if (received.length < headEnd + 4 + Number(length[1])) return;
      if (received.length > headEnd + 4 + Number(length[1])) return done(new Error('more bytes than one answer'));
      done(null, Number(headText.slice(9, 12)));
    };
    const onClose = () => done(new Error('the server closed the connection'));
    const done = (error: Error | null, status = 0) => {
      socket.off('data', onData);
      socket.off('close', onClose);
      if (error) reject(error);
      else resolve(status);
    };
    socket.on('data', onData);
    socket.on('close', onClose);
  });
}

async function loadInWorker(options: LoadOptions): Promise<LoadResult> {
  if (options.connections === 1) {
    if (options.warmupSeconds > 0) await runAlone(options, options.warmupSeconds);
    return result(await runAlone(options, options.durationSeconds));
  }
  const base: autocannon.Options = {
    url: options.url,
    method: options.method,
    headers: options.headers,
    body: options.body,
    connections: options.connections,
  };
  if (options.warmupSeconds > 0) await run({ ...base, duration: options.warmupSeconds });
  return result(await run({ ...base, duration: options.durationSeconds }));
}

function result(sample: Sample): LoadResult {
  const latencies = sample.latencies.sort((a, b) => a - b);
  return {
    requestsPerSecond: (latencies.length + sample.other) / sample.seconds,
    p50: quantile(latencies, 0.5),
    p99: quantile(latencies, 0.99),
    latencies,
    errors: sample.errors,
    non2xx: sample.other,
  };
}

const data = workerData as { mark?: string; options?: LoadOptions } | null;
if (!isMainThread && parentPort && data?.mark === WORKER_MARK && data.options) {
  parentPort.postMessage(await loadInWorker(data.options));
}

import crypto from 'node:crypto';
import http from 'node:http';
import https from 'node:https';
import type { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { setTimeout as sleep } from 'node:timers/promises';
import aws4 from 'aws4';
import { describeS3Location, type S3Location } from './s3-location.ts';

/** A body sent as it is read: its length and SHA-256 are known beforehand, so it is signed and can be sent again. */
export interface StreamedBody {
  length: number;
  sha256: string;
  open(): Readable;
}

export interface S3Request {
  method: 'GET' | 'HEAD' | 'PUT' | 'POST' | 'DELETE';
  /** The object's key below the location's prefix; absent for the bucket itself. */
  key?: string;
  query?: Record<string, string>;
  headers?: Record<string, string>;
  body?: Buffer | StreamedBody;
}

/** An answer of the service that is not the one asked for, with S3's error code when it sent one. */
export class S3Error extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = 'S3Error';
  }
}

const EMPTY_SHA256 = crypto.createHash('sha256').digest('hex');
const TRIES = 3;
/** Longest wait for the service to start answering a request. */
const ANSWER_TIMEOUT_MS = 60_000;

const sha256Of = (bytes: Buffer) => crypto.createHash('sha256').update(bytes).digest('hex');

/**
 * Signed requests to an S3-compatible service over Node's own http(s), so bodies and answers
 * stream. aws4 (MIT, no dependencies) computes the SigV4 signature; every body is signed
 * with its SHA-256, which the service checks against what arrives. Failures of the network
 * or the service (5xx) are tried up to three times in all before the answer is handed back.
 */
export class S3Client {
  private readonly agent: http.Agent;
  private readonly transport: typeof http | typeof https;

  constructor(readonly location: S3Location) {
    const secure = location.endpoint.protocol === 'https:';
    this.transport = secure ? https : http;
    this.agent = new this.transport.Agent({ keepAlive: true, maxSockets: 16 });
  }

  /** The answer if its status is one of `expected`; an S3Error otherwise (the body read for its code). */
  async send(request: S3Request, expected: readonly number[]): Promise<http.IncomingMessage> {
    for (let attempt = 1; ; attempt++) {
      let answer: http.IncomingMessage;
      try {
        answer = await this.attempt(request);
      } catch (error) {
        if (attempt >= TRIES) throw error;
        await sleep(250 * 4 ** (attempt - 1));
        continue;
      }
      const status = answer.statusCode ?? 0;
      if (expected.includes(status)) return answer;
      if (status >= 500 && attempt < TRIES) {
        answer.resume();
        await sleep(250 * 4 ** (attempt - 1));
        continue;
      }
      throw await this.errorOf(request, answer);
    }
  }

  /** The answer's body as text, for the small XML documents of bucket operations. */
  async sendForText(request: S3Request, expected: readonly number[]): Promise<string> {
    return text(await this.send(request, expected));
  }

  close(): void {
    this.agent.destroy();
  }

  private attempt(request: S3Request): Promise<http.IncomingMessage> {
    const { endpoint, bucket, prefix, region, pathStyle, accessKeyId, secretAccessKey } = this.location;
    const host = pathStyle ? endpoint.host : `${bucket}.${endpoint.host}`;
    const bucketPath = pathStyle ? `/${bucket}` : '';
    const resource = request.key === undefined ? bucketPath || '/' : `${bucketPath}/${prefix}${request.key}`;
    const query = request.query ? `?${new URLSearchParams(request.query).toString()}` : '';
    const body = request.body;
    const headers: Record<string, string> = { ...request.headers };
    if (body) {
      headers['content-length'] = String(body.length);
      headers['x-amz-content-sha256'] = Buffer.isBuffer(body) ? sha256Of(body) : body.sha256;
    } else {
      headers['x-amz-content-sha256'] = EMPTY_SHA256;
    }
    const signed = aws4.sign(
      { host, path: `${resource}${query}`, method: request.method, service: 's3', region, headers },
      { accessKeyId, secretAccessKey },
    );
    return new Promise((resolve, reject) => {
      const outgoing = this.transport.request({
        protocol: endpoint.protocol,
        hostname: pathStyle ? endpoint.hostname : `${bucket}.${endpoint.hostname}`,
        port: endpoint.port || undefined,
        method: request.method,
        path: signed.path,
        headers: signed.headers as http.OutgoingHttpHeaders,
        agent: this.agent,
      });
      outgoing.setTimeout(ANSWER_TIMEOUT_MS, () => outgoing.destroy(new Error(`no answer from ${describeS3Location(this.location)} within ${ANSWER_TIMEOUT_MS / 1000} s`)));
      outgoing.on('error', reject);
      outgoing.on('response', (answer) => {
        // Once it answers, a slow reader downstream may pause the stream for as long as it likes.
        outgoing.setTimeout(0);
        resolve(answer);
      });
      if (!body) outgoing.end();
      else if (Buffer.isBuffer(body)) outgoing.end(body);
      else {
        const source = body.open();
        source.on('error', (error) => outgoing.destroy(error));
        source.pipe(outgoing);
      }
    });
  }

  private async errorOf(request: S3Request, answer: http.IncomingMessage): Promise<S3Error> {
    const status = answer.statusCode ?? 0;
    const body = request.method === 'HEAD' ? '' : await text(answer).catch(() => '');
    const code = /<Code>([^<]*)<\/Code>/.exec(body)?.[1] ?? String(status);
    const detail = /<Message>([^<]*)<\/Message>/.exec(body)?.[1];
    const what = request.key === undefined ? 'the bucket' : request.key;
    return new S3Error(status, code, `S3 ${request.method} ${what} at ${describeS3Location(this.location)}: ${status} ${code}${detail ? ` (${detail})` : ''}`);
  }
}

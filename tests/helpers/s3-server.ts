import crypto from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';

interface S3rverServer {
  run(): Promise<{ address: string; port: number }>;
  close(): Promise<void>;
}
type S3rverOptions = { address: string; port: number; directory: string; silent: boolean; configureBuckets: { name: string }[] };
const S3rver = createRequire(import.meta.url)('@20minutes/s3rver') as new (options: S3rverOptions) => S3rverServer;

export const TEST_BUCKET = 'plinth-test';

export interface TestS3Server {
  /** A FILE_STORE_URL for the server's bucket. */
  url: string;
  /** Where the server keeps its objects, to count them. */
  directory: string;
  close(): Promise<void>;
}

/**
 * An S3-compatible server of the tests' own: s3rver (MIT; the maintained @20minutes fork of
 * jamhall/s3rver) in this process on a free loopback port, checking SigV4 signatures, keeping
 * objects in a temporary folder, with one empty bucket. Its keys are its own (S3RVER).
 */
export async function startTestS3Server(): Promise<TestS3Server> {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'plinth-s3-'));
  const server = new S3rver({ address: '127.0.0.1', port: 0, directory, silent: true, configureBuckets: [{ name: TEST_BUCKET }] });
  const { port } = await server.run();
  return {
    url: `s3+http://S3RVER:S3RVER@127.0.0.1:${port}/${TEST_BUCKET}`,
    directory,
    async close() {
      await server.close();
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}

/**
 * TEST_S3_URL (a FILE_STORE_URL of a real S3-compatible service) with a fresh key prefix, so
 * runs never meet each other's objects there; undefined when it is not set.
 */
export function externalTestS3Url(): string | undefined {
  const base = process.env.TEST_S3_URL;
  if (!base) return undefined;
  const url = new URL(base);
  url.pathname = `${url.pathname.replace(/\/$/, '')}/plinth-test-${crypto.randomBytes(6).toString('hex')}`;
  return url.toString();
}

import crypto from 'node:crypto';
import fs from 'node:fs';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { BlobMissing, StagingBlobStore, type ByteRange } from './blob-store.ts';
import { S3Client, type StreamedBody } from './s3-client.ts';
import { describeS3Location, type S3Location } from './s3-location.ts';
import type { StagedFile, UploadArea } from './upload-area.ts';

const MiB = 1024 * 1024;
/** S3 takes parts of 5 MiB and more (the last excepted), at most 10,000 of them. */
export const S3_MIN_PART_BYTES = 5 * MiB;
const S3_MAX_PARTS = 10_000;
/** Files up to this size go in one request; larger ones in parts of this size (or more, past 160 GB). */
const PART_BYTES = 16 * MiB;
/** Parts sent at once: enough to fill a link, few enough to leave the server's other work room. */
const PARTS_AT_ONCE = 4;

export interface S3BlobStoreOptions {
  /** Size of a multipart upload's parts, and the largest file sent in one request. */
  partBytes?: number;
}

const OCTETS = { 'content-type': 'application/octet-stream' };

/** The SHA-256 of bytes `start`..`end` (inclusive) of a local file, read as a stream. */
async function sha256OfRange(file: string, start: number, end: number): Promise<string> {
  const hash = crypto.createHash('sha256');
  await pipeline(fs.createReadStream(file, { start, end }), hash);
  return hash.digest('hex');
}

function fileRange(file: string, start: number, end: number, sha256: string): StreamedBody {
  return { length: end - start + 1, sha256, open: () => fs.createReadStream(file, { start, end }) };
}

/**
 * Blobs as objects of an S3-compatible bucket, under the same keys as the local folder's files.
 * Uploads still arrive in the local upload area (checked there, resumable across requests);
 * keeping one sends the finished file to the bucket, in one request or, when large, in parts
 * read from disk as they go, so no file is ever held in memory.
 */
export class S3BlobStore extends StagingBlobStore {
  private readonly partBytes: number;

  constructor(
    private readonly client: S3Client,
    uploads: UploadArea,
    options: S3BlobStoreOptions = {},
  ) {
    super(uploads);
    this.partBytes = Math.max(options.partBytes ?? PART_BYTES, S3_MIN_PART_BYTES);
  }

  /** A store on the location's bucket, once the bucket answers (a wrong name or key stops the server at start). */
  static async connect(location: S3Location, uploads: UploadArea, options: S3BlobStoreOptions = {}): Promise<S3BlobStore> {
    const client = new S3Client(location);
    try {
      (await client.send({ method: 'HEAD' }, [200])).resume();
    } catch (error) {
      client.close();
      throw new Error(`the file store at ${describeS3Location(location)} cannot be used: ${(error as Error).message}`);
    }
    return new S3BlobStore(client, uploads, options);
  }

  override close(): void {
    this.client.close();
  }

  protected async keep(key: string, file: StagedFile): Promise<void> {
    if (!(await this.has(key))) {
      if (file.size <= this.partBytes) await this.putWhole(key, file);
      else await this.putInParts(key, file);
    }
    await this.uploads.drop(file);
  }

  protected async has(key: string): Promise<boolean> {
    const answer = await this.client.send({ method: 'HEAD', key }, [200, 404]);
    answer.resume();
    return answer.statusCode === 200;
  }

  protected async read(key: string, range?: ByteRange): Promise<Readable> {
    const headers: Record<string, string> = range ? { range: `bytes=${range.start}-${range.end}` } : {};
    const answer = await this.client.send({ method: 'GET', key, headers }, [200, 206, 404]);
    if (answer.statusCode === 404) {
      answer.resume();
      throw new BlobMissing(key);
    }
    // Bytes other than those asked for must never reach a client as if they were.
    const sent = /^bytes (\d+)-(\d+)\//.exec(answer.headers['content-range'] ?? '');
    if (range && (answer.statusCode !== 206 || Number(sent?.[1]) !== range.start || Number(sent?.[2]) !== range.end)) {
      answer.destroy();
      throw new Error(`S3 GET ${key}: asked for bytes ${range.start}-${range.end}, the service sent ${answer.headers['content-range'] ?? 'the whole object'}`);
    }
    return answer;
  }

  protected async erase(key: string): Promise<void> {
    (await this.client.send({ method: 'DELETE', key }, [200, 204, 404])).resume();
  }

  private async putWhole(key: string, file: StagedFile): Promise<void> {
    const body = file.size ? fileRange(file.path, 0, file.size - 1, file.sha256) : Buffer.alloc(0);
    (await this.client.send({ method: 'PUT', key, headers: OCTETS, body }, [200])).resume();
  }

  private async putInParts(key: string, file: StagedFile): Promise<void> {
    const partBytes = Math.max(this.partBytes, Math.ceil(file.size / S3_MAX_PARTS / MiB) * MiB);
    const count = Math.ceil(file.size / partBytes);
    const started = await this.client.sendForText({ method: 'POST', key, query: { uploads: '' }, headers: OCTETS }, [200]);
    const uploadId = /<UploadId>([^<]+)<\/UploadId>/.exec(started)?.[1];
    if (!uploadId) throw new Error(`S3 POST ${key}?uploads: no UploadId in the answer`);
    try {
      const etags: string[] = [];
      let next = 0;
      let failed = false;
      const sendParts = async () => {
        while (next < count && !failed) {
          const index = next++;
          const start = index * partBytes;
          const end = Math.min(file.size, start + partBytes) - 1;
          try {
            // Hashed first, so the part is signed with its own SHA-256 and the service checks it.
            const body = fileRange(file.path, start, end, await sha256OfRange(file.path, start, end));
            const answer = await this.client.send({ method: 'PUT', key, query: { partNumber: String(index + 1), uploadId }, body }, [200]);
            answer.resume();
            const etag = answer.headers.etag;
            if (!etag) throw new Error(`S3 PUT ${key} part ${index + 1}: no ETag in the answer`);
            etags[index] = etag;
          } catch (error) {
            failed = true;
            throw error;
          }
        }
      };
      await Promise.all(Array.from({ length: Math.min(PARTS_AT_ONCE, count) }, sendParts));
      const parts = etags.map((etag, i) => `<Part><PartNumber>${i + 1}</PartNumber><ETag>${etag}</ETag></Part>`).join('');
      const body = Buffer.from(`<CompleteMultipartUpload>${parts}</CompleteMultipartUpload>`);
      const done = await this.client.sendForText({ method: 'POST', key, query: { uploadId }, body }, [200]);
      // S3 may answer 200 and still report a failure in the body.
      if (done.includes('<Error>')) throw new Error(`S3 POST ${key}?uploadId: ${/<Message>([^<]*)</.exec(done)?.[1] ?? 'the parts were not joined'}`);
    } catch (error) {
      await this.client.send({ method: 'DELETE', key, query: { uploadId } }, [200, 204, 404]).then(
        (answer) => answer.resume(),
        () => undefined,
      );
      throw error;
    }
  }
}

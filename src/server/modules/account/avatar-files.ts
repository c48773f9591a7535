import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { Readable } from 'node:stream';
import { formatSize } from '../../../core/format.ts';
import { AVATAR_MAX_BYTES, extensionOf, isAllowedUpload } from '../../../core/upload-types.ts';
import { AppError, badRequest } from '../../errors.ts';
import { PRIVATE_FILE_MODE, PRIVATE_FOLDER_MODE } from '../../private-files.ts';
import { ResultCode } from '../../../core/result-codes.ts';
import { imageTypeOf } from './image-signature.ts';

const CONTENT_TYPES: Record<string, string> = {
  jpg: 'image/jpeg',
  png: 'image/png',
  bmp: 'image/bmp',
  svg: 'image/svg+xml',
};

/** Avatar images on disk under `<dataDir>/files/avatars`, named by the SHA-256 of their bytes. */
export class AvatarFiles {
  readonly dir: string;

  constructor(dataDir: string) {
    this.dir = path.join(dataDir, 'files', 'avatars');
  }

  /**
   * Streams an upload to a temporary file while hashing it, checks the bytes are an image of
   * an allowed type, then moves it into place. Returns the stored name (`<hash>.<type>`).
   */
  async save(fileName: string, stream: Readable & { truncated?: boolean }): Promise<string> {
    if (!isAllowedUpload(fileName, 'image')) {
      throw badRequest('file', `must be an image of type jpg, jpeg, bmp, png or svg (got .${extensionOf(fileName) || 'none'})`);
    }
    fs.mkdirSync(this.dir, { recursive: true, mode: PRIVATE_FOLDER_MODE });
    const temp = path.join(this.dir, `.upload-${crypto.randomUUID()}`);
    const hash = crypto.createHash('sha256');
    let head = Buffer.alloc(0);
    stream.on('data', (chunk: Buffer) => {
      hash.update(chunk);
      if (head.length < 4096) head = Buffer.concat([head, chunk]).subarray(0, 4096);
    });
    try {
      await pipeline(stream, fs.createWriteStream(temp, { mode: PRIVATE_FILE_MODE }));
      if (stream.truncated) throw new AppError(413, ResultCode.PAYLOAD_TOO_LARGE, `file: the image is too large (at most ${formatSize(AVATAR_MAX_BYTES)})`);
      const type = imageTypeOf(head);
      if (!type) throw badRequest('file', 'the content is not a jpg, png, bmp or svg image');
      const name = `${hash.digest('hex')}.${type}`;
      fs.renameSync(temp, path.join(this.dir, name));
      return name;
    } finally {
      fs.rmSync(temp, { force: true });
    }
  }

  /** The path and content type of a stored avatar, or null for a name that is not one. */
  locate(name: string): { file: string; contentType: string } | null {
    const match = /^([0-9a-f]{64})\.(jpg|png|bmp|svg)$/.exec(name);
    if (!match) return null;
    const file = path.join(this.dir, name);
    return fs.existsSync(file) ? { file, contentType: CONTENT_TYPES[match[2]!]! } : null;
  }
}

import yauzl from 'yauzl';
import yazl from 'yazl';
import { BcfFileError } from './bcf-topics.ts';

/**
 * Limits on what a BCF zip may unpack to. A real file holds a few files per topic and snapshots
 * of some hundred kilobytes; these leave room for thousands of topics and stop a zip bomb
 * (a small archive that inflates to gigabytes) before it is inflated.
 */
export const BCF_ZIP_LIMITS = {
  maxEntries: 20_000,
  maxEntryBytes: 50 * 1024 * 1024,
  maxTotalBytes: 500 * 1024 * 1024,
  /** Deflate rarely beats 1:100 on XML and never on images; a bomb is 1:1000 and more. */
  maxRatio: 200,
};

export type BcfZipLimits = typeof BCF_ZIP_LIMITS;

/** A name that stays inside the folder it is unpacked in: relative, no `..`, no drive, no backslash. */
export function isSafeEntryName(name: string): boolean {
  if (!name || name.startsWith('/') || name.includes('\\') || /^[a-zA-Z]:/.test(name) || name.includes('\0')) return false;
  return name.split('/').every((part) => part !== '..' && part !== '.');
}

/** The files of a zip by name (folders left out), refused whole when it breaks a limit or names a path outside. */
export function readZipEntries(bytes: Buffer, limits: BcfZipLimits = BCF_ZIP_LIMITS): Promise<Map<string, Buffer>> {
  return new Promise((resolve, reject) => {
    // yauzl refuses `..` and absolute names itself when it decodes them; they are checked here
    // again so the rule does not hang on an option's default.
    yauzl.fromBuffer(bytes, { lazyEntries: true, validateEntrySizes: true, strictFileNames: false }, (openError, zip) => {
      if (openError) return reject(new BcfFileError('notZip', openError.message));
      if (zip.entryCount > limits.maxEntries) {
        zip.close();
        return reject(new BcfFileError('tooManyEntries', String(zip.entryCount)));
      }
      const entries = new Map<string, Buffer>();
      let total = 0;
      const fail = (error: Error) => {
        zip.close();
        reject(error);
      };
      zip.on('entry', (entry: yauzl.Entry) => {
        const name = entry.fileName;
        if (!isSafeEntryName(name)) return fail(new BcfFileError('unsafeName', name));
        if (name.endsWith('/')) return zip.readEntry();
        total += entry.uncompressedSize;
        if (entry.uncompressedSize > limits.maxEntryBytes || total > limits.maxTotalBytes) return fail(new BcfFileError('tooLarge', name));
        if (entry.compressedSize > 0 && entry.uncompressedSize / entry.compressedSize > limits.maxRatio && entry.uncompressedSize > 1024 * 1024) {
          return fail(new BcfFileError('tooLarge', `${name} inflates ${Math.round(entry.uncompressedSize / entry.compressedSize)} times`));
        }
        zip.openReadStream(entry, (streamError, stream) => {
          if (streamError) return fail(new BcfFileError('notZip', streamError.message));
          const chunks: Buffer[] = [];
          // validateEntrySizes stops a stream that inflates past its declared size.
          stream.on('data', (chunk: Buffer) => chunks.push(chunk));
          stream.on('error', (error: Error) => fail(new BcfFileError('notZip', error.message)));
          stream.on('end', () => {
            entries.set(name, Buffer.concat(chunks));
            zip.readEntry();
          });
        });
      });
      zip.on('error', (error: Error) => fail(new BcfFileError(/absolute path|relative path|invalid characters/i.test(error.message) ? 'unsafeName' : 'notZip', error.message)));
      zip.on('end', () => resolve(entries));
      zip.readEntry();
    });
  });
}

/** A zip of the given files, in the given order; images are stored as they are (deflating them gains nothing). */
export function writeZip(files: ReadonlyArray<{ name: string; bytes: Buffer }>, mtime: Date): Promise<Buffer> {
  const zip = new yazl.ZipFile();
  for (const file of files) zip.addBuffer(file.bytes, file.name, { mtime, compress: !/\.(png|jpe?g)$/i.test(file.name) });
  zip.end();
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    zip.outputStream.on('data', (chunk: Buffer) => chunks.push(chunk));
    zip.outputStream.on('error', reject);
    zip.outputStream.on('end', () => resolve(Buffer.concat(chunks)));
  });
}

import type { Readable } from 'node:stream';
import yazl from 'yazl';
import { freeName, safeFileName } from '../../../core/file-names.ts';
import { extensionOf } from '../../../core/upload-types.ts';
import type { BlobStore } from './blob-store.ts';
import type { FileObject } from './file-objects.ts';

/** Formats that are compressed already: deflating them again only costs time. */
const STORED_AS_IS = new Set(['jpg', 'jpeg', 'png', 'gif', 'webp', 'zip', 'rar', '7z', 'docx', 'xlsx', 'pptx', 'odt', 'ods', 'odp', 'mp4', 'mov', 'mp3']);

/** `name.zip`; the spec's default name (spec §8) when none is given. */
export function zipFileName(zipName: string | undefined): string {
  const name = zipName?.trim() || 'download';
  return extensionOf(name) === 'zip' ? name : `${name}.zip`;
}

/**
 * An entry's path (`folder/sub/name`) with each part a safe file name: nothing leads out of
 * the folder it is unpacked in, nothing disguises a name, names kept before the rule included.
 */
export const entryPath = (path: string) =>
  path
    .split('/')
    .map((part) => safeFileName(part) || '_')
    .join('/');

/** Entry names unique within the archive: a second `plan.pdf` becomes `plan (2).pdf`. */
export function uniqueEntryNames(names: readonly string[]): string[] {
  const taken = new Set<string>();
  return names.map((name) => {
    const candidate = freeName(entryPath(name), (c) => taken.has(c.toLowerCase()));
    taken.add(candidate.toLowerCase());
    return candidate;
  });
}

/**
 * A zip of the files, streamed: each blob is opened only when the archive reaches it, so a
 * long list does not hold a file handle per entry.
 */
export function zipStream(store: BlobStore, files: readonly FileObject[]): Readable {
  const zip = new yazl.ZipFile();
  const names = uniqueEntryNames(files.map((file) => file.name));
  files.forEach((file, i) => {
    const options = { size: Number(file.size), mtime: new Date(file.create_time), compress: !STORED_AS_IS.has(extensionOf(file.name)) };
    zip.addReadStreamLazy(names[i]!, options, (callback) => {
      store.open(file.sha256).then(
        (stream) => callback(null, stream),
        (error: unknown) => callback(error, null as never),
      );
    });
  });
  zip.end();
  return zip.outputStream as Readable;
}

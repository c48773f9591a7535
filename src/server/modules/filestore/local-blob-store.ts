import fs from 'node:fs';
import type { FileHandle } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { PRIVATE_FOLDER_MODE } from '../../private-files.ts';
import { BlobMissing, blobKey, StagingBlobStore, type ByteRange } from './blob-store.ts';
import { UploadArea, type StagedFile } from './upload-area.ts';

/** Blobs as files under `<root>/ab/cd/<sha256>`, beside the upload area (`tmp/`, `partial/`) on the same disk. */
export class LocalBlobStore extends StagingBlobStore {
  constructor(readonly root: string) {
    super(UploadArea.open(root));
  }

  pathOf(key: string): string {
    return path.join(this.root, ...key.split('/'));
  }

  /** A rename on the same disk is atomic, so a blob is whole or absent. */
  protected async keep(key: string, file: StagedFile): Promise<void> {
    const target = this.pathOf(key);
    await fs.promises.mkdir(path.dirname(target), { recursive: true, mode: PRIVATE_FOLDER_MODE });
    // Same content already kept: the new copy is simply dropped.
    if (fs.existsSync(target)) await this.uploads.drop(file);
    else await fs.promises.rename(file.path, target);
  }

  protected async has(key: string): Promise<boolean> {
    return fs.existsSync(this.pathOf(key));
  }

  protected async read(key: string, range?: ByteRange): Promise<Readable> {
    const handle = await this.openKey(key);
    // The stream closes the handle when it ends or is destroyed.
    return handle.createReadStream(range ? { start: range.start, end: range.end } : {});
  }

  protected async erase(key: string): Promise<void> {
    await fs.promises.rm(this.pathOf(key), { force: true });
  }

  override openFile(sha256: string): Promise<FileHandle> {
    return this.openKey(blobKey(sha256));
  }

  private async openKey(key: string): Promise<FileHandle> {
    try {
      return await fs.promises.open(this.pathOf(key), 'r');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') throw new BlobMissing(key);
      throw error;
    }
  }
}

import { makeAutoObservable, runInAction } from 'mobx';
import type { FileInfo } from '../../../../core/contracts/files.ts';
import { ApiError } from '../../../api/api-error.ts';

export type PhotoState = 'uploading' | 'retrying' | 'done' | 'failed';

export interface PhotoUpload {
  key: number;
  file: File;
  /** What the <img> shows before the server has it. */
  preview: string;
  percent: number;
  state: PhotoState;
  attempt: number;
  fileId: string | null;
  error: string;
}

/** Tries of one photo before it waits for the person's retry. */
export const PHOTO_ATTEMPTS = 4;
const RETRY_BASE_MS = 1000;

/** Whether a failed upload is worth sending again: the connection dropped or timed out, or the server was busy. */
export const retryable = (error: unknown) =>
  error instanceof ApiError && (error.kind === 'network' || error.kind === 'timeout' || (error.kind === 'http' && error.status >= 500));

export interface PhotoUploadDeps {
  upload: (file: File, onProgress: (percent: number) => void) => Promise<FileInfo>;
  /** Waits between attempts; tests pass a quicker one. */
  pause?: (ms: number) => Promise<void>;
  describe: (error: unknown) => string;
}

/**
 * The photos of a follow-up being written, each sent to the file store as soon as it is chosen
 * with its progress; a dropped connection is tried again by itself (a large photo resumes in
 * chunks through the file store's own session), and after PHOTO_ATTEMPTS waits for "retry".
 */
export class PhotoUploads {
  items: PhotoUpload[] = [];
  private next = 1;

  constructor(private readonly deps: PhotoUploadDeps) {
    makeAutoObservable<PhotoUploads, 'deps' | 'next'>(this, { deps: false, next: false });
  }

  add(files: readonly File[]): void {
    for (const file of files) {
      const item: PhotoUpload = { key: this.next++, file, preview: URL.createObjectURL(file), percent: 0, state: 'uploading', attempt: 0, fileId: null, error: '' };
      this.items.push(item);
      void this.send(item.key);
    }
  }

  remove(key: number): void {
    const item = this.items.find((each) => each.key === key);
    if (item) URL.revokeObjectURL(item.preview);
    this.items = this.items.filter((each) => each.key !== key);
  }

  retry(key: number): void {
    const item = this.items.find((each) => each.key === key);
    if (item && item.state === 'failed') void this.send(key, true);
  }

  /** Ids of the photos the server holds. */
  get fileIds(): string[] {
    return this.items.flatMap((item) => (item.fileId ? [item.fileId] : []));
  }

  get busy(): boolean {
    return this.items.some((item) => item.state === 'uploading' || item.state === 'retrying');
  }

  get failed(): boolean {
    return this.items.some((item) => item.state === 'failed');
  }

  /** Forgets the photos once they belong to a saved follow-up. */
  clear(): void {
    for (const item of this.items) URL.revokeObjectURL(item.preview);
    this.items = [];
  }

  private update(key: number, change: Partial<PhotoUpload>): void {
    this.items = this.items.map((item) => (item.key === key ? { ...item, ...change } : item));
  }

  private async send(key: number, fresh = false): Promise<void> {
    const pause = this.deps.pause ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
    if (fresh) this.update(key, { attempt: 0 });
    for (;;) {
      const item = this.items.find((each) => each.key === key);
      if (!item) return;
      const attempt = item.attempt + 1;
      this.update(key, { attempt, state: attempt > 1 ? 'retrying' : 'uploading', percent: 0, error: '' });
      try {
        const info = await this.deps.upload(item.file, (percent) => runInAction(() => this.update(key, { percent })));
        this.update(key, { state: 'done', percent: 100, fileId: info.fileId });
        return;
      } catch (error) {
        if (!retryable(error) || attempt >= PHOTO_ATTEMPTS) {
          this.update(key, { state: 'failed', error: this.deps.describe(error) });
          return;
        }
        await pause(RETRY_BASE_MS * 2 ** (attempt - 1));
      }
    }
  }
}

import { makeAutoObservable, runInAction } from 'mobx';
import type { DrawingUpload } from '../../../../core/contracts/drawings.ts';
import { messageOf } from '../../../api/error-message.ts';
import type { DrawingApi } from '../../../drawing-kit/drawing-api.ts';
import { drawingFileProblem } from '../shared/drawing-files.ts';

/** How often the list of uploads is read again while one is still being processed. */
export const PROCESSING_POLL_MS = 2000;

const active = (upload: DrawingUpload) => upload.status === 'queued' || upload.status === 'running';

/** What the store needs of the browser and the shell; the screen passes the real ones, a test its own. */
export interface ProcessingEnv {
  /** Sends one file to the file store (its bytes' progress shows in the shell's upload panel). */
  upload(file: File): Promise<{ fileId: string }>;
  /** Called once uploads finish processing, so the register and the count of what waits are read again. */
  settled(): void;
  /** A file that could not be sent or handed over, named in the sentence. */
  refused(text: string): void;
  t: (key: string, values?: Record<string, unknown>) => string;
  setTimer?: (run: () => void, ms: number) => unknown;
  clearTimer?: (timer: unknown) => void;
}

/**
 * The drawing files the caller sends to a workspace and their processing on the server:
 * each file goes to the file store (the shell's upload panel shows its bytes), then to
 * `drawing/upload`, which answers one upload per file; while any is queued or running, the
 * caller's uploads are read again every two seconds. The list shows what is still being
 * processed and what finished or failed since the screen opened.
 */
export class ProcessingStore {
  uploads: DrawingUpload[] = [];
  /** Files still on their way to the file store. */
  sending = 0;
  /** Uploads seen here while processing (or sent from here): they stay listed once they finish. */
  private followed = new Set<number>();
  private hidden = new Set<number>();
  private timer: unknown = null;
  private stopped = false;

  constructor(
    private readonly api: DrawingApi,
    private readonly workspaceCode: string,
    private readonly env: ProcessingEnv,
  ) {
    makeAutoObservable<ProcessingStore, 'api' | 'workspaceCode' | 'env' | 'timer' | 'stopped'>(this, {
      api: false,
      workspaceCode: false,
      env: false,
      timer: false,
      stopped: false,
    });
  }

  /** What the list shows: uploads being processed, and those that finished while the screen was open. */
  get shown(): DrawingUpload[] {
    return this.uploads.filter((upload) => !this.hidden.has(upload.id) && (active(upload) || this.followed.has(upload.id)));
  }

  get running(): boolean {
    return this.sending > 0 || this.uploads.some(active);
  }

  get finishedShown(): boolean {
    return this.shown.some((upload) => !active(upload));
  }

  /** Reads the caller's uploads; keeps reading while some are processed. */
  async start(): Promise<void> {
    this.stopped = false;
    await this.poll();
  }

  stop(): void {
    this.stopped = true;
    if (this.timer !== null) (this.env.clearTimer ?? clearTimeout)(this.timer as ReturnType<typeof setTimeout>);
    this.timer = null;
  }

  /** Sends the files; a file that is not a drawing, or fails on its way, is told by name and stops no other. */
  async send(files: readonly File[], setId: number | null): Promise<void> {
    const accepted: File[] = [];
    for (const file of files) {
      const problem = drawingFileProblem(file);
      if (problem) this.env.refused(this.env.t(`drawings:problem.${problem}`, { file: file.name }));
      else accepted.push(file);
    }
    if (!accepted.length) return;
    runInAction(() => (this.sending += accepted.length));
    await Promise.all(
      accepted.map(async (file) => {
        try {
          const { fileId } = await this.env.upload(file);
          const { uploads } = await this.api.upload(this.workspaceCode, setId, [fileId]);
          this.received(uploads);
        } catch (failure) {
          this.env.refused(this.env.t('drawings:upload.sendFailed', { file: file.name, reason: messageOf(failure, this.env.t('drawings:failed')) }));
        } finally {
          runInAction(() => (this.sending -= 1));
        }
      }),
    );
    await this.poll();
  }

  /** An upload's news pushed over the event stream: shown at once, without waiting for the next reading. */
  live(upload: DrawingUpload): void {
    const known = this.uploads.find((u) => u.id === upload.id);
    if (active(upload)) this.followed.add(upload.id);
    else if (!known || !active(known)) return;
    this.uploads = known ? this.uploads.map((u) => (u.id === upload.id ? upload : u)) : [upload, ...this.uploads];
    if (!active(upload)) this.env.settled();
    // Something runs that the readings did not know of yet: they follow it from now on.
    else if (this.timer === null && !this.stopped) this.timer = (this.env.setTimer ?? setTimeout)(() => void this.poll(), PROCESSING_POLL_MS);
  }

  /** Takes the finished ones off the list. */
  clearFinished(): void {
    for (const upload of this.uploads) if (!active(upload)) this.hidden.add(upload.id);
  }

  private received(uploads: readonly DrawingUpload[]): void {
    const ids = new Set(uploads.map((u) => u.id));
    for (const id of ids) this.followed.add(id);
    this.uploads = [...uploads, ...this.uploads.filter((u) => !ids.has(u.id))];
    // A file the server took in at once (nothing to wait for) shows in the register straight away.
    if (uploads.some((u) => !active(u))) this.env.settled();
  }

  private async poll(): Promise<void> {
    if (this.timer !== null) (this.env.clearTimer ?? clearTimeout)(this.timer as ReturnType<typeof setTimeout>);
    this.timer = null;
    let list: DrawingUpload[];
    try {
      list = await this.api.uploads(this.workspaceCode);
    } catch {
      // A missed reading is tried again at the next tick, while something is known to run.
      list = this.uploads;
    }
    if (this.stopped) return;
    const wasActive = new Set(this.uploads.filter(active).map((u) => u.id));
    const finishedNow = list.some((u) => !active(u) && wasActive.has(u.id));
    runInAction(() => {
      for (const upload of list) if (active(upload)) this.followed.add(upload.id);
      // Uploads the server no longer lists (older than its recent ones) but this screen sent stay.
      const ids = new Set(list.map((u) => u.id));
      this.uploads = [...list, ...this.uploads.filter((u) => !ids.has(u.id) && this.followed.has(u.id))];
    });
    if (finishedNow) this.env.settled();
    if (this.running) this.timer = (this.env.setTimer ?? setTimeout)(() => void this.poll(), PROCESSING_POLL_MS);
  }
}

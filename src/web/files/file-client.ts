import { FILESTORE_PREFIX, RESUMABLE_FROM_BYTES, UPLOAD_CHUNK_BYTES, type FileInfo, type UploadSession } from '../../core/contracts/files.ts';
import { ApiError } from '../api/api-error.ts';
import type { Http } from '../api/endpoints.ts';
import { saveDownload } from '../api/download.ts';
import type { UploadFunction, UploadOptions } from '../api/upload.ts';

export interface UploadFileOptions {
  /**
   * Whole percent 0–100 as the bytes leave the browser. A file of RESUMABLE_FROM_BYTES or more
   * goes in chunks that survive a dropped connection (see the file store's upload sessions).
   */
  onProgress?: (percent: number) => void;
  /** Aborting cancels the transfer; the promise rejects and nothing is kept. */
  signal?: AbortSignal;
  /** `image`: the server takes only jpg, jpeg, bmp, png and svg whose bytes are that image. */
  kind?: 'image' | 'file';
  /** Extensions the caller allows (a form field's `accept`); the server checks them again. */
  accept?: readonly string[];
  showErrorToast?: boolean;
}

export interface FileClientDeps {
  /** The multipart upload of the request layer (the shell's tracked one shows the upload panel). */
  upload: <T>(path: string, file: File, options: UploadOptions) => Promise<T>;
  /** The same request layer, untracked: one chunk of a resumable upload. */
  send: UploadFunction;
  /** Shows a many-request transfer of `file` as one entry of the upload panel. */
  track<T>(file: File, onProgress: ((percent: number) => void) | undefined, run: (report: (percent: number) => void) => Promise<T>): Promise<T>;
  /** Waits between attempts after a dropped chunk; tests pass a quicker one. */
  pause?: (ms: number) => Promise<void>;
  http: Http;
  /** Page origin plus `/api`. */
  baseUrl: string;
  getToken(): string | null;
}

/** The browser's side of the file store (src/server/modules/filestore). */
export interface FileClient {
  uploadFile(file: File, options?: UploadFileOptions): Promise<FileInfo>;
  /**
   * Where an <img> or <a> loads the file: they cannot send the token header, so it goes in the
   * query (the server accepts it there for downloads only). `inline` shows images in the page.
   */
  fileUrl(fileId: string, options?: { inline?: boolean }): string;
  /** Name, size and type of files by id; ids the user's tenant does not hold are left out. */
  fileInfo(fileIds: readonly string[]): Promise<FileInfo[]>;
  /** Saves one zip of the files; answers the name it was saved under. */
  downloadZip(fileIds: readonly string[], zipName?: string): Promise<string>;
}

const SESSION = `${FILESTORE_PREFIX}/file/upload/session`;
/** Attempts of one chunk before the upload gives up (each after asking how far the server got). */
const CHUNK_ATTEMPTS = 6;
const RETRY_BASE_MS = 1000;

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Whether a failed chunk is worth sending again: the connection dropped or timed out, or the server was busy or elsewhere. */
const retryable = (error: unknown) =>
  error instanceof ApiError && (error.kind === 'network' || error.kind === 'timeout' || (error.kind === 'http' && (error.status === 409 || error.status >= 500)));

/**
 * A large file in chunks through an upload session: a chunk lost to a dropped connection is
 * sent again from where the server says it got to, with a growing pause; aborting cancels the
 * session on the server.
 */
async function uploadResumable(deps: FileClientDeps, file: File, options: UploadFileOptions, report: (percent: number) => void): Promise<FileInfo> {
  const quiet = { showErrorToast: options.showErrorToast };
  const session = await deps.http.post<UploadSession>(
    SESSION,
    { name: file.name, size: file.size, ...(options.kind ? { kind: options.kind } : {}), ...(options.accept?.length ? { accept: options.accept.join(',') } : {}) },
    quiet,
  );
  const path = `${SESSION}/${session.uploadId}`;
  const pause = deps.pause ?? wait;
  let received = session.received;
  let failures = 0;
  try {
    while (received < file.size) {
      const start = received;
      const piece = file.slice(start, start + UPLOAD_CHUNK_BYTES);
      try {
        const answer = await deps.send<UploadSession>(path, piece, {
          chunk: { headers: { 'upload-offset': String(start) } },
          signal: options.signal,
          showErrorToast: false,
          onProgress: (percent) => report(Math.floor(((start + (piece.size * percent) / 100) / file.size) * 100)),
        });
        received = answer.received;
        failures = 0;
      } catch (error) {
        if (options.signal?.aborted || !retryable(error) || ++failures >= CHUNK_ATTEMPTS) throw error;
        await pause(RETRY_BASE_MS * 2 ** (failures - 1));
        received = (await deps.http.get<UploadSession>(path, undefined, { showErrorToast: false })).received;
      }
    }
    return await deps.http.post<FileInfo>(`${path}/complete`, undefined, quiet);
  } catch (error) {
    if (options.signal?.aborted) void deps.http.post(`${path}/cancel`, undefined, { showErrorToast: false }).catch(() => undefined);
    throw error;
  }
}

export function createFileClient(deps: FileClientDeps): FileClient {
  return {
    uploadFile(file, options = {}) {
      if (file.size >= RESUMABLE_FROM_BYTES) return deps.track(file, options.onProgress, (report) => uploadResumable(deps, file, options, report));
      const fields: Record<string, string> = {};
      if (options.kind) fields.kind = options.kind;
      if (options.accept?.length) fields.accept = options.accept.join(',');
      return deps.upload<FileInfo>(`${FILESTORE_PREFIX}/file/upload`, file, {
        fields,
        onProgress: options.onProgress,
        signal: options.signal,
        showErrorToast: options.showErrorToast,
      });
    },

    fileUrl(fileId, options = {}) {
      const query = new URLSearchParams();
      if (options.inline) query.set('inline', '1');
      query.set('token', deps.getToken() ?? '');
      return `${deps.baseUrl}${FILESTORE_PREFIX}/file/${encodeURIComponent(fileId)}?${query.toString()}`;
    },

    fileInfo: (fileIds) => (fileIds.length ? deps.http.post<FileInfo[]>(`${FILESTORE_PREFIX}/feign/file`, { fileIds }) : Promise.resolve([])),

    async downloadZip(fileIds, zipName) {
      const answer = await deps.http.post(`${FILESTORE_PREFIX}/file/downloadZip`, { fileIds, zipName }, { responseType: 'blob' });
      return saveDownload(answer);
    },
  };
}

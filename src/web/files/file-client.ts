import { FILESTORE_PREFIX, type FileInfo } from '../../core/contracts/files.ts';
import type { Http } from '../api/endpoints.ts';
import { saveDownload } from '../api/download.ts';
import type { UploadOptions } from '../api/upload.ts';

export interface UploadFileOptions {
  /** Whole percent 0–100 as the bytes leave the browser. */
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

export function createFileClient(deps: FileClientDeps): FileClient {
  return {
    uploadFile(file, options = {}) {
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

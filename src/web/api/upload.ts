import { REQUEST_TIMEOUT_MS } from './api-constants.ts';
import { isHeaderSafe } from './header-token.ts';
import { createOutcomes, parseJson } from './outcome.ts';
import { buildUrl } from './query-string.ts';
import type { CommonRequestOptions, RequestDeps } from './request-types.ts';

export interface UploadOptions extends Omit<CommonRequestOptions, 'headers'> {
  /** Sent after `file`, in this order (e.g. the BIM upload's `fileName`). */
  fields?: Record<string, string | Blob>;
  /**
   * A chunk of a resumable upload: the bytes themselves as `application/octet-stream`, with
   * PUT and the headers given (`upload-offset`), instead of a multipart form.
   */
  chunk?: { headers: Record<string, string> };
  /** The name given to the `file` part; defaults to the File's own name. */
  fileName?: string;
  /** Upload progress, whole percent 0–100. */
  onProgress?: (percent: number) => void;
}

export interface UploadDeps extends RequestDeps {
  /** Tests pass a fake; the browser's XMLHttpRequest otherwise (fetch reports no upload progress). */
  createXhr?: () => XMLHttpRequest;
}

export type UploadFunction = <T = unknown>(path: string, file: Blob, options?: UploadOptions) => Promise<T>;

function percent(loaded: number, total: number): number {
  return Math.min(100, Math.max(0, Math.round((loaded / total) * 100)));
}

async function responseText(xhr: XMLHttpRequest): Promise<string> {
  const response: unknown = xhr.response;
  if (response instanceof Blob) return response.text();
  return typeof response === 'string' ? response : '';
}

/**
 * Multipart uploads (spec §7): field `file` plus extra fields, the token header, progress
 * reports, and the answer (a blob) parsed as JSON and handled by the same rules as every call.
 * With `chunk`, one piece of a resumable upload, sent as raw bytes.
 */
export function createUpload(deps: UploadDeps): UploadFunction {
  const outcomes = createOutcomes(deps);
  const createXhr = deps.createXhr ?? (() => new XMLHttpRequest());

  return <T>(path: string, file: Blob, options: UploadOptions = {}): Promise<T> => {
    const token = deps.getToken() ?? '';
    if (!isHeaderSafe(token)) return Promise.reject(outcomes.invalidToken());

    const { chunk } = options;
    let body: Blob | FormData = file;
    if (!chunk) {
      const form = new FormData();
      const fileName = options.fileName ?? (file instanceof File ? file.name : 'file');
      form.append('file', file, fileName);
      for (const [name, value] of Object.entries(options.fields ?? {})) form.append(name, value);
      body = form;
    }

    return new Promise<T>((resolve, reject) => {
      const xhr = createXhr();
      xhr.open(chunk ? 'PUT' : 'POST', buildUrl(deps.baseUrl, path));
      xhr.setRequestHeader('token', token);
      if (chunk) {
        xhr.setRequestHeader('content-type', 'application/octet-stream');
        for (const [name, value] of Object.entries(chunk.headers)) xhr.setRequestHeader(name, value);
      }
      xhr.responseType = 'blob';
      xhr.timeout = deps.timeoutMs ?? REQUEST_TIMEOUT_MS;

      const report = options.onProgress;
      if (report) {
        xhr.upload.onprogress = (event) => {
          if (event.lengthComputable && event.total > 0) report(percent(event.loaded, event.total));
        };
        xhr.upload.onload = () => report(100);
      }
      const abortFromSignal = () => xhr.abort();
      options.signal?.addEventListener('abort', abortFromSignal, { once: true });
      const done = () => options.signal?.removeEventListener('abort', abortFromSignal);

      xhr.onload = () => {
        done();
        responseText(xhr)
          .then((text) => resolve(outcomes.settle<T>(xhr.status, parseJson(text), options)))
          .catch(reject);
      };
      xhr.onerror = () => {
        done();
        reject(outcomes.noAnswer('network', options));
      };
      xhr.ontimeout = () => {
        done();
        reject(outcomes.noAnswer('timeout', options));
      };
      xhr.onabort = () => {
        done();
        reject(outcomes.noAnswer('aborted', options));
      };

      if (options.signal?.aborted) xhr.abort();
      else {
        report?.(0);
        xhr.send(body);
      }
    });
  };
}

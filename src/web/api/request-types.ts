/** What the request layer needs from the application, and what callers may ask of it. */

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

export interface RequestDeps {
  /** Page origin plus `/api`, e.g. `https://plinth.example/api`. */
  baseUrl: string;
  getToken(): string | null;
  /** Clears the token cookie, stored user, workspace and session state, and resets the stores. */
  signOut(): void;
  navigate(url: string): void;
  /** pathname + search of the page now shown. */
  currentPath(): string;
  showError(message: string, seconds: number): void;
  closeToasts(): void;
  /** The server refused an action (HTTP 403): what the screen offers may be out of date. */
  onForbidden?(): void;
  /** Defaults to REQUEST_TIMEOUT_MS. */
  timeoutMs?: number;
}

export interface CommonRequestOptions {
  /** Spec §8: false keeps failures quiet (the caller shows them); sign-out messages still show. */
  showErrorToast?: boolean;
  signal?: AbortSignal;
  /** Extra headers; `token` is always set by the request layer. */
  headers?: Record<string, string>;
}

export interface JsonRequestOptions extends CommonRequestOptions {
  responseType?: 'json';
}

export interface BlobRequestOptions extends CommonRequestOptions {
  responseType: 'blob';
}

export type RequestOptions = JsonRequestOptions | BlobRequestOptions;

/** A successful blob answer; the headers carry the file name (see download.ts). */
export interface BlobResponse {
  blob: Blob;
  headers: Headers;
  status: number;
}

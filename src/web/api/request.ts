import { API_HOSTS_META, apiOriginFor, parseApiHostRules, type ApiHostRule } from '../../core/api-hosts.ts';
import { REQUEST_TIMEOUT_MS } from './api-constants.ts';
import { ApiError } from './api-error.ts';
import { isHeaderSafe } from './header-token.ts';
import { createOutcomes, isEnvelope, parseJson, type Outcomes } from './outcome.ts';
import { buildUrl, toQueryString, type QueryParams } from './query-string.ts';
import type {
  BlobRequestOptions,
  BlobResponse,
  HttpMethod,
  JsonRequestOptions,
  RequestDeps,
  RequestOptions,
} from './request-types.ts';

export { ApiError, type ApiErrorKind } from './api-error.ts';
export {
  ERROR_TOAST_SECONDS,
  INVALID_TOKEN_MESSAGE,
  NETWORK_ERROR_MESSAGE,
  NOT_LOGGED_IN_MESSAGE,
  REQUEST_TIMEOUT_MS,
  SYSTEM_ERROR_MESSAGE,
  TIMEOUT_MESSAGE,
} from './api-constants.ts';
export type * from './request-types.ts';

/** The build the page runs: Vite's mode (`production`, `development`, `test`…). */
const BUILD: string = (import.meta as { env?: { MODE?: string } }).env?.MODE ?? 'production';

/** The API hosts table the server wrote into index.html (spec §9); none: every page calls its own origin. */
function pageApiHosts(): ApiHostRule[] {
  const content = globalThis.document?.querySelector<HTMLMetaElement>(`meta[name="${API_HOSTS_META}"]`)?.content;
  if (!content) return [];
  try {
    return parseApiHostRules({ rules: JSON.parse(content) as unknown });
  } catch {
    return [];
  }
}

/**
 * Spec §7 and §9: the API lives under the page's origin at /api, unless the hosts table names
 * another host for the page's hostname and build (`vip.` and `viphk.` production hosts, test hosts).
 */
export function apiBaseUrl(origin: string = globalThis.location.origin, rules: readonly ApiHostRule[] = pageApiHosts(), build: string = BUILD): string {
  const base = apiOriginFor(rules, new URL(origin).hostname, build) ?? origin;
  return `${base.replace(/\/+$/, '')}/api`;
}

export interface RequestFunction {
  (method: HttpMethod, path: string, payload: unknown, options: BlobRequestOptions): Promise<BlobResponse>;
  <T = unknown>(method: HttpMethod, path: string, payload?: unknown, options?: JsonRequestOptions): Promise<T>;
}

export interface MethodFunction {
  (path: string, payload: unknown, options: BlobRequestOptions): Promise<BlobResponse>;
  <T = unknown>(path: string, payload?: unknown, options?: JsonRequestOptions): Promise<T>;
}

export interface ApiClient {
  request: RequestFunction;
  get: MethodFunction;
  post: MethodFunction;
  put: MethodFunction;
  del: MethodFunction;
}

const TIMED_OUT = new Error('timeout');

function requestBody(method: HttpMethod, payload: unknown, headers: Headers): BodyInit | undefined {
  if (method === 'GET' || payload === undefined) return undefined;
  if (payload instanceof FormData || payload instanceof Blob || payload instanceof URLSearchParams) return payload;
  headers.set('content-type', 'application/json');
  return JSON.stringify(payload);
}

function isJsonContent(response: Response): boolean {
  return /\bjson\b/i.test(response.headers.get('content-type') ?? '');
}

/**
 * A blob answer (spec §8): a 2xx file is returned as is; a non-2xx body, or a 2xx JSON envelope
 * with `success: false`, is read as text and parsed as JSON, and 'System error' shows if that fails.
 */
async function readBlob(response: Response, outcomes: Outcomes, options: RequestOptions): Promise<BlobResponse> {
  const ok = response.status >= 200 && response.status < 300;
  if (ok && !isJsonContent(response)) return { blob: await response.blob(), headers: response.headers, status: response.status };
  const text = await response.text();
  const body = parseJson(text);
  if (ok && !(isEnvelope(body) && !body.success)) {
    const type = response.headers.get('content-type') ?? '';
    return { blob: new Blob([text], { type }), headers: response.headers, status: response.status };
  }
  return outcomes.settle<never>(response.status, body, options);
}

/** The request layer of spec §7–9 over the global fetch. */
export function createRequest(deps: RequestDeps): ApiClient {
  const outcomes = createOutcomes(deps);
  const timeoutMs = deps.timeoutMs ?? REQUEST_TIMEOUT_MS;

  async function send(method: HttpMethod, path: string, payload?: unknown, options: RequestOptions = {}): Promise<unknown> {
    const token = deps.getToken() ?? '';
    if (!isHeaderSafe(token)) throw outcomes.invalidToken();

    const query = method === 'GET' ? toQueryString(payload as QueryParams | URLSearchParams | undefined) : '';
    const headers = new Headers(options.headers);
    headers.set('token', token);
    const body = requestBody(method, payload, headers);

    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(TIMED_OUT), timeoutMs);
    const forwardAbort = () => controller.abort(options.signal?.reason);
    if (options.signal?.aborted) forwardAbort();
    else options.signal?.addEventListener('abort', forwardAbort, { once: true });

    try {
      const response = await fetch(buildUrl(deps.baseUrl, path, query), { method, headers, body, signal: controller.signal });
      if (options.responseType === 'blob') return await readBlob(response, outcomes, options);
      return outcomes.settle(response.status, parseJson(await response.text()), options);
    } catch (error) {
      if (error instanceof ApiError) throw error;
      // fetch rejects with a TypeError for network failures and an AbortError for aborts.
      const reason = !controller.signal.aborted ? 'network' : controller.signal.reason === TIMED_OUT ? 'timeout' : 'aborted';
      throw outcomes.noAnswer(reason, options);
    } finally {
      clearTimeout(timer);
      options.signal?.removeEventListener('abort', forwardAbort);
    }
  }

  const request = send as RequestFunction;
  const verb =
    (method: HttpMethod): MethodFunction =>
    (path: string, payload?: unknown, options?: RequestOptions) =>
      send(method, path, payload, options) as never;

  return { request, get: verb('GET'), post: verb('POST'), put: verb('PUT'), del: verb('DELETE') };
}

import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Http } from '../../../src/web/api/endpoints.ts';
import {
  ApiError,
  apiBaseUrl,
  createRequest,
  ERROR_TOAST_SECONDS,
  REQUEST_TIMEOUT_MS,
  type RequestDeps,
} from '../../../src/web/api/request.ts';

const BASE = 'https://plinth.example/api';
const PAGE = '/table/formData?id=3&q=a b';
/** PAGE encoded twice, written out so the test does not share the code under test. */
const LOGIN_REDIRECT = '/login?path=%252Ftable%252FformData%253Fid%253D3%2526q%253Da%2520b';

type FetchMock = ReturnType<typeof vi.fn<typeof fetch>>;

let fetchMock: FetchMock;
let effects: string[];
let token: string | null;
let page: string;

function deps(overrides: Partial<RequestDeps> = {}): RequestDeps {
  return {
    baseUrl: BASE,
    getToken: () => token,
    signOut: () => effects.push('signOut'),
    navigate: (url) => effects.push(`navigate ${url}`),
    currentPath: () => page,
    showError: (message, seconds) => effects.push(`error ${message} ${seconds}s`),
    closeToasts: () => effects.push('closeToasts'),
    ...overrides,
  };
}

function json(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });
}

const ok = (data: unknown) => json({ success: true, code: 200, message: 'OK', data });

function sent(index = 0): { url: string; method: string; headers: Headers; body: unknown } {
  const [input, init] = fetchMock.mock.calls[index] ?? [];
  return { url: input instanceof Request ? input.url : String(input), method: init?.method ?? 'GET', headers: new Headers(init?.headers), body: init?.body };
}

async function failure(promise: Promise<unknown>): Promise<ApiError> {
  const error = await promise.then(
    () => null,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(ApiError);
  return error as ApiError;
}

/** A fetch that never answers but honours its abort signal, like the real one. */
function hangingFetch(): FetchMock {
  return vi.fn<typeof fetch>(
    (_input, init) =>
      new Promise((_resolve, reject) => {
        init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
      }),
  );
}

beforeEach(() => {
  fetchMock = vi.fn<typeof fetch>(async () => ok(null));
  vi.stubGlobal('fetch', fetchMock);
  effects = [];
  token = 'tenant-token';
  page = PAGE;
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('constants (spec §9)', () => {
  it('times out after 3,000,000 ms and shows errors for 3 s', () => {
    expect(REQUEST_TIMEOUT_MS).toBe(3_000_000);
    expect(ERROR_TOAST_SECONDS).toBe(3);
  });

  it('the API base is the page origin plus /api', () => {
    expect(apiBaseUrl('https://plinth.example')).toBe('https://plinth.example/api');
    expect(apiBaseUrl('http://localhost:5173/')).toBe('http://localhost:5173/api');
  });
});

describe('what is sent (spec §7)', () => {
  it.each(['GET', 'POST', 'PUT', 'DELETE'] as const)('%s sends the token header', async (method) => {
    await createRequest(deps()).request(method, '/proptech_allplan/x', method === 'GET' ? undefined : {});
    expect(sent().method).toBe(method);
    expect(sent().headers.get('token')).toBe('tenant-token');
  });

  it('sends an empty token header when signed out', async () => {
    token = null;
    await createRequest(deps()).get('/proptech_allplan/login/list/tenant');
    expect(sent().headers.has('token')).toBe(true);
    expect(sent().headers.get('token')).toBe('');
  });

  it('GET sends the payload as a query string and no body', async () => {
    await createRequest(deps()).get('/proptech_allplan/resource/module/functionPoints', {
      menuId: 12,
      nodeId: undefined,
      notifyType: null,
      name: 'a b&c=d/中',
      ids: [1, 2],
      read: false,
    });
    const request = sent();
    expect(request.url).toBe(
      `${BASE}/proptech_allplan/resource/module/functionPoints?menuId=12&name=a%20b%26c%3Dd%2F%E4%B8%AD&ids=1&ids=2&read=false`,
    );
    expect(request.body).toBeUndefined();
    expect(request.headers.has('content-type')).toBe(false);
  });

  it('GET without a payload has no query; a path with a query is extended', async () => {
    const { get } = createRequest(deps());
    await get('/proptech_allplan/address/province/all');
    await get('proptech_allplan/address/sub?level=2', { parentId: 5 });
    expect(sent(0).url).toBe(`${BASE}/proptech_allplan/address/province/all`);
    expect(sent(1).url).toBe(`${BASE}/proptech_allplan/address/sub?level=2&parentId=5`);
  });

  it.each([
    ['post', 'POST'],
    ['put', 'PUT'],
    ['del', 'DELETE'],
  ] as const)('%s sends the payload as a JSON body', async (helper, method) => {
    const payload = { id: 4, notifyType: null, name: 'x' };
    await createRequest(deps())[helper]('/proptech_notify/notify/mark', payload);
    const request = sent();
    expect(request.method).toBe(method);
    expect(request.url).toBe(`${BASE}/proptech_notify/notify/mark`);
    expect(request.body).toBe(JSON.stringify(payload));
    expect(request.headers.get('content-type')).toBe('application/json');
  });

  it('POST without a payload sends no body and no content type', async () => {
    await createRequest(deps()).post('/proptech_allplan/login/logout');
    expect(sent().body).toBeUndefined();
    expect(sent().headers.has('content-type')).toBe(false);
  });

  it('passes FormData through untouched', async () => {
    const form = new FormData();
    form.append('file', new Blob(['x']), 'x.txt');
    await createRequest(deps()).post('/proptech_allplan/flowFile/field/import', form);
    expect(sent().body).toBe(form);
    expect(sent().headers.has('content-type')).toBe(false);
  });

  it('keeps extra headers but always sets its own token', async () => {
    await createRequest(deps()).get('/x', undefined, { headers: { 'accept-language': 'en', token: 'forged' } });
    expect(sent().headers.get('accept-language')).toBe('en');
    expect(sent().headers.get('token')).toBe('tenant-token');
  });
});

describe('the envelope (spec §8)', () => {
  it('success true resolves with data', async () => {
    fetchMock.mockResolvedValueOnce(ok({ tenantId: 1 }));
    await expect(createRequest(deps()).get('/x')).resolves.toEqual({ tenantId: 1 });
    expect(effects).toEqual([]);
  });

  it('success false shows the server message for 3 s and rejects with code, message and status', async () => {
    fetchMock.mockResolvedValueOnce(json({ success: false, code: 4001, message: 'Workspace is archived', data: null }));
    const error = await failure(createRequest(deps()).post('/x', {}));
    expect(error).toMatchObject({ kind: 'envelope', code: 4001, status: 200, message: 'Workspace is archived' });
    expect(effects).toEqual(['error Workspace is archived 3s']);
  });

  it('showErrorToast false keeps the failure quiet', async () => {
    fetchMock.mockResolvedValueOnce(json({ success: false, code: 400, message: 'email: bad', data: null }, 400));
    const error = await failure(createRequest(deps()).get('/x', { email: 'a' }, { showErrorToast: false }));
    expect(error).toMatchObject({ kind: 'http', code: 400, status: 400, message: 'email: bad' });
    expect(effects).toEqual([]);
  });

  it.each([
    [12001, 401],
    [110003, 401],
    [12001, 200],
    [110003, 200],
  ])('code %s (HTTP %s) is "Sorry, you are not logged in" and signs out', async (code, status) => {
    fetchMock.mockResolvedValueOnce(json({ success: false, code, message: 'Token expired', data: null }, status));
    const error = await failure(createRequest(deps()).get('/x', undefined, { showErrorToast: false }));
    expect(error).toMatchObject({ kind: 'signed-out', code, status, message: 'Sorry, you are not logged in' });
    expect(effects).toEqual(['closeToasts', 'signOut', 'error Sorry, you are not logged in 3s', `navigate ${LOGIN_REDIRECT}`]);
  });
});

describe('HTTP errors (spec §8)', () => {
  it('401 shows the message, signs out, closes toasts and goes to /login with the path encoded twice', async () => {
    fetchMock.mockResolvedValueOnce(json({ success: false, code: 401, message: 'Please sign in', data: null }, 401));
    const error = await failure(createRequest(deps()).get('/x'));
    expect(error).toMatchObject({ kind: 'signed-out', code: 401, status: 401, message: 'Please sign in' });
    expect(effects).toEqual(['closeToasts', 'signOut', 'error Please sign in 3s', `navigate ${LOGIN_REDIRECT}`]);
  });

  it('the return path decodes back to the page after two decodings', async () => {
    page = '/workSpace/select?from=/home&x=%25';
    fetchMock.mockResolvedValueOnce(json({ success: false, code: 401, message: 'no', data: null }, 401));
    await failure(createRequest(deps()).get('/x'));
    const target = effects.find((effect) => effect.startsWith('navigate '))?.slice('navigate '.length) ?? '';
    const once = new URLSearchParams(target.split('?')[1]).get('path') ?? '';
    expect(once).not.toBe(page);
    expect(decodeURIComponent(once)).toBe(page);
  });

  it('401 without a message still signs out, with the not-logged-in text', async () => {
    fetchMock.mockResolvedValueOnce(new Response('', { status: 401 }));
    await failure(createRequest(deps()).get('/x'));
    expect(effects).toContain('signOut');
    expect(effects).toContain('error Sorry, you are not logged in 3s');
  });

  it('401 on the login page does not redirect again', async () => {
    page = '/login?path=%252Fhome';
    fetchMock.mockResolvedValueOnce(json({ success: false, code: 401, message: 'no', data: null }, 401));
    await failure(createRequest(deps()).get('/x'));
    expect(effects).toEqual(['closeToasts', 'signOut', 'error no 3s']);
  });

  it.each([403, 404, 409, 429, 500])('%s shows the response message', async (status) => {
    fetchMock.mockResolvedValueOnce(json({ success: false, code: status, message: `failed ${status}`, data: null }, status));
    const error = await failure(createRequest(deps()).get('/x'));
    expect(error).toMatchObject({ kind: 'http', code: status, status, message: `failed ${status}` });
    expect(effects).toEqual([`error failed ${status} 3s`]);
  });

  it('a 403 tells the application its view may be stale (also when quiet); other failures do not', async () => {
    const refused = deps({ onForbidden: () => effects.push('forbidden') });
    fetchMock.mockResolvedValueOnce(json({ success: false, code: 403, message: 'not yours', data: null }, 403));
    await failure(createRequest(refused).post('/x', {}, { showErrorToast: false }));
    expect(effects).toEqual(['forbidden']);
    for (const status of [400, 404, 500]) {
      fetchMock.mockResolvedValueOnce(json({ success: false, code: status, message: 'no', data: null }, status));
      await failure(createRequest(refused).get('/x', undefined, { showErrorToast: false }));
    }
    expect(effects).toEqual(['forbidden']);
  });

  it('a non-JSON error page reads "System error"', async () => {
    fetchMock.mockResolvedValueOnce(new Response('<html>Bad gateway</html>', { status: 502, headers: { 'content-type': 'text/html' } }));
    const error = await failure(createRequest(deps()).get('/x'));
    expect(error).toMatchObject({ kind: 'http', code: 502, status: 502, message: 'System error' });
    expect(effects).toEqual(['error System error 3s']);
  });

  it('a 2xx answer that is not the envelope reads "System error"', async () => {
    fetchMock.mockResolvedValueOnce(json({ hello: 'world' }));
    expect(await failure(createRequest(deps()).get('/x'))).toMatchObject({ kind: 'bad-response', message: 'System error' });
    expect(effects).toEqual(['error System error 3s']);
  });
});

describe('a token that cannot be a header (spec §5/§8)', () => {
  it.each(['令牌', 'tok\nen', 'tok\ren', 'tok\u0000en', 'x\u0100'])('%j: "Invalid token." and sign-out, nothing sent', async (bad) => {
    token = bad;
    const error = await failure(createRequest(deps()).get('/x'));
    expect(error).toMatchObject({ kind: 'invalid-token', message: 'Invalid token.' });
    expect(fetchMock).not.toHaveBeenCalled();
    expect(effects).toEqual(['closeToasts', 'signOut', 'error Invalid token. 3s', `navigate ${LOGIN_REDIRECT}`]);
  });

  it.each(['é-latin-1', 'tab\tinside', 'base64url_-AZaz09'])('%j is sent', async (good) => {
    token = good;
    await createRequest(deps()).get('/x');
    expect(fetchMock).toHaveBeenCalledOnce();
  });
});

describe('no answer', () => {
  it('a network failure is shown for 3 s', async () => {
    fetchMock.mockRejectedValueOnce(new TypeError('fetch failed'));
    expect(await failure(createRequest(deps()).get('/x'))).toMatchObject({ kind: 'network', status: 0, message: 'Network error' });
    expect(effects).toEqual(['error Network error 3s']);
  });

  it('a request is abandoned after exactly REQUEST_TIMEOUT_MS', async () => {
    vi.useFakeTimers();
    fetchMock = hangingFetch();
    vi.stubGlobal('fetch', fetchMock);
    const outcome = createRequest(deps())
      .get('/x')
      .catch((error: unknown) => error);
    let settled = false;
    void outcome.then(() => (settled = true));
    await vi.advanceTimersByTimeAsync(REQUEST_TIMEOUT_MS - 1);
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(await outcome).toMatchObject({ kind: 'timeout', message: 'Request timed out' });
    expect(effects).toEqual(['error Request timed out 3s']);
  });

  it('a caller abort rejects quietly', async () => {
    fetchMock = hangingFetch();
    vi.stubGlobal('fetch', fetchMock);
    const controller = new AbortController();
    const pending = createRequest(deps()).get('/x', undefined, { signal: controller.signal });
    controller.abort();
    expect(await failure(pending)).toMatchObject({ kind: 'aborted' });
    expect(effects).toEqual([]);
  });
});

describe('blob answers (spec §7/§8)', () => {
  const zipBytes = new Uint8Array([0x50, 0x4b, 0x03, 0x04, 1, 2, 3]);

  it('a file comes back as a blob with its headers', async () => {
    fetchMock.mockResolvedValueOnce(
      new Response(zipBytes, {
        headers: { 'content-type': 'application/zip', 'content-disposition': 'attachment; filename="plans.zip"' },
      }),
    );
    const result = await createRequest(deps()).post('/proptech_filestore/file/downloadZip', { zipName: 'plans', fileIds: [1] }, { responseType: 'blob' });
    expect(new Uint8Array(await result.blob.arrayBuffer())).toEqual(zipBytes);
    expect(result.headers.get('content-disposition')).toBe('attachment; filename="plans.zip"');
    expect(sent().body).toBe('{"zipName":"plans","fileIds":[1]}');
  });

  it('an error body is read as text and parsed as JSON', async () => {
    const body = JSON.stringify({ success: false, code: 404, message: 'File 9 not found', data: null });
    fetchMock.mockResolvedValueOnce(new Response(body, { status: 404, headers: { 'content-type': 'application/octet-stream' } }));
    const error = await failure(createRequest(deps()).post('/z', {}, { responseType: 'blob' }));
    expect(error).toMatchObject({ kind: 'http', code: 404, message: 'File 9 not found' });
    expect(effects).toEqual(['error File 9 not found 3s']);
  });

  it('a 2xx JSON envelope with success false is an error', async () => {
    fetchMock.mockResolvedValueOnce(json({ success: false, code: 4100, message: 'Nothing to zip', data: null }));
    const error = await failure(createRequest(deps()).post('/z', {}, { responseType: 'blob' }));
    expect(error).toMatchObject({ kind: 'envelope', code: 4100, message: 'Nothing to zip' });
    expect(effects).toEqual(['error Nothing to zip 3s']);
  });

  it('an error body that is not JSON reads "System error"', async () => {
    fetchMock.mockResolvedValueOnce(new Response(new Uint8Array([0xff, 0x00, 0x7b]), { status: 500 }));
    expect(await failure(createRequest(deps()).post('/z', {}, { responseType: 'blob' }))).toMatchObject({ message: 'System error' });
    expect(effects).toEqual(['error System error 3s']);
  });

  it('a 401 blob answer signs out like any other', async () => {
    fetchMock.mockResolvedValueOnce(json({ success: false, code: 110003, message: 'ended', data: null }, 401));
    await failure(createRequest(deps()).post('/z', {}, { responseType: 'blob' }));
    expect(effects).toEqual(['closeToasts', 'signOut', 'error Sorry, you are not logged in 3s', `navigate ${LOGIN_REDIRECT}`]);
  });

  it('a JSON file that is not a failed envelope is a download like any other', async () => {
    fetchMock.mockResolvedValueOnce(json({ rows: [1, 2] }));
    const result = await createRequest(deps()).get('/export', undefined, { responseType: 'blob' });
    expect(await result.blob.text()).toBe('{"rows":[1,2]}');
    expect(result.blob.type).toBe('application/json');
  });
});

describe('typing', () => {
  it('the client serves as the Http of the typed calls', () => {
    const http: Http = createRequest(deps());
    expect(typeof http.get).toBe('function');
  });
});

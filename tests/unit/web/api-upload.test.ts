import { beforeEach, describe, expect, it } from 'vitest';
import { ApiError } from '../../../src/web/api/api-error.ts';
import { REQUEST_TIMEOUT_MS } from '../../../src/web/api/api-constants.ts';
import { createUpload, type UploadDeps } from '../../../src/web/api/upload.ts';

/** A stand-in XMLHttpRequest that records what was sent and lets the test answer. */
class FakeXhr {
  static last: FakeXhr | null = null;
  method = '';
  url = '';
  headers: Record<string, string> = {};
  body: FormData | null = null;
  responseType = '';
  timeout = 0;
  status = 0;
  response: unknown = null;
  aborted = false;
  upload: { onprogress: ((event: ProgressEvent) => void) | null; onload: (() => void) | null } = { onprogress: null, onload: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  ontimeout: (() => void) | null = null;
  onabort: (() => void) | null = null;

  constructor() {
    FakeXhr.last = this;
  }
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  send(body: FormData) {
    this.body = body;
  }
  abort() {
    this.aborted = true;
    this.onabort?.();
  }
  progress(loaded: number, total: number, lengthComputable = true) {
    this.upload.onprogress?.({ loaded, total, lengthComputable } as ProgressEvent);
  }
  answer(status: number, body: string) {
    this.upload.onload?.();
    this.status = status;
    this.response = new Blob([body], { type: 'application/json' });
    this.onload?.();
  }
}

function xhr(): FakeXhr {
  if (!FakeXhr.last) throw new Error('no request made');
  return FakeXhr.last;
}

describe('multipart upload (spec §7)', () => {
  let effects: string[];
  let token: string | null;
  const deps = (): UploadDeps => ({
    baseUrl: 'https://plinth.example/api',
    getToken: () => token,
    signOut: () => effects.push('signOut'),
    navigate: (url) => effects.push(`navigate ${url}`),
    currentPath: () => '/drawings?id=1',
    showError: (message, seconds) => effects.push(`error ${message} ${seconds}s`),
    closeToasts: () => effects.push('closeToasts'),
    createXhr: () => new FakeXhr() as unknown as XMLHttpRequest,
  });

  beforeEach(() => {
    FakeXhr.last = null;
    effects = [];
    token = 'tenant-token';
  });

  it('posts field file plus the extra fields with the token header, and parses the blob answer as JSON', async () => {
    const upload = createUpload(deps());
    const file = new File(['%PDF-1.7'], 'spec.pdf', { type: 'application/pdf' });
    const pending = upload<{ fileId: number }>('/proptech_allplan/flowFile/field/import', file, { fields: { formId: '12', fileName: 'spec.pdf' } });
    const request = xhr();
    expect(request.method).toBe('POST');
    expect(request.url).toBe('https://plinth.example/api/proptech_allplan/flowFile/field/import');
    expect(request.headers).toEqual({ token: 'tenant-token' });
    expect(request.responseType).toBe('blob');
    expect(request.timeout).toBe(REQUEST_TIMEOUT_MS);
    expect([...(request.body?.keys() ?? [])]).toEqual(['file', 'formId', 'fileName']);
    const sentFile = request.body?.get('file') as File;
    expect(sentFile.name).toBe('spec.pdf');
    expect(await sentFile.text()).toBe('%PDF-1.7');
    expect(request.body?.get('formId')).toBe('12');

    request.answer(200, JSON.stringify({ success: true, code: 200, message: 'OK', data: { fileId: 9 } }));
    await expect(pending).resolves.toEqual({ fileId: 9 });
  });

  it('names a bare blob by the fileName option', async () => {
    const pending = createUpload(deps())('/bim/upload', new Blob(['ifc']), { fileName: 'tower.ifc' });
    expect((xhr().body?.get('file') as File).name).toBe('tower.ifc');
    xhr().answer(200, JSON.stringify({ success: true, code: 200, message: 'OK', data: null }));
    await pending;
  });

  it('reports progress in whole percent from 0 to 100', async () => {
    const seen: number[] = [];
    const pending = createUpload(deps())('/u', new Blob(['x']), { onProgress: (percent) => seen.push(percent) });
    xhr().progress(0, 300);
    xhr().progress(100, 300);
    xhr().progress(1000, 300);
    xhr().progress(5, 0, false);
    xhr().answer(200, JSON.stringify({ success: true, code: 200, message: 'OK', data: null }));
    await pending;
    expect(seen).toEqual([0, 0, 33, 100, 100]);
  });

  it('shows the server message of a failed envelope', async () => {
    const pending = createUpload(deps())('/u', new Blob(['x']));
    xhr().answer(413, JSON.stringify({ success: false, code: 413, message: 'File too large', data: null }));
    await expect(pending).rejects.toMatchObject({ kind: 'http', code: 413, message: 'File too large' });
    expect(effects).toEqual(['error File too large 3s']);
  });

  it('reads an answer that is not JSON as "System error"', async () => {
    const pending = createUpload(deps())('/u', new Blob(['x']));
    xhr().answer(500, '<html>oops</html>');
    await expect(pending).rejects.toMatchObject({ message: 'System error' });
  });

  it('signs out on 401', async () => {
    const pending = createUpload(deps())('/u', new Blob(['x']));
    xhr().answer(401, JSON.stringify({ success: false, code: 12001, message: 'expired', data: null }));
    await expect(pending).rejects.toBeInstanceOf(ApiError);
    expect(effects).toEqual([
      'closeToasts',
      'signOut',
      'error Sorry, you are not logged in 3s',
      'navigate /login?path=%252Fdrawings%253Fid%253D1',
    ]);
  });

  it('refuses a token that cannot be a header, sending nothing', async () => {
    token = '令牌';
    await expect(createUpload(deps())('/u', new Blob(['x']))).rejects.toMatchObject({ kind: 'invalid-token', message: 'Invalid token.' });
    expect(FakeXhr.last).toBeNull();
    expect(effects).toContain('error Invalid token. 3s');
    expect(effects).toContain('signOut');
  });

  it('shows network failures and timeouts; aborts quietly', async () => {
    const upload = createUpload(deps());
    const lost = upload('/u', new Blob(['x']));
    xhr().onerror?.();
    await expect(lost).rejects.toMatchObject({ kind: 'network' });
    const slow = upload('/u', new Blob(['x']));
    xhr().ontimeout?.();
    await expect(slow).rejects.toMatchObject({ kind: 'timeout' });
    expect(effects).toEqual(['error Network error 3s', 'error Request timed out 3s']);

    const controller = new AbortController();
    const cancelled = upload('/u', new Blob(['x']), { signal: controller.signal });
    controller.abort();
    await expect(cancelled).rejects.toMatchObject({ kind: 'aborted' });
    expect(xhr().aborted).toBe(true);
    expect(effects).toHaveLength(2);
  });
});

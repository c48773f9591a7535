import { expect } from 'vitest';
import { DRAWING_PREFIX, type DrawingUpload } from '../../../src/core/contracts/drawings.ts';
import { uploadedFile } from '../../helpers/file-uploads.ts';
import type { TestApp } from '../../helpers/test-app.ts';

/** Calls of the drawing API as a browser makes them, for one test app. */
export function drawingClient(t: TestApp) {
  const call = <T = unknown>(method: 'GET' | 'POST', path: string, token: string | undefined, input?: Record<string, unknown>) =>
    method === 'GET'
      ? t.call<T>(method, `${DRAWING_PREFIX}/${path}`, { token, query: input as Record<string, string | number> })
      : t.call<T>(method, `${DRAWING_PREFIX}/${path}`, { token, body: input ?? {} });

  /** Only the status: for calls that may answer bytes (revision/file). */
  const statusOf = async (method: 'GET' | 'POST', path: string, token: string | undefined, input?: Record<string, unknown>): Promise<number> => {
    const target = new URL(`/api${DRAWING_PREFIX}/${path}`, t.url);
    if (method === 'GET') for (const [key, value] of Object.entries(input ?? {})) target.searchParams.set(key, String(value));
    const headers: Record<string, string> = token === undefined ? {} : { token };
    if (method === 'POST') headers['content-type'] = 'application/json';
    const response = await fetch(target, { method, headers, body: method === 'POST' ? JSON.stringify(input ?? {}) : undefined });
    await response.arrayBuffer();
    return response.status;
  };

  const ok = async <T = unknown>(method: 'GET' | 'POST', path: string, token: string, input?: Record<string, unknown>): Promise<T> => {
    const result = await call<T>(method, path, token, input);
    expect(result.status, `${path}: ${result.body?.message}`).toBe(200);
    return result.body.data;
  };

  /** Uploads files to the store, starts their drawing uploads, and waits until each is done or failed. */
  const upload = async (token: string, workspaceCode: string, files: [string, Uint8Array][], setId: number | null = null): Promise<DrawingUpload[]> => {
    const fileIds: string[] = [];
    for (const [name, bytes] of files) fileIds.push((await uploadedFile(t.url, token, name, Buffer.from(bytes))).fileId);
    const started = await ok<{ uploads: DrawingUpload[] }>('POST', 'upload', token, { workspaceCode, setId, fileIds });
    return settled(token, workspaceCode, started.uploads.map((u) => u.id));
  };

  /** The uploads once none of them is queued or running (upload/list polled as the browser does). */
  const settled = async (token: string, workspaceCode: string, ids: number[], timeoutMs = 90_000): Promise<DrawingUpload[]> => {
    const until = Date.now() + timeoutMs;
    for (;;) {
      const list = await ok<DrawingUpload[]>('GET', 'upload/list', token, { workspaceCode });
      const mine = ids.map((id) => list.find((u) => u.id === id)!);
      if (mine.every((u) => u.status === 'done' || u.status === 'failed')) return mine;
      if (Date.now() > until) throw new Error(`uploads still running: ${JSON.stringify(mine)}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  };

  return { call, statusOf, ok, upload, settled };
}

/**
 * A PDF that needs a password to open: the standard security handler (RC4, 40 bits) with a
 * user password, written by hand since pdf-lib writes no encryption. A reader that tries the
 * empty password finds it wrong and asks for one.
 */
export function encryptedPdf(): Uint8Array {
  const hex = (byte: number, count: number) => `<${byte.toString(16).padStart(2, '0').repeat(count)}>`;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R >>',
    '<< /Length 20 >>\nstream\n(\u0093\u0011z\u00b0\u0004\u0010\u00ee\u00c1\u009d\u0091\u00a4\u0002\u0033\u00c8\u0087\u0012\u00fa)\nendstream',
    `<< /Filter /Standard /V 1 /R 2 /O ${hex(0x5a, 32)} /U ${hex(0xa5, 32)} /P -44 >>`,
  ];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((object, i) => {
    offsets.push(Buffer.byteLength(body, 'latin1'));
    body += `${i + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = Buffer.byteLength(body, 'latin1');
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R /Encrypt 5 0 R /ID [${hex(0x11, 16)} ${hex(0x11, 16)}] >>\nstartxref\n${xref}\n%%EOF\n`;
  return new Uint8Array(Buffer.from(body, 'latin1'));
}

/** Starts like a PDF, then is not one. */
export const corruptPdf = (): Uint8Array => new Uint8Array(Buffer.from('%PDF-1.7\n%\u00e2\u00e3\u00cf\u00d3\nthis file was cut off in the middle of its first obj', 'latin1'));

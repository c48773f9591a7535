import type { FileInfo } from '../../src/core/contracts/files.ts';
import type { Envelope } from '../../src/core/envelope.ts';

/** A multipart upload to the file store of the server at `baseUrl`, as a browser sends it. */
export async function uploadFile(baseUrl: string, token: string, name: string, bytes: Buffer | string): Promise<{ status: number; body: Envelope<FileInfo> }> {
  const form = new FormData();
  form.append('file', new Blob([typeof bytes === 'string' ? bytes : new Uint8Array(bytes)]), name);
  const response = await fetch(`${baseUrl}/api/proptech_filestore/file/upload`, { method: 'POST', headers: { token }, body: form });
  return { status: response.status, body: (await response.json()) as Envelope<FileInfo> };
}

/** The upload's FileInfo; fails with the server's message when it was refused. */
export async function uploadedFile(baseUrl: string, token: string, name: string, bytes: Buffer | string): Promise<FileInfo> {
  const { body } = await uploadFile(baseUrl, token, name, bytes);
  if (!body.success) throw new Error(`upload of ${name} refused: ${body.message}`);
  return body.data;
}

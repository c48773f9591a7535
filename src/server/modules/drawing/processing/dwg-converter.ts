import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { DrawingFileError } from './drawing-file.ts';
import type { DwgConvertAnswer } from './dwg-convert-process.ts';

/** Run from the sources (tsx) the process is a .ts file beside this one; run from the build, its .js entry. */
const FROM_SOURCES = import.meta.url.endsWith('.ts');
const PROCESS_SCRIPT = fileURLToPath(new URL(`./dwg-convert-process.${FROM_SOURCES ? 'ts' : 'js'}`, import.meta.url));

/** Longest one conversion may take; the process is killed after it. */
export const DWG_CONVERT_TIMEOUT_MS = 120_000;

/**
 * DWG versions LibreDWG reads (the header's first six bytes): R13 to R2018. Older ones (R12 and
 * before, AC1009 and AC2.xx) and any the converter has not heard of are `dwgUnsupported`.
 */
const READABLE_VERSIONS = new Set(['AC1012', 'AC1014', 'AC1015', 'AC1018', 'AC1021', 'AC1024', 'AC1027', 'AC1032']);

export function dwgVersionOf(bytes: Uint8Array): string {
  return Buffer.from(bytes.buffer, bytes.byteOffset, Math.min(6, bytes.byteLength)).toString('latin1');
}

/** The DXF text of a DWG, converted in a child process (the converter's licence stops at its process). */
export async function convertDwgToDxf(bytes: Uint8Array, fileName: string, timeoutMs = DWG_CONVERT_TIMEOUT_MS): Promise<Uint8Array> {
  const version = dwgVersionOf(bytes);
  if (!READABLE_VERSIONS.has(version)) throw new DrawingFileError('dwgUnsupported', fileName, version.replace(/[^\x20-\x7e]/g, '?'));
  const child = fork(PROCESS_SCRIPT, [], {
    execArgv: FROM_SOURCES ? ['--import', 'tsx'] : [],
    serialization: 'advanced',
    stdio: ['ignore', 'ignore', 'ignore', 'ipc'],
  });
  const answer = await new Promise<DwgConvertAnswer>((resolve) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      resolve({ error: `no answer within ${Math.round(timeoutMs / 1000)} s` });
    }, timeoutMs);
    child.once('message', (message: DwgConvertAnswer) => {
      clearTimeout(timer);
      resolve(message);
    });
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      resolve({ error: `the converter stopped (${signal ?? `exit ${code}`})` });
    });
    child.send(bytes);
  });
  if (child.exitCode === null) child.kill();
  if ('error' in answer) throw new DrawingFileError('dwgFailed', fileName, answer.error);
  return answer.dxf;
}

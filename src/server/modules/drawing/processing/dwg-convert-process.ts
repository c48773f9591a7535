/**
 * The process DWG files are turned into DXF in. The converter (LibreDWG compiled to
 * WebAssembly, @mlightcad/libredwg-web) is GPL-3.0: it runs only here, in a process of its own
 * that the server starts with fork() and talks to over IPC, never in the server's process, a
 * worker thread of it, or anything the browser loads. One DWG per process: it answers once and
 * exits, so a file that sends the converter astray costs that process only.
 */
import path from 'node:path';
import { createRequire } from 'node:module';

export type DwgConvertAnswer = { dxf: Uint8Array } | { error: string };

if (!process.send) {
  console.error('dwg-convert-process: start it with fork() and send it the DWG bytes');
  process.exit(2);
}

// The wasm file lies in the package's wasm/ folder, beside dist/ where its entry is.
const wasmFolder = path.join(path.dirname(createRequire(import.meta.url).resolve('@mlightcad/libredwg-web')), '..', 'wasm') + path.sep;

process.once('message', (bytes: Uint8Array) => {
  void (async () => {
    let answer: DwgConvertAnswer;
    try {
      // Loaded only here: importing the converter anywhere else would bring GPL code into that process.
      const { LibreDwg } = await import('@mlightcad/libredwg-web');
      const converter = await LibreDwg.create(wasmFolder);
      // The converter logs its error codes on stdout, which nobody reads.
      const dxf = converter.dwg_write_dxf(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer);
      answer = dxf && dxf.length > 0 ? { dxf } : { error: 'the converter could not read the drawing' };
    } catch (error) {
      answer = { error: (error as Error).message };
    }
    process.send!(answer, () => process.exit(0));
  })();
});
process.on('disconnect', () => process.exit(0));

import path from 'node:path';
import { DrawingFileError, type DrawingFileKind } from './drawing-file.ts';

/**
 * What an uploaded drawing file is, by its bytes: the name only says what it should be. A
 * file whose bytes are another kind of the same family (a PNG named .jpg) is read as what it
 * is; bytes of another family than the name (a PDF named .png, a photo named .dxf) or of
 * nothing known are refused as `wrongType`, naming the file.
 */
export type SniffedKind = DrawingFileKind | 'png' | 'jpg';

const EXTENSIONS: Record<string, DrawingFileKind> = {
  '.pdf': 'pdf',
  '.png': 'image',
  '.jpg': 'image',
  '.jpeg': 'image',
  '.dxf': 'dxf',
  '.dwg': 'dwg',
};

/** Kinds a name may have; null for an extension no drawing has. */
export function kindOfName(fileName: string): DrawingFileKind | null {
  return EXTENSIONS[path.extname(fileName).toLowerCase()] ?? null;
}

const startsWith = (bytes: Uint8Array, signature: readonly number[], at = 0) => signature.every((b, i) => bytes[at + i] === b);
const ascii = (bytes: Uint8Array, from: number, to: number) => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('latin1', from, to);

/** The kind the bytes are, or null. */
export function sniffKind(bytes: Uint8Array): SniffedKind | null {
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'jpg';
  // A PDF's header may follow some junk within its first kilobyte (readers accept that).
  if (ascii(bytes, 0, Math.min(1024, bytes.length)).includes('%PDF-')) return 'pdf';
  if (/^AC10\d\d/.test(ascii(bytes, 0, 6))) return 'dwg';
  const head = ascii(bytes, 0, Math.min(4096, bytes.length));
  if (head.startsWith('AutoCAD Binary DXF')) return 'dxf';
  // ASCII DXF: group code / value lines; the first group is a comment (999) or `0 SECTION`.
  if (/^\uFEFF?\s*(999\r?\n[^\n]*\r?\n\s*)*0\r?\n\s*SECTION\s*\r?\n/.test(head)) return 'dxf';
  return null;
}

const familyOf = (kind: SniffedKind): DrawingFileKind => (kind === 'png' || kind === 'jpg' ? 'image' : kind);

/** The kind to read the file as, or a DrawingFileError (`empty`, `unsupportedType`, `wrongType`, `corrupt`). */
export function drawingKindOf(bytes: Uint8Array, fileName: string): { kind: DrawingFileKind; sniffed: SniffedKind } {
  if (bytes.length === 0) throw new DrawingFileError('empty', fileName);
  const named = kindOfName(fileName);
  const sniffed = sniffKind(bytes);
  if (!named) throw new DrawingFileError('unsupportedType', fileName, path.extname(fileName) || 'no extension');
  if (!sniffed) {
    // A DWG header we do not know is the converter's to judge; other unknown bytes are no drawing.
    if (named === 'dwg') return { kind: 'dwg', sniffed: 'dwg' };
    throw new DrawingFileError(named === 'image' ? 'wrongType' : 'corrupt', fileName);
  }
  if (familyOf(sniffed) !== named) throw new DrawingFileError('wrongType', fileName, sniffed);
  return { kind: named, sniffed };
}

import { fileTypeFromFile } from 'file-type';
import { imageTypeOf } from './image-signature.ts';

/**
 * Whether a file's bytes are what its extension says. Binary formats are recognised by their
 * signatures (file-type, MIT, reading only as much of the file as it needs); text formats
 * must carry no binary signature and no NUL byte, and those with a fixed opening (IFC's STEP
 * header, SVG's root element) must open with it. An extension missing here is refused.
 */

/** Binary: the signatures that may stand for the extension. Text: its opening, and signatures text may carry (an XML declaration). */
type Rule = { binary: readonly string[] } | { text: (head: string) => boolean; detected?: readonly string[] };

const anyText = () => true;
const OOXML = (own: string) => ({ binary: [own, 'zip'] });

const RULES: Readonly<Record<string, Rule>> = {
  pdf: { binary: ['pdf'] },
  jpg: { binary: ['jpg'] },
  jpeg: { binary: ['jpg'] },
  png: { binary: ['png'] },
  bmp: { binary: ['bmp'] },
  gif: { binary: ['gif'] },
  webp: { binary: ['webp'] },
  // Office files of 1997–2003 and Revit models are OLE compound files.
  doc: { binary: ['cfb'] },
  xls: { binary: ['cfb'] },
  ppt: { binary: ['cfb'] },
  rvt: { binary: ['cfb'] },
  // Office Open XML and OpenDocument are zip archives; some writers order the entries so
  // that only "zip" can be told from the opening bytes.
  docx: OOXML('docx'),
  xlsx: OOXML('xlsx'),
  pptx: OOXML('pptx'),
  odt: OOXML('odt'),
  ods: OOXML('ods'),
  odp: OOXML('odp'),
  rtf: { binary: ['rtf'] },
  zip: { binary: ['zip'] },
  bcfzip: { binary: ['zip'] },
  bcf: { binary: ['zip'] },
  rar: { binary: ['rar'] },
  '7z': { binary: ['7z'] },
  dwg: { binary: ['dwg'] },
  mp4: { binary: ['mp4', 'm4v', 'mov'] },
  mov: { binary: ['mov', 'mp4'] },
  mp3: { binary: ['mp3'] },
  wav: { binary: ['wav'] },
  txt: { text: anyText },
  csv: { text: anyText },
  md: { text: anyText },
  dxf: { text: anyText },
  ifc: { text: (head) => /^\s*ISO-10303-21;/.test(head) },
  svg: { text: (head) => imageTypeOf(Buffer.from(head)) === 'svg', detected: ['xml', 'svg'] },
};

/** The extensions whose content can be checked: the store's allow-list. */
export const CHECKED_EXTENSIONS = Object.keys(RULES);

const describe = (ext: string) => `.${ext}`;

/**
 * Null when the file at `path` (whose first bytes are `head`) is a `.extension` file, else the
 * problem in words, naming what the bytes are where they are known.
 */
export async function contentProblem(extension: string, path: string, head: Buffer): Promise<string | null> {
  const rule = RULES[extension];
  if (!rule) return `files of type .${extension || '(none)'} cannot be uploaded`;
  const detected = await fileTypeFromFile(path);
  if ('binary' in rule) {
    if (detected && rule.binary.includes(detected.ext)) return null;
    return detected ? `the content is a ${describe(detected.ext)} file, not ${describe(extension)}` : `the content is not a ${describe(extension)} file`;
  }
  // A binary DXF opens with its own sentinel, which file-type does not know.
  if (extension === 'dxf' && head.subarray(0, 18).toString('latin1') === 'AutoCAD Binary DXF') return null;
  if (detected && !rule.detected?.includes(detected.ext)) return `the content is a ${describe(detected.ext)} file, not ${describe(extension)}`;
  if (head.includes(0)) return `the content is not text, as a ${describe(extension)} file is`;
  const text = head.toString('utf8').replace(/^\uFEFF/, '');
  return rule.text(text) ? null : `the content is not a ${describe(extension)} file`;
}

import { FILE_NAME_MAX } from './contracts/files.ts';
import { extensionDot } from './upload-types.ts';

/**
 * Characters a name may hold without anyone seeing them: control characters, line and
 * paragraph separators, halves of a broken UTF-16 pair, and the Unicode format characters
 * (\p{Cf}) that change how a name reads without showing: bidirectional marks, embeddings,
 * overrides and isolates (`evil\u202Egnp.pdf` shows as "evilfdp.png"), zero-width spaces, word
 * joiners, the byte-order mark, tag characters. Kept: the zero-width non-joiner and joiner,
 * which Persian, the Indic scripts and emoji need to be spelled right, and the Arabic, Syriac
 * and Kaithi number and end marks, which are drawn like letters.
 */
const UNSEEN = /(?!\u200C|\u200D|[\u0600-\u0605\u06DD\u070F\u0890\u0891\u08E2\u{110BD}\u{110CD}])[\p{Cc}\p{Cf}\p{Cs}\u2028\u2029]/gu;

/** A name of dots only ("." and ".." most of all) names a folder, never a file. */
const ONLY_DOTS = /^\.*$/;

/**
 * The one rule for a file name the product takes in, keeps, zips or hands out: only what
 * follows the last `/` or `\` (a name never leads into a folder; old browsers sent the
 * sender's whole path), without unseen characters (above), trimmed, at most FILE_NAME_MAX
 * characters with the extension kept. Empty when nothing usable is left; the caller decides
 * what stands in for it.
 */
export function safeFileName(name: string): string {
  const base = (name.split(/[/\\]/).pop() ?? '').replace(UNSEEN, '').trim();
  if (ONLY_DOTS.test(base)) return '';
  // Counted in characters, not UTF-16 units, so no character is cut in half.
  const characters = [...base];
  if (characters.length <= FILE_NAME_MAX) return base;
  const dot = extensionDot(base);
  const extension = dot < 0 ? [] : [...base.slice(dot)];
  if (extension.length >= FILE_NAME_MAX / 2) return characters.slice(0, FILE_NAME_MAX).join('');
  return [...characters.slice(0, FILE_NAME_MAX - extension.length), ...extension].join('').trim();
}

/** Characters file systems refuse in a name (Windows' set): a title made a file name loses them. */
const REFUSED_IN_NAMES = /[\\/:*?"<>|]+/g;

/**
 * A file name from a title (a chart's, a form's): what file systems refuse becomes "_",
 * then the rule of safeFileName; never empty.
 */
export function exportFileName(title: string, extension: string, fallback = 'export'): string {
  const base = safeFileName(title.replace(REFUSED_IN_NAMES, '_').slice(0, 100)) || fallback;
  return `${base}.${extension}`;
}

/**
 * `name (2).ext`, `name (3).ext`, … the first candidate `isTaken` refuses not (the name itself
 * when free): how a zip names repeated entries and the document library a copy or a restore
 * whose name is taken.
 */
export function freeName(name: string, isTaken: (candidate: string) => boolean): string {
  const dot = extensionDot(name);
  const [stem, extension] = dot < 0 ? [name, ''] : [name.slice(0, dot), name.slice(dot)];
  let candidate = name;
  for (let n = 2; isTaken(candidate); n++) candidate = `${stem} (${n})${extension}`;
  return candidate;
}

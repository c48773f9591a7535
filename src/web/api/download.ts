import { safeFileName } from '../../core/file-names.ts';
import type { BlobResponse } from './request-types.ts';

export const DEFAULT_ZIP_NAME = 'download.zip';
export const DEFAULT_SPREADSHEET_NAME = 'download.xlsx';
/** Revoking the object URL at once can cancel the download in some browsers; FileSaver.js waits 40 s. */
export const OBJECT_URL_LIFETIME_MS = 40_000;

const SPREADSHEET_TYPES = /spreadsheetml|ms-excel|\bxlsx?\b/i;

function decodePercent(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/** RFC 5987 `charset'language'value`, UTF-8 or ISO-8859-1; null for any other charset. */
function decodeExtendedValue(value: string): string | null {
  const match = /^([\w!#$%&+^`{}~-]+)'[^']*'(.*)$/.exec(value);
  if (!match) return null;
  const [, charset = '', encoded = ''] = match;
  if (/^utf-8$/i.test(charset)) return decodePercent(encoded);
  if (/^iso-8859-1$/i.test(charset)) return encoded.replace(/%([0-9a-f]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  return null;
}

/** A name that cannot leave the download folder nor disguise itself (safeFileName); null when nothing is left. */
const savedName = (name: string): string | null => safeFileName(name) || null;

/**
 * The file name of a Content-Disposition header: `filename*` (RFC 5987/6266, preferred) or
 * `filename`, quoted or not. A plain `filename` that is percent-encoded, as many servers send
 * non-ASCII names, is decoded. Null when the header names no usable file.
 */
export function fileNameFromContentDisposition(header: string | null | undefined): string | null {
  if (!header) return null;
  const parameters = new Map<string, string>();
  const pattern = /;\s*([^\s=;]+)\s*=\s*("(?:[^"\\]|\\.)*"|[^;]*)/g;
  for (const [, name = '', raw = ''] of `;${header}`.matchAll(pattern)) {
    const value = raw.startsWith('"') ? raw.slice(1, -1).replace(/\\(.)/g, '$1') : raw.trim();
    parameters.set(name.toLowerCase(), value);
  }
  const extended = parameters.get('filename*');
  const fromExtended = extended === undefined ? null : decodeExtendedValue(extended);
  const safeExtended = fromExtended === null ? null : savedName(fromExtended);
  if (safeExtended) return safeExtended;
  const plain = parameters.get('filename');
  if (plain === undefined) return null;
  return savedName(/%[0-9a-f]{2}/i.test(plain) ? decodePercent(plain) : plain);
}

/** Spec §8 default: a spreadsheet type gives `download.xlsx`; anything else is taken as the zip of downloadZip. */
export function defaultDownloadName(contentType: string | null | undefined): string {
  return SPREADSHEET_TYPES.test(contentType ?? '') ? DEFAULT_SPREADSHEET_NAME : DEFAULT_ZIP_NAME;
}

/** The header's name, else the caller's fallback, else the default for the content type; each by the rule of safeFileName. */
export function downloadFileName(headers: Headers | null | undefined, fallback?: string, blobType?: string): string {
  const fromHeader = fileNameFromContentDisposition(headers?.get('content-disposition'));
  if (fromHeader) return fromHeader;
  const given = fallback && savedName(fallback);
  if (given) return given;
  return defaultDownloadName(headers?.get('content-type') || blobType);
}

/**
 * Saves a downloaded file through an object URL and a temporary `<a download>`, and returns
 * the name used. Accepts a blob answer of the request layer, or a blob plus its headers.
 */
export function saveDownload(source: Blob | BlobResponse, headers?: Headers | null, fallback?: string): string {
  const blob = source instanceof Blob ? source : source.blob;
  const name = downloadFileName(source instanceof Blob ? headers : (headers ?? source.headers), fallback, blob.type);
  const url = URL.createObjectURL(blob);
  const anchor = document.createElement('a');
  anchor.href = url;
  anchor.download = name;
  anchor.rel = 'noopener';
  anchor.style.display = 'none';
  document.body.append(anchor);
  anchor.click();
  anchor.remove();
  setTimeout(() => URL.revokeObjectURL(url), OBJECT_URL_LIFETIME_MS);
  return name;
}

import type { ByteRange } from './blob-store.ts';

/**
 * The part of a `size`-byte file a Range header asks for (RFC 9110 §14): one range of
 * `bytes=start-end`, `bytes=start-` or `bytes=-suffix`. Null means "send the whole file" (no
 * header, another unit, several ranges, or a malformed one, all of which a server may ignore);
 * 'unsatisfiable' means the range starts past the end (answered with 416).
 */
export function requestedRange(header: string | undefined, size: number): ByteRange | 'unsatisfiable' | null {
  if (!header) return null;
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match) return null;
  const [, first = '', last = ''] = match;
  if (first === '' && last === '') return null;
  if (first === '') {
    const suffix = Number(last);
    if (suffix === 0 || size === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(first);
  const end = last === '' ? size - 1 : Math.min(Number(last), size - 1);
  if (last !== '' && Number(last) < start) return null;
  if (start >= size) return 'unsatisfiable';
  return { start, end };
}

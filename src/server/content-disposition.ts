import { safeFileName } from '../core/file-names.ts';

/**
 * RFC 6266: an ASCII fallback name and the exact name in UTF-8, which the browser's download
 * helper reads (src/web/api/download.ts, spec §8). `inline` asks the browser to show the file.
 * The name is made safe on the way out too, for names kept before the rule was kept.
 */
export function contentDisposition(name: string, disposition: 'attachment' | 'inline' = 'attachment'): string {
  const fileName = safeFileName(name) || 'download';
  const fallback = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  const exact = encodeURIComponent(fileName).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `${disposition}; filename="${fallback}"; filename*=UTF-8''${exact}`;
}

import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { PROJECT_ROOT } from '../project-root.ts';

/** The demo camera streams of the seeded pages (made by media/demo/make-demo-media.sh). */
export const DEMO_MEDIA_DIR = path.join(PROJECT_ROOT, 'media', 'demo');
export const DEMO_MEDIA_PREFIX = '/media/demo';

/** The file types a media folder serves; anything else answers 404. */
const MEDIA_TYPES: Record<string, string> = {
  '.m3u8': 'application/vnd.apple.mpegurl',
  '.ts': 'video/mp2t',
  '.m4s': 'video/iso.segment',
  '.mp4': 'video/mp4',
  '.jpg': 'image/jpeg',
  '.png': 'image/png',
};

// Plain names only: no empty, dot-leading (`..`, hidden files) or backslash segments.
const SAFE_SEGMENT = /^[A-Za-z0-9][A-Za-z0-9._-]{0,127}$/;

export interface MediaFile {
  path: string;
  type: string;
}

/** The file a request path inside a media folder names, or null when it may not be served. */
export function resolveMediaFile(root: string, relative: string): MediaFile | null {
  const segments = relative.split('/');
  if (segments.length > 8 || !segments.every((segment) => SAFE_SEGMENT.test(segment))) return null;
  const type = MEDIA_TYPES[path.extname(relative).toLowerCase()];
  if (!type) return null;
  const file = path.resolve(root, ...segments);
  if (!file.startsWith(root + path.sep)) return null;
  return { path: file, type };
}

/**
 * Serves a folder of HLS streams (playlists, segments, posters) under `prefix`, with the
 * MIME types players expect. Playlists are revalidated on every request, because a live
 * playlist changes; segments never change once written.
 */
export function registerMediaFolder(app: FastifyInstance, options: { prefix: string; root: string }): void {
  const root = path.resolve(options.root);
  app.get(`${options.prefix}/*`, async (request, reply) => {
    const file = resolveMediaFile(root, (request.params as { '*': string })['*']);
    const stat = file && (await fs.promises.stat(file.path).catch(() => null));
    if (!file || !stat?.isFile()) return reply.status(404).type('text/plain; charset=utf-8').send('Not found');
    const isPlaylist = file.type === MEDIA_TYPES['.m3u8'];
    return reply
      .type(file.type)
      .header('content-length', stat.size)
      .header('cache-control', isPlaylist ? 'no-cache' : 'public, max-age=86400')
      .send(fs.createReadStream(file.path));
  });
}

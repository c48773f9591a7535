import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { API_HOSTS_META, type ApiHostRule } from '../../core/api-hosts.ts';
import { DEFAULT_MENU_REFRESH_SECONDS, MENU_REFRESH_META } from '../../core/client-settings.ts';
import { apiNotFound } from './errors.ts';

/** What the server tells the web app through index.html (see src/core/client-settings.ts). */
export interface WebAppSettings {
  menuRefreshSeconds: number;
  /** The API hosts table (spec §9); the page picks its API by its hostname and build. */
  apiHosts?: readonly ApiHostRule[];
}

const attribute = (text: string) => text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/** index.html with the settings as `<meta>` tags, at the end of its head (or where the head ends). */
export function withSettings(html: string, settings: WebAppSettings): string {
  const hosts = settings.apiHosts?.length ? `<meta name="${API_HOSTS_META}" content="${attribute(JSON.stringify(settings.apiHosts))}" />` : '';
  const tags = `<meta name="${MENU_REFRESH_META}" content="${settings.menuRefreshSeconds}" />${hosts}`;
  const at = html.search(/<\/head>|<body|<script/i);
  return at < 0 ? tags + html : `${html.slice(0, at)}${tags}\n${html.slice(at)}`;
}

/**
 * Serves the built SPA: hashed assets cached for a year, and index.html (never cached)
 * for every other GET, so client-side routes work on reload. Unknown API paths get the
 * 404 envelope instead.
 */
export async function registerWebApp(
  app: FastifyInstance,
  webDir: string,
  settings: WebAppSettings = { menuRefreshSeconds: DEFAULT_MENU_REFRESH_SECONDS },
): Promise<void> {
  const indexFile = path.join(webDir, 'index.html');
  const hasWeb = fs.existsSync(indexFile);
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: webDir,
      prefix: '/',
      index: false,
      setHeaders(reply, filePath) {
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
        reply.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }
  const sendIndex = async (reply: FastifyReply) => {
    // Read per request, as the file server would: a new build is served without a restart.
    const index = withSettings(await fs.promises.readFile(indexFile, 'utf8'), { apiHosts: app.services.config.apiHosts, ...settings });
    return reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(index);
  };
  // The site's root is a folder to the file server, which refuses to list it: the app answers.
  if (hasWeb) app.get('/', async (_request, reply) => sendIndex(reply));
  app.setNotFoundHandler(async (request, reply) => {
    const isApi = request.url === '/api' || request.url.startsWith('/api/');
    if (!isApi && hasWeb && (request.method === 'GET' || request.method === 'HEAD')) return sendIndex(reply);
    return reply.status(404).send(apiNotFound(request.url));
  });
}

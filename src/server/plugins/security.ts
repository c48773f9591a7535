import type { FastifyInstance } from 'fastify';
import type { IncomingMessage } from 'node:http';
import helmet from 'helmet';
import { apiOriginsForHost } from '../../core/api-hosts.ts';

/**
 * Security headers. The CSP allows scripts only from this origin (the built SPA has no
 * inline script); styles may be inline because antd writes its CSS-in-JS into <style> tags.
 *
 * Helmet's middleware is built once and run on every answer. (Fastify's helmet plugin builds
 * it anew for each request, parsing the policy again: a few percent of a small API call.)
 */
export function registerSecurityHeaders(app: FastifyInstance): void {
  const rules = app.services.config.apiHosts;
  // The page may call the API host the hosts table gives its hostname (spec §9), and no other.
  const connectSrc = (request: IncomingMessage) => {
    const hostname = (request.headers.host ?? '').replace(/:\d+$/, '');
    return ["'self'", ...apiOriginsForHost(rules, hostname)].join(' ');
  };
  const setHeaders = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: [connectSrc],
        mediaSrc: ["'self'", 'blob:'],
        workerSrc: ["'self'", 'blob:'],
        // The iframe widget embeds other sites' pages (https only), sandboxed by the widget.
        frameSrc: ["'self'", 'https:'],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'self'"],
      },
    },
    // Served over plain HTTP on a developer's machine; TLS is the proxy's job in production.
    strictTransportSecurity: false,
    crossOriginEmbedderPolicy: false,
  });
  app.addHook('onRequest', (request, reply, done) => setHeaders(request.raw, reply.raw, (error) => done(error as Error | undefined)));
}

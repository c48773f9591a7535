import crypto from 'node:crypto';
import type { FastifyServerOptions, RawRequestDefaultExpression } from 'fastify';
import { NOTIFY_STREAM_PATH } from '../../core/contracts/notify.ts';

const SAFE_REQUEST_ID = /^[A-Za-z0-9._-]{1,64}$/;
/** Routes whose query string is never logged: what it carries opens something (the stream's ticket). */
const UNLOGGED_QUERIES = [`/api${NOTIFY_STREAM_PATH}`];

/**
 * A request's address as logged: no query at all on a route that carries a secret in it by
 * design (known by the matched route, else by the path), and elsewhere tokens and tickets in
 * the query replaced.
 */
export function loggedUrl(url: string, route?: string): string {
  const query = url.indexOf('?');
  const path = query < 0 ? url : url.slice(0, query);
  if (UNLOGGED_QUERIES.includes(route ?? '') || UNLOGGED_QUERIES.includes(path.replace(/\/+$/, ''))) return path;
  return url.replace(/([?&](?:token|ticket)=)[^&]*/gi, '$1[redacted]');
}

/** A caller's `x-request-id` is kept when it is harmless, so logs join up across services. */
export function requestId(request: RawRequestDefaultExpression): string {
  const given = request.headers['x-request-id'];
  return typeof given === 'string' && SAFE_REQUEST_ID.test(given) ? given : crypto.randomUUID();
}

/** Structured JSON logs: one line per request with its id; tokens and passwords never written. */
export function loggerOptions(level: string): FastifyServerOptions['logger'] {
  return {
    level,
    redact: { paths: ['req.headers.token', 'req.headers.authorization', 'req.headers.cookie'], censor: '[redacted]' },
    serializers: {
      req(request) {
        return {
          method: request.method,
          url: loggedUrl(request.url, (request as { routeOptions?: { url?: string } }).routeOptions?.url),
          remoteAddress: request.ip,
        };
      },
    },
  };
}

import crypto from 'node:crypto';
import type { FastifyServerOptions, RawRequestDefaultExpression } from 'fastify';

const SAFE_REQUEST_ID = /^[A-Za-z0-9._-]{1,64}$/;

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
          url: request.url.replace(/([?&]token=)[^&]*/g, '$1[redacted]'),
          remoteAddress: request.ip,
        };
      },
    },
  };
}

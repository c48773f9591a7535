import type { FastifyError, FastifyInstance } from 'fastify';
import { ResultCode } from '../../core/result-codes.ts';
import { problemsOfAjvErrors } from '../../core/validation/problems.ts';
import { isUniqueViolation } from '../db/unique-violation.ts';
import { AppError, savedMeanwhile } from '../errors.ts';
import { envelope } from './envelope.ts';

/**
 * Every failure answers with the envelope: validation 400 naming the field, 404 for
 * unknown API routes, 409 for a write a unique index refused, 413 for oversized bodies, and
 * 500 without internals for crashes.
 */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    if (error instanceof AppError) {
      return reply.status(error.statusCode).send(envelope(false, error.code, error.message, error.data));
    }
    if (isUniqueViolation(error)) {
      // A race no check of the route answers itself: the other request won, nothing is broken.
      // The driver's message names the table and index, so only the log gets it.
      request.log.warn({ err: error }, 'a unique index refused a write');
      const answer = savedMeanwhile();
      return reply.status(answer.statusCode).send(envelope(false, answer.code, answer.message, null));
    }
    if (error.validation) {
      // The schema compiler already phrased the first error with its field (see plugins/validation.ts);
      // every error goes along as a problem the browser can word and place.
      const problems = problemsOfAjvErrors(error.validation as Parameters<typeof problemsOfAjvErrors>[0]);
      return reply.status(400).send(envelope(false, ResultCode.BAD_REQUEST, error.message, { problems }));
    }
    const status = error.statusCode ?? 500;
    if (status === 413) {
      return reply.status(413).send(envelope(false, ResultCode.PAYLOAD_TOO_LARGE, 'Request body is too large', null));
    }
    if (status === 429) {
      return reply.status(429).send(envelope(false, ResultCode.TOO_MANY_REQUESTS, error.message, null));
    }
    if (status >= 400 && status < 500) {
      // Fastify's own client errors: malformed JSON, wrong content type and the like.
      const message = error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE' ? 'Unsupported content type' : error.message;
      return reply.status(status).send(envelope(false, status, message, null));
    }
    request.log.error({ err: error }, 'request failed');
    return reply.status(500).send(envelope(false, ResultCode.SERVER_ERROR, 'System error', null));
  });
}

export function apiNotFound(url: string) {
  return envelope(false, ResultCode.NOT_FOUND, `No such API: ${url.split('?')[0]}`, null);
}

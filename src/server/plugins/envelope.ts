import type { FastifyInstance } from 'fastify';
import type { Envelope } from '../../core/envelope.ts';
import { ResultCode } from '../../core/result-codes.ts';

const envelopes = new WeakSet<object>();

/** Marks a body as an envelope already, so the wrapping hook leaves it alone. */
export function envelope<T>(success: boolean, code: number, message: string, data: T): Envelope<T> {
  const body = { success, code, message, data };
  envelopes.add(body);
  return body;
}

/**
 * API handlers return their data; this hook wraps it in `{ success, code, message, data }`.
 * Handlers that return nothing answer with `data: null`.
 */
export function registerEnvelope(app: FastifyInstance): void {
  app.addHook('preSerialization', async (_request, _reply, payload) => {
    if (payload !== null && typeof payload === 'object' && envelopes.has(payload)) return payload;
    return envelope(true, ResultCode.SUCCESS, 'success', payload ?? null);
  });
  app.addHook('onSend', async (request, reply, payload) => {
    // A handler that returned undefined sends an empty body: answer with an envelope instead.
    if ((payload === undefined || payload === '') && reply.statusCode === 200 && request.method !== 'HEAD') {
      reply.header('content-type', 'application/json; charset=utf-8');
      return JSON.stringify(envelope(true, ResultCode.SUCCESS, 'success', null));
    }
    return payload;
  });
}

import type { FastifyInstance, FastifyRequest } from 'fastify';
import { callerOf } from '../../plugins/auth.ts';
import type { RecordContext } from './service.ts';

/** The record context of a request: the caller (tenant scope and rights) and the app's services. */
export function recordContext(app: FastifyInstance, request: FastifyRequest): RecordContext {
  const access = callerOf(request);
  const { clock, dialect, formVersions, recordHooks } = app.services;
  return { scope: access.scope, access, clock, dialect, versions: formVersions, hooks: recordHooks };
}

import type { FastifyInstance, FastifyRequest } from 'fastify';
import { scopeOf, sessionOf } from '../../plugins/auth.ts';
import type { RecordContext } from './service.ts';

/** The record context of a request: its tenant scope, the caller's rights and the app's services. */
export async function recordContext(app: FastifyInstance, request: FastifyRequest): Promise<RecordContext> {
  const scope = scopeOf(request);
  const { clock, dialect, formVersions, recordHooks, memberRights } = app.services;
  const session = sessionOf(request);
  const access = { session, ...(await memberRights.of(scope, session)) };
  return { scope, access, clock, dialect, versions: formVersions, hooks: recordHooks };
}

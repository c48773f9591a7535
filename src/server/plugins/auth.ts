import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { TenantScope } from '../db/tenant-scope.ts';
import type { DB } from '../db/schema.ts';
import { AppError, forbidden, unauthorized } from '../errors.ts';
import { ResultCode } from '../../core/result-codes.ts';
import type { Session, TokenService } from '../modules/auth/tokens.ts';
import { holdsAny, isAdminType } from '../access/admin.ts';
import type { Caller } from '../access/caller.ts';
import type { MemberRightsCache } from '../access/rights-cache.ts';

/**
 * Who may call a route:
 * - `public`: anyone;
 * - `user`: any valid token, also the tenant-less one of a password login;
 * - `tenant` (default): a token of a tenant;
 * - `admin`: a token of a tenant in which the user is an ADMIN.
 * A token of a tenant brings its caller (`callerOf`: session, scope, rights) on every level.
 */
export type AuthLevel = 'public' | 'user' | 'tenant' | 'admin';

declare module 'fastify' {
  interface FastifyContextConfig {
    auth?: AuthLevel;
    /** A function point the caller must hold, or a list of which any one will do (ADMINs hold all). */
    point?: string | readonly string[];
    /** Also accept the token as a `token` query parameter (<img> and <a> cannot send headers). */
    tokenInQuery?: boolean;
  }
  interface FastifyRequest {
    session: Session | null;
    scope: TenantScope | null;
    caller: Caller | null;
  }
}

/** The token the request came with (the header; the query too on a `tokenInQuery` route). */
export function rawToken(request: FastifyRequest): string | undefined {
  const header = request.headers.token;
  const value = Array.isArray(header) ? header[0] : header;
  if (value) return value;
  if (request.routeOptions.config.tokenInQuery) {
    const query = request.query as Record<string, unknown> | undefined;
    if (typeof query?.token === 'string') return query.token;
    return new URL(request.url, 'http://local').searchParams.get('token') ?? undefined;
  }
  return undefined;
}

export function registerAuth(app: FastifyInstance, deps: { db: Kysely<DB>; tokens: TokenService; rights: MemberRightsCache }): void {
  app.decorateRequest('session', null);
  app.decorateRequest('scope', null);
  app.decorateRequest('caller', null);

  app.addHook('onRequest', async (request) => {
    if (request.is404) return;
    const level = request.routeOptions.config.auth ?? 'tenant';
    if (level === 'public') return;
    const raw = rawToken(request);
    if (!raw) throw unauthorized();
    const session = await deps.tokens.resolve(raw);
    request.session = session;
    if (session.tenantId === null) {
      if (level === 'user') return;
      throw new AppError(403, ResultCode.FORBIDDEN, 'Choose a tenant first (login/byToken)');
    }
    const scope = new TenantScope(deps.db, session.tenantId);
    request.scope = scope;
    if (level === 'admin' && !isAdminType(session.memberType)) throw forbidden();
    // Rights are read here only, through the cache, before the handler writes anything: every
    // route sees a grant from the same request on (see src/server/access/rights-cache.ts).
    const caller: Caller = { session, scope, ...(await deps.rights.of(scope, session)) };
    request.caller = caller;
    const point = request.routeOptions.config.point;
    if (point && !holdsAny(caller, typeof point === 'string' ? [point] : point)) throw forbidden();
  });
}

/** The session of a route that required one; a programming error when called on a public route. */
export function sessionOf(request: FastifyRequest): Session {
  if (!request.session) throw new Error('route needs auth');
  return request.session;
}

export function scopeOf(request: FastifyRequest): TenantScope {
  if (!request.scope) throw new Error('route needs a tenant');
  return request.scope;
}

/** The caller of a tenant route (session, scope, rights), for the policies of src/server/access/. */
export function callerOf(request: FastifyRequest): Caller {
  if (!request.caller) throw new Error('route needs a tenant');
  return request.caller;
}

import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { TenantScope } from '../db/tenant-scope.ts';
import type { DB } from '../db/schema.ts';
import { AppError, forbidden, unauthorized } from '../errors.ts';
import { ResultCode } from '../../core/result-codes.ts';
import type { Session, TokenService } from '../modules/auth/tokens.ts';
import type { MemberRightsCache } from '../modules/auth/member-rights.ts';

/**
 * Who may call a route:
 * - `public`: anyone;
 * - `user`: any valid token, also the tenant-less one of a password login;
 * - `tenant` (default): a token of a tenant;
 * - `admin`: a token of a tenant in which the user is an ADMIN.
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

  app.addHook('onRequest', async (request) => {
    if (request.is404) return;
    const level = request.routeOptions.config.auth ?? 'tenant';
    if (level === 'public') return;
    const raw = rawToken(request);
    if (!raw) throw unauthorized();
    const session = await deps.tokens.resolve(raw);
    request.session = session;
    if (level === 'user') return;
    if (session.tenantId === null) {
      throw new AppError(403, ResultCode.FORBIDDEN, 'Choose a tenant first (login/byToken)');
    }
    request.scope = new TenantScope(deps.db, session.tenantId);
    if (level === 'admin' && session.memberType !== 'ADMIN') throw forbidden();
    const point = request.routeOptions.config.point;
    if (point && session.memberType !== 'ADMIN') {
      const held = (await deps.rights.of(request.scope, session)).points;
      const wanted = typeof point === 'string' ? [point] : point;
      if (!wanted.some((code) => held.has(code))) throw forbidden();
    }
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

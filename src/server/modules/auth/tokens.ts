import crypto from 'node:crypto';
import type { Kysely } from 'kysely';
import { TOKEN_LIFETIME_MS } from '../../../core/contracts/auth.ts';
import { ResultCode } from '../../../core/result-codes.ts';
import type { MemberType } from '../../../core/entities.ts';
import type { Clock } from '../../clock.ts';
import { ChangeCache, type ChangeFeed } from '../../db/change-feed.ts';
import { RIGHTS_TABLES } from '../../db/migrations/013_rights_revision.ts';
import type { DB } from '../../db/schema.ts';
import { unauthorized } from '../../errors.ts';

/** Who is calling, resolved from the `token` header. */
export interface Session {
  tokenId: number;
  userId: number;
  /** Null for the tenant-less token of a password login, before login/byToken. */
  tenantId: number | null;
  memberType: MemberType | null;
  /** The tenant's rights revision when the token was checked (absent without a tenant): what keeps cached rights current. */
  rightsRevision?: number;
}

export type TokenEndReason = 'LOGOUT' | 'TENANT_LOGIN' | 'PASSWORD_CHANGED' | 'PASSWORD_RESET' | 'USER_DISABLED';

/** Tokens are 256 random bits handed to the client once; only their SHA-256 is stored. */
export function hashToken(raw: string): string {
  return crypto.createHash('sha256').update(raw).digest('hex');
}

/** The token's row with what its checks need; the checks run on every use, kept or not. */
const readTokenRow = (db: Kysely<DB>, hash: string) =>
  db
    .selectFrom('auth_token as t')
    .innerJoin('app_user as u', 'u.id', 't.user_id')
    .leftJoin('tenant_member as m', (join) => join.onRef('m.user_id', '=', 't.user_id').onRef('m.tenant_id', '=', 't.tenant_id'))
    .leftJoin('tenant', 'tenant.id', 't.tenant_id')
    .select(['t.id', 't.user_id', 't.tenant_id', 't.expire_time', 't.end_time', 'u.status', 'm.type', 'm.status as memberStatus', 'tenant.rights_revision'])
    .where('t.token_hash', '=', hash)
    .executeTakeFirst();

type TokenRow = NonNullable<Awaited<ReturnType<typeof readTokenRow>>>;

/**
 * What a token's row and its checks read: the token, its user, the membership, the tenant's
 * rights revision, and the tables whose writes move that revision (013).
 */
const SESSION_TABLES = ['auth_token', 'app_user', 'tenant_member', 'tenant', ...RIGHTS_TABLES];
/** Tokens whose rows are kept at once; beyond, the least recently used is read again. */
const TOKENS_KEPT = 10_000;

export class TokenService {
  /** Token rows by hash, kept while none of their tables changes (PostgreSQL, see ChangeFeed). */
  private readonly rows: ChangeCache<TokenRow> | null;

  constructor(
    private readonly db: Kysely<DB>,
    private readonly clock: Clock,
    changes?: ChangeFeed,
  ) {
    this.rows = changes ? new ChangeCache(changes, SESSION_TABLES, TOKENS_KEPT) : null;
  }

  async issue(userId: number, tenantId: number | null, trx: Kysely<DB> = this.db): Promise<string> {
    const raw = crypto.randomBytes(32).toString('base64url');
    const now = this.clock.now();
    await trx
      .insertInto('auth_token')
      .values({
        token_hash: hashToken(raw),
        user_id: userId,
        tenant_id: tenantId,
        create_time: new Date(now).toISOString(),
        expire_time: new Date(now + TOKEN_LIFETIME_MS).toISOString(),
      })
      .execute();
    return raw;
  }

  /** The session of a raw token, or the 401 the spec asks for: unknown, expired (12001) or ended (110003). */
  async resolve(raw: string): Promise<Session> {
    const hash = hashToken(raw);
    const row = this.rows ? await this.rows.read(hash, () => readTokenRow(this.db, hash)) : await readTokenRow(this.db, hash);
    if (!row) throw unauthorized();
    if (row.end_time !== null) throw unauthorized(ResultCode.TOKEN_ENDED);
    if (row.expire_time <= new Date(this.clock.now()).toISOString()) throw unauthorized(ResultCode.TOKEN_EXPIRED);
    if (row.status !== 'ACTIVE') throw unauthorized(ResultCode.TOKEN_ENDED);
    // A tenant token whose membership was removed no longer opens anything.
    if (row.tenant_id !== null && row.type === null) throw unauthorized(ResultCode.TOKEN_ENDED);
    // So does one whose membership an administrator disabled.
    if (row.tenant_id !== null && row.memberStatus !== 'ACTIVE') throw unauthorized(ResultCode.TOKEN_ENDED);
    const session: Session = { tokenId: row.id, userId: row.user_id, tenantId: row.tenant_id, memberType: row.type ?? null };
    if (row.rights_revision !== null) session.rightsRevision = row.rights_revision;
    return session;
  }

  async end(tokenId: number, reason: TokenEndReason, trx: Kysely<DB> = this.db): Promise<void> {
    await trx
      .updateTable('auth_token')
      .set({ end_time: new Date(this.clock.now()).toISOString(), end_reason: reason })
      .where('id', '=', tokenId)
      .where('end_time', 'is', null)
      .execute();
  }

  /** Ends the user's live tokens of one tenant (disabled there, or a password reset asked there). */
  async endAllOfUserInTenant(userId: number, tenantId: number, reason: TokenEndReason, trx: Kysely<DB> = this.db) {
    await trx
      .updateTable('auth_token')
      .set({ end_time: new Date(this.clock.now()).toISOString(), end_reason: reason })
      .where('user_id', '=', userId)
      .where('tenant_id', '=', tenantId)
      .where('end_time', 'is', null)
      .execute();
  }

  /** Ends every live token of a user but `keepTokenId`. */
  async endAllOfUser(userId: number, reason: TokenEndReason, keepTokenId: number | null, trx: Kysely<DB> = this.db) {
    let query = trx
      .updateTable('auth_token')
      .set({ end_time: new Date(this.clock.now()).toISOString(), end_reason: reason })
      .where('user_id', '=', userId)
      .where('end_time', 'is', null);
    if (keepTokenId !== null) query = query.where('id', '!=', keepTokenId);
    await query.execute();
  }
}

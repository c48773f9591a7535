import type { Kysely } from 'kysely';
import { normalizeMobilePhone } from '../../../core/validation/formats.ts';
import type { LoginResult, TenantOption } from '../../../core/entities.ts';
import type { DB } from '../../db/schema.ts';
import { AppError, badRequest, conflict, forbidden, notFound } from '../../errors.ts';
import { ResultCode } from '../../../core/result-codes.ts';
import type { Services } from '../../services.ts';
import { presentUser } from '../account/presenter.ts';
import type { AccountFailures } from './account-failures.ts';
import { decoyPasswordHash, hashPassword, isCurrentHash, verifyPassword } from './password.ts';
import type { Session } from './tokens.ts';

const wrongCredentials = () => new AppError(400, ResultCode.BAD_REQUEST, 'Incorrect account or password');

/**
 * Whose failed sign-ins an attempt counts against: the user, however the account is spelled; an
 * unknown account by its spelling, so it is refused exactly as a known one would be.
 */
function failureKey(account: string, user: { id: number } | undefined): string {
  if (user) return `user:${user.id}`;
  const trimmed = account.trim();
  return `account:${trimmed.includes('@') ? trimmed.toLowerCase() : normalizeMobilePhone(trimmed)}`;
}

async function findUserByAccount(db: Kysely<DB>, account: string) {
  const trimmed = account.trim();
  const query = db.selectFrom('app_user').selectAll();
  if (trimmed.includes('@')) return query.where('email', '=', trimmed.toLowerCase()).executeTakeFirst();
  const byName = await query.where('username', '=', trimmed).executeTakeFirst();
  return byName ?? query.where('mobile_phone', '=', normalizeMobilePhone(trimmed)).executeTakeFirst();
}

/**
 * Makes a hash of older parameters again, now that the password is known; only if it is still
 * the one checked, so a password changed meanwhile is never overwritten.
 */
async function rehashPassword(db: Kysely<DB>, userId: number, checked: string, password: string): Promise<void> {
  const passwordHash = await hashPassword(password);
  await db.updateTable('app_user').set({ password_hash: passwordHash }).where('id', '=', userId).where('password_hash', '=', checked).execute();
}

/** Password login: a tenant-less token, to be exchanged by login/byToken. */
export async function passwordLogin(
  s: Services,
  failures: AccountFailures,
  account: string,
  password: string,
): Promise<LoginResult> {
  const user = await findUserByAccount(s.db, account);
  const key = failureKey(account, user);
  failures.takeTry(key);
  // Compare against a decoy when the account is unknown, so both paths take as long.
  const ok = await verifyPassword(password, user?.password_hash ?? (await decoyPasswordHash()));
  if (!user || !ok) throw wrongCredentials();
  failures.clear(key);
  if (user.status !== 'ACTIVE') throw forbidden('This account is disabled');
  if (!isCurrentHash(user.password_hash)) await rehashPassword(s.db, user.id, user.password_hash, password);
  const tenants = await s.db.selectFrom('tenant_member').select('type').where('user_id', '=', user.id).execute();
  const type = tenants.length === 1 ? tenants[0]!.type : null;
  return { token: await s.tokens.issue(user.id, null), user: presentUser(user, type) };
}

export async function listTenants(s: Services, userId: number): Promise<TenantOption[]> {
  const rows = await s.db
    .selectFrom('tenant_member')
    .innerJoin('tenant', 'tenant.id', 'tenant_member.tenant_id')
    .select(['tenant.id', 'tenant.name'])
    .where('tenant_member.user_id', '=', userId)
    .orderBy('tenant.name')
    .execute();
  return rows.map((r) => ({ tenantId: r.id, tenantName: r.name }));
}

/** Exchanges the presented token for one of the chosen tenant, ending the presented one. */
export async function loginToTenant(s: Services, session: Session, tenantId: number): Promise<LoginResult> {
  const member = await s.db
    .selectFrom('tenant_member')
    .select(['type', 'status'])
    .where('user_id', '=', session.userId)
    .where('tenant_id', '=', tenantId)
    .executeTakeFirst();
  if (!member) throw notFound('Tenant');
  // The tenant still appears in login/list/tenant, so the user learns here why entry is refused.
  if (member.status !== 'ACTIVE') throw forbidden('Account disabled in this tenant; ask its administrator');
  const user = await s.db.selectFrom('app_user').selectAll().where('id', '=', session.userId).executeTakeFirstOrThrow();
  const token = await s.db.transaction().execute(async (trx) => {
    await s.tokens.end(session.tokenId, 'TENANT_LOGIN', trx);
    return s.tokens.issue(session.userId, tenantId, trx);
  });
  return { token, user: presentUser(user, member.type) };
}

/**
 * Answers alike whether the number is registered or not, in the same time: a code is stored (so a
 * second ask within the minute is refused either way) and one message sent; the owner of a
 * registered number is told so instead of getting a code.
 */
export async function sendRegisterCode(s: Services, mobilePhone: string): Promise<void> {
  const phone = normalizeMobilePhone(mobilePhone);
  const taken = await s.db.selectFrom('app_user').select('id').where('mobile_phone', '=', phone).executeTakeFirst();
  const code = await s.codes.create('SMS', phone, 'REGISTER');
  await s.sender.sendSms(
    phone,
    taken
      ? 'Someone asked to register this number with Plinth, but it already has a Plinth account. Sign in, or reset the password if it is forgotten.'
      : `Your Plinth registration code is ${code}. It is valid for 10 minutes.`,
  );
}

export async function register(
  s: Services,
  input: { mobilePhone: string; verificationCode: string; password: string; name: string },
): Promise<LoginResult> {
  const phone = normalizeMobilePhone(input.mobilePhone);
  const codeId = await s.codes.verify('SMS', phone, 'REGISTER', input.verificationCode);
  const passwordHash = await hashPassword(input.password);
  const now = new Date(s.clock.now()).toISOString();
  return s.db.transaction().execute(async (trx) => {
    await s.codes.markUsed(trx, codeId);
    const taken = await trx.selectFrom('app_user').select('id').where('mobile_phone', '=', phone).executeTakeFirst();
    if (taken) throw conflict('mobilePhone: this number is already registered');
    const user = await trx
      .insertInto('app_user')
      .values({
        username: phone,
        name: input.name.trim(),
        mobile_phone: phone,
        email: null,
        password_hash: passwordHash,
        avatar: null,
        status: 'ACTIVE',
        create_time: now,
        update_time: now,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    return { token: await s.tokens.issue(user.id, null, trx), user: presentUser(user, null) };
  });
}

/**
 * Sends a reset code when the address belongs to an account; answers the same either way. A code
 * is stored for any address, so a second ask within the minute is refused for an unknown one too.
 */
export async function sendResetCode(s: Services, email: string): Promise<void> {
  const address = email.toLowerCase();
  const user = await s.db.selectFrom('app_user').select('id').where('email', '=', address).executeTakeFirst();
  const code = await s.codes.create('EMAIL', address, 'RESET_PASSWORD');
  if (!user) return;
  await s.sender.sendEmail(
    address,
    'Plinth password reset code',
    `Your Plinth password reset code is ${code}. It is valid for 10 minutes.\nIf you did not ask for it, ignore this mail.`,
  );
}

export async function resetPasswordByEmail(
  s: Services,
  input: { email: string; verificationCode: string; newPassword: string },
): Promise<void> {
  const address = input.email.toLowerCase();
  const codeId = await s.codes.verify('EMAIL', address, 'RESET_PASSWORD', input.verificationCode);
  const passwordHash = await hashPassword(input.newPassword);
  await s.db.transaction().execute(async (trx) => {
    await s.codes.markUsed(trx, codeId);
    const user = await trx.selectFrom('app_user').select('id').where('email', '=', address).executeTakeFirst();
    if (!user) throw badRequest('email', 'no account uses this address');
    await trx
      .updateTable('app_user')
      .set({ password_hash: passwordHash, update_time: new Date(s.clock.now()).toISOString() })
      .where('id', '=', user.id)
      .execute();
    await s.tokens.endAllOfUser(user.id, 'PASSWORD_CHANGED', null, trx);
  });
}

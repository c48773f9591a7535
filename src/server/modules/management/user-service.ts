import crypto from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import type {
  ManagedUser,
  MemberStatus,
  UserInviteBody,
  UserOption,
  UserPage,
  UserPageBody,
  UserRolesBody,
} from '../../../core/contracts/management.ts';
import type { MemberType } from '../../../core/entities.ts';
import { normalizeMobilePhone } from '../../../core/validation/formats.ts';
import { containsText } from '../../db/like.ts';
import { replaceLinks } from '../../db/link-rows.ts';
import type { DB } from '../../db/schema.ts';
import { notFoundAt, requireTenantIds } from '../../db/tenant-references.ts';
import type { TenantScope } from '../../db/tenant-scope.ts';
import { refusingDuplicates } from '../../db/unique-violation.ts';
import { badRequest, conflict, forbidden, savedMeanwhile, type AppError } from '../../errors.ts';
import { policy } from '../../access/policies.ts';
import type { Services } from '../../services.ts';
import { hashPassword } from '../auth/password.ts';
import type { Session } from '../auth/tokens.ts';
import { addedToTenantMail, invitationMail, passwordResetMail } from './mails.ts';

interface MemberRow {
  id: number;
  username: string;
  name: string;
  mobile_phone: string | null;
  email: string | null;
  type: MemberType;
  status: MemberStatus;
  create_time: string;
}

function membersQuery(scope: TenantScope) {
  return scope
    .selectFrom('tenant_member')
    .innerJoin('app_user', 'app_user.id', 'tenant_member.user_id')
    .select([
      'app_user.id',
      'app_user.username',
      'app_user.name',
      'app_user.mobile_phone',
      'app_user.email',
      'tenant_member.type',
      'tenant_member.status',
      'tenant_member.create_time',
    ]);
}

/** Rows -> the wire's users, with their roles, direct groups and workspaces (three reads for the lot). */
async function presentMembers(scope: TenantScope, rows: MemberRow[]): Promise<ManagedUser[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const [roles, groups, workspaces] = await Promise.all([
    scope.selectFrom('user_role').select(['user_role.user_id', 'user_role.role_id as ref']).where('user_role.user_id', 'in', ids).execute(),
    scope.selectFrom('group_user').select(['group_user.user_id', 'group_user.group_id as ref']).where('group_user.user_id', 'in', ids).execute(),
    scope
      .selectFrom('workspace_member')
      .select(['workspace_member.user_id', 'workspace_member.workspace_id as ref'])
      .where('workspace_member.user_id', 'in', ids)
      .execute(),
  ]);
  const byUser = (links: { user_id: number; ref: number }[]) => {
    const map = new Map<number, number[]>();
    for (const link of links) map.set(link.user_id, [...(map.get(link.user_id) ?? []), link.ref]);
    return (id: number) => (map.get(id) ?? []).sort((a, b) => a - b);
  };
  const rolesOf = byUser(roles);
  const groupsOf = byUser(groups);
  const workspacesOf = byUser(workspaces);
  return rows.map((r) => ({
    id: r.id,
    username: r.username,
    name: r.name,
    mobilePhone: r.mobile_phone,
    email: r.email,
    type: r.type,
    status: r.status,
    roleIds: rolesOf(r.id),
    groupIds: groupsOf(r.id),
    workspaceIds: workspacesOf(r.id),
    createTime: r.create_time,
  }));
}

/** One member of the tenant, or 404 naming `field`. */
async function findMember(scope: TenantScope, userId: number, field = 'userId'): Promise<ManagedUser> {
  const row = await membersQuery(scope).where('tenant_member.user_id', '=', userId).executeTakeFirst();
  if (!row) throw notFoundAt(field, 'User');
  const [user] = await presentMembers(scope, [row]);
  return user!;
}

export async function pageUsers(scope: TenantScope, input: UserPageBody): Promise<UserPage> {
  let query = membersQuery(scope);
  const keyword = input.keyword?.trim();
  if (keyword) {
    query = query.where((eb) =>
      eb.or(['app_user.username', 'app_user.name', 'app_user.email', 'app_user.mobile_phone'].map((column) => containsText(sql.ref(column), keyword))),
    );
  }
  if (input.status) query = query.where('tenant_member.status', '=', input.status);
  const { total } = await query
    .clearSelect()
    .select((eb) => eb.fn.countAll<number>().as('total'))
    .executeTakeFirstOrThrow();
  const rows = await query
    .orderBy('tenant_member.id')
    .limit(input.pageSize)
    .offset((input.pageNum - 1) * input.pageSize)
    .execute();
  return { list: await presentMembers(scope, rows), total: Number(total), pageNum: input.pageNum, pageSize: input.pageSize };
}

export async function userOptions(scope: TenantScope): Promise<UserOption[]> {
  const rows = await membersQuery(scope).orderBy('app_user.name').orderBy('app_user.id').execute();
  return rows.map((r) => ({ id: r.id, username: r.username, name: r.name, type: r.type, status: r.status }));
}

/** 403 unless the caller may make, disable or reset a member of this type (policy.member.manage). */
function requireMayManage(session: Session, type: MemberType): void {
  if (!policy.member.manage({ session }, type)) {
    throw forbidden('Only an administrator of the tenant may do this to an administrator');
  }
}

async function setMemberLinks(
  t: TenantScope,
  userId: number,
  links: { roleIds?: number[]; groupIds?: number[]; workspaceIds?: number[] },
): Promise<void> {
  if (links.roleIds) {
    await requireTenantIds(t, 'role', links.roleIds, 'roleIds');
    await replaceLinks(t, 'user_role', { user_id: userId }, 'role_id', links.roleIds);
  }
  if (links.groupIds) {
    await requireTenantIds(t, 'group', links.groupIds, 'groupIds');
    await replaceLinks(t, 'group_user', { user_id: userId }, 'group_id', links.groupIds);
  }
  if (links.workspaceIds) {
    await requireTenantIds(t, 'workspace', links.workspaceIds, 'workspaceIds');
    await replaceLinks(t, 'workspace_member', { user_id: userId }, 'workspace_id', links.workspaceIds);
  }
}

async function tenantName(db: Kysely<DB>, tenantId: number): Promise<string> {
  return (await db.selectFrom('tenant').select('name').where('id', '=', tenantId).executeTakeFirstOrThrow()).name;
}

/**
 * What stops an invite as the database stands now: the 409 naming the field, or null. An
 * existing account (found by e-mail) only must not be a member yet; a new one needs a free
 * sign-in name and mobile number. `scope` reads inside the caller's transaction, if any.
 */
async function inviteRefusal(
  scope: TenantScope,
  input: UserInviteBody,
  account: { id: number } | undefined,
  mobilePhone: string | null,
): Promise<AppError | null> {
  if (account) {
    const member = await scope.selectFrom('tenant_member').select('tenant_member.id').where('tenant_member.user_id', '=', account.id).executeTakeFirst();
    return member ? conflict('email: this person is already a member of the tenant') : null;
  }
  if (await scope.db.selectFrom('app_user').select('id').where('username', '=', input.username).executeTakeFirst()) {
    return conflict('username: this sign-in name is taken');
  }
  if (mobilePhone && (await scope.db.selectFrom('app_user').select('id').where('mobile_phone', '=', mobilePhone).executeTakeFirst())) {
    return conflict('mobilePhone: another account uses this number');
  }
  return null;
}

const accountByEmail = (db: Kysely<DB>, email: string) => db.selectFrom('app_user').select(['id']).where('email', '=', email).executeTakeFirst();

/**
 * Makes a person a member of the tenant. A new account gets a random password and a reset
 * code by mail, so the person chooses their own; an existing account with that e-mail keeps
 * its name and password and is told by mail that it was added.
 */
export async function inviteUser(s: Services, scope: TenantScope, session: Session, input: UserInviteBody): Promise<ManagedUser> {
  requireMayManage(session, input.type);
  const email = input.email.toLowerCase();
  const mobilePhone = input.mobilePhone ? normalizeMobilePhone(input.mobilePhone) : null;
  const existing = await accountByEmail(s.db, email);
  const passwordHash = existing ? null : await hashPassword(crypto.randomBytes(32).toString('base64url'));
  const now = new Date(s.clock.now()).toISOString();

  const userId = await refusingDuplicates(
    () =>
      s.db.transaction().execute(async (trx) => {
        const t = scope.with(trx);
        const refusal = await inviteRefusal(t, input, existing, mobilePhone);
        if (refusal) throw refusal;
        let id = existing?.id;
        if (id === undefined) {
          ({ id } = await trx
            .insertInto('app_user')
            .values({
              username: input.username,
              name: input.name.trim(),
              mobile_phone: mobilePhone,
              email,
              password_hash: passwordHash!,
              avatar: null,
              status: 'ACTIVE',
              create_time: now,
              update_time: now,
            })
            .returning('id')
            .executeTakeFirstOrThrow());
        }
        await t.insertInto('tenant_member', [{ user_id: id, type: input.type, status: 'ACTIVE', create_time: now }]).execute();
        await setMemberLinks(t, id, { roleIds: input.roleIds, workspaceIds: input.workspaceIds });
        return id;
      }),
    // An invite of the same person (or name, or number) got in first: the checks now see what it wrote.
    async () => (await inviteRefusal(scope, input, await accountByEmail(s.db, email), mobilePhone)) ?? savedMeanwhile(),
  );

  // Mail after the commit: the account exists whatever the mail does, and a resend is one reset away.
  const [tenant, inviter] = await Promise.all([
    tenantName(s.db, scope.tenantId),
    s.db.selectFrom('app_user').select('name').where('id', '=', session.userId).executeTakeFirstOrThrow(),
  ]);
  if (existing) {
    const mail = addedToTenantMail({ tenant, inviter: inviter.name });
    await s.sender.sendEmail(email, mail.subject, mail.text);
  } else {
    const code = await s.codes.create('EMAIL', email, 'RESET_PASSWORD');
    const mail = invitationMail({ tenant, inviter: inviter.name, username: input.username, code });
    await s.sender.sendEmail(email, mail.subject, mail.text);
  }
  return findMember(scope, userId);
}

/** DISABLED ends the member's tokens of this tenant and keeps them out of it; ACTIVE lets them back in. */
export async function setUserStatus(
  s: Services,
  scope: TenantScope,
  session: Session,
  userId: number,
  status: MemberStatus,
): Promise<ManagedUser> {
  const member = await findMember(scope, userId);
  requireMayManage(session, member.type);
  if (status === 'DISABLED' && userId === session.userId) throw badRequest('userId', 'you cannot disable yourself');
  await s.db.transaction().execute(async (trx) => {
    await scope.with(trx).updateTable('tenant_member').set({ status }).where('tenant_member.user_id', '=', userId).execute();
    if (status === 'DISABLED') await s.tokens.endAllOfUserInTenant(userId, scope.tenantId, 'USER_DISABLED', trx);
  });
  return findMember(scope, userId);
}

/**
 * Mails the member a reset code and ends their tokens of this tenant. The password itself
 * stays until they choose a new one: the account may belong to other tenants, whose access
 * one tenant's administrator must not take away.
 */
export async function resetUserPassword(s: Services, scope: TenantScope, session: Session, userId: number): Promise<void> {
  const member = await findMember(scope, userId);
  requireMayManage(session, member.type);
  if (!member.email) throw badRequest('userId', 'the user has no e-mail address to send a code to');
  const code = await s.codes.create('EMAIL', member.email, 'RESET_PASSWORD');
  await s.tokens.endAllOfUserInTenant(userId, scope.tenantId, 'PASSWORD_RESET');
  const mail = passwordResetMail({ tenant: await tenantName(s.db, scope.tenantId), code });
  await s.sender.sendEmail(member.email, mail.subject, mail.text);
}

export async function setUserRoles(scope: TenantScope, input: UserRolesBody): Promise<ManagedUser> {
  await scope.db.transaction().execute(async (trx) => {
    const t = scope.with(trx);
    await findMember(t, input.userId);
    await setMemberLinks(t, input.userId, { roleIds: input.roleIds, groupIds: input.groupIds });
  });
  return findMember(scope, input.userId);
}

export async function setUserWorkspaces(scope: TenantScope, userId: number, workspaceIds: number[]): Promise<ManagedUser> {
  await scope.db.transaction().execute(async (trx) => {
    const t = scope.with(trx);
    await findMember(t, userId);
    await setMemberLinks(t, userId, { workspaceIds });
  });
  return findMember(scope, userId);
}

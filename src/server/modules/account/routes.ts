import type { FastifyInstance } from 'fastify';
import {
  ACCOUNT_PATHS,
  updateAvatarBody,
  updatePasswordBody,
  type UpdateAvatarBody,
  type UpdatePasswordBody,
} from '../../../core/contracts/account.ts';
import type { CurrentAccount } from '../../../core/entities.ts';
import { badRequest } from '../../errors.ts';
import { callerOf, sessionOf } from '../../plugins/auth.ts';
import { AccountFailures } from '../auth/account-failures.ts';
import { hashPassword, verifyPassword } from '../auth/password.ts';
import { linkAvatarFile } from '../filestore/file-links.ts';
import { listWorkspaces } from '../workspace/service.ts';
import { presentUser } from './presenter.ts';

export async function accountRoutes(app: FastifyInstance): Promise<void> {
  const s = app.services;
  // A stolen token must not open unlimited guesses at its account's password.
  const wrongPasswords = new AccountFailures(s.clock, s.config.rateLimit, 'Too many wrong current passwords for this account.');
  const userRow = (id: number) => s.db.selectFrom('app_user').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

  // What the client loads after a `?token=` start-up: user, tenant and workspaces.
  app.get(ACCOUNT_PATHS.current, { config: { auth: 'user' } }, async (request): Promise<CurrentAccount> => {
    const session = sessionOf(request);
    const user = await userRow(session.userId);
    if (session.tenantId === null) return { user: presentUser(user, null), tenant: null, workspaces: [] };
    const tenant = await s.db.selectFrom('tenant').select(['id', 'name']).where('id', '=', session.tenantId).executeTakeFirstOrThrow();
    return {
      user: presentUser(user, session.memberType),
      tenant: { tenantId: tenant.id, tenantName: tenant.name },
      workspaces: listWorkspaces(callerOf(request)),
    };
  });

  // A password change ends every other token of the user; the one that made the change lives on.
  app.post<{ Body: UpdatePasswordBody }>(
    ACCOUNT_PATHS.updatePassword,
    { schema: { body: updatePasswordBody }, config: { auth: 'user' } },
    async (request) => {
      const session = sessionOf(request);
      const user = await userRow(session.userId);
      wrongPasswords.takeTry(`user:${user.id}`);
      if (!(await verifyPassword(request.body.password, user.password_hash))) {
        throw badRequest('password', 'the current password is not correct');
      }
      wrongPasswords.clear(`user:${user.id}`);
      if (request.body.password === request.body.newPassword) {
        throw badRequest('newPassword', 'must differ from the current password');
      }
      const passwordHash = await hashPassword(request.body.newPassword);
      await s.db.transaction().execute(async (trx) => {
        await trx
          .updateTable('app_user')
          .set({ password_hash: passwordHash, update_time: new Date(s.clock.now()).toISOString() })
          .where('id', '=', session.userId)
          .execute();
        await s.tokens.endAllOfUser(session.userId, 'PASSWORD_CHANGED', session.tokenId, trx);
      });
    },
  );

  app.post<{ Body: UpdateAvatarBody }>(
    ACCOUNT_PATHS.updateAvatar,
    { schema: { body: updateAvatarBody }, config: { auth: 'user' } },
    async (request) => {
      const session = sessionOf(request);
      const time = new Date(s.clock.now()).toISOString();
      await s.db.transaction().execute(async (trx) => {
        await trx.updateTable('app_user').set({ avatar: request.body.avatar, update_time: time }).where('id', '=', session.userId).execute();
        // An avatar from the file store is one of that file's owners in the attachment list.
        await linkAvatarFile(trx, session.userId, request.body.avatar, time);
      });
      return presentUser(await userRow(session.userId), session.memberType);
    },
  );
}

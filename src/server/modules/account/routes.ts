import type { FastifyInstance } from 'fastify';
import {
  ACCOUNT_PATHS,
  avatarFileId,
  avatarUrlOf,
  updateAvatarBody,
  updatePasswordBody,
  type UpdateAvatarBody,
  type UpdatePasswordBody,
} from '../../../core/contracts/account.ts';
import type { CurrentAccount } from '../../../core/entities.ts';
import { policy } from '../../access/policies.ts';
import { badRequest } from '../../errors.ts';
import { callerOf, sessionOf } from '../../plugins/auth.ts';
import { AccountFailures } from '../auth/account-failures.ts';
import { hashPassword, verifyPassword } from '../auth/password.ts';
import { linkAvatarFile } from '../filestore/file-links.ts';
import { findFileObjects } from '../filestore/file-objects.ts';
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

  // An avatar is an image the user uploaded to the file store (the schema refuses any other
  // address), or none: null removes it.
  app.post<{ Body: UpdateAvatarBody }>(
    ACCOUNT_PATHS.updateAvatar,
    { schema: { body: updateAvatarBody }, config: { auth: 'user' } },
    async (request) => {
      const session = sessionOf(request);
      const fileId = avatarFileId(request.body.avatar);
      if (fileId) {
        // A file belongs to a tenant: a token that has not entered one has none to name.
        const caller = request.caller;
        const [file] = caller ? await findFileObjects(caller.scope, [fileId]) : [];
        if (!caller || !file || !policy.file.useAsAvatar(caller, file)) throw badRequest('avatar', 'must be an image you uploaded');
      }
      const avatar = fileId ? avatarUrlOf(fileId) : null;
      const time = new Date(s.clock.now()).toISOString();
      await s.db.transaction().execute(async (trx) => {
        await trx.updateTable('app_user').set({ avatar, update_time: time }).where('id', '=', session.userId).execute();
        // An avatar from the file store is one of that file's owners in the attachment list.
        await linkAvatarFile(trx, session.userId, avatar, time);
      });
      return presentUser(await userRow(session.userId), session.memberType);
    },
  );
}

import type { FastifyInstance } from 'fastify';
import {
  AUTH_PATHS,
  emailCodeQuery,
  loginByTokenBody,
  passwordLoginBody,
  passwordRegisterBody,
  resetPasswordByEmailBody,
  verificationCodeQuery,
  type EmailCodeQuery,
  type LoginByTokenBody,
  type PasswordLoginBody,
  type PasswordRegisterBody,
  type ResetPasswordByEmailBody,
  type VerificationCodeQuery,
} from '../../../core/contracts/auth.ts';
import { sessionOf } from '../../plugins/auth.ts';
import { AccountFailures } from './account-failures.ts';
import {
  listTenants,
  loginToTenant,
  passwordLogin,
  register,
  resetPasswordByEmail,
  sendRegisterCode,
  sendResetCode,
} from './service.ts';

export async function authRoutes(app: FastifyInstance): Promise<void> {
  const s = app.services;
  const { windowMs, loginMax, codeMax } = s.config.rateLimit;
  const loginLimit = { max: loginMax, timeWindow: windowMs };
  const codeLimit = { max: codeMax, timeWindow: windowMs };
  // Per account as well as per address: one guesser may have many addresses.
  const signInFailures = new AccountFailures(s.clock, s.config.rateLimit, 'Too many failed sign-ins for this account.');

  app.post<{ Body: PasswordLoginBody }>(
    AUTH_PATHS.passwordLogin,
    { schema: { body: passwordLoginBody }, config: { auth: 'public', rateLimit: loginLimit } },
    async (request) => passwordLogin(s, signInFailures, request.body.account, request.body.password),
  );

  app.get(AUTH_PATHS.tenants, { config: { auth: 'user' } }, async (request) =>
    listTenants(s, sessionOf(request).userId),
  );

  app.post<{ Body: LoginByTokenBody }>(
    AUTH_PATHS.loginByToken,
    { schema: { body: loginByTokenBody }, config: { auth: 'user', rateLimit: loginLimit } },
    async (request) => loginToTenant(s, sessionOf(request), request.body.tenantId),
  );

  app.post(AUTH_PATHS.logout, { config: { auth: 'user' } }, async (request) => {
    await s.tokens.end(sessionOf(request).tokenId, 'LOGOUT');
  });

  app.get<{ Querystring: VerificationCodeQuery }>(
    AUTH_PATHS.verificationCode,
    { schema: { querystring: verificationCodeQuery }, config: { auth: 'public', rateLimit: codeLimit } },
    async (request) => {
      await sendRegisterCode(s, request.query.mobilePhone);
    },
  );

  app.post<{ Body: PasswordRegisterBody }>(
    AUTH_PATHS.passwordRegister,
    { schema: { body: passwordRegisterBody }, config: { auth: 'public', rateLimit: loginLimit } },
    async (request) => register(s, request.body),
  );

  app.get<{ Querystring: EmailCodeQuery }>(
    AUTH_PATHS.emailVerificationCode,
    { schema: { querystring: emailCodeQuery }, config: { auth: 'public', rateLimit: codeLimit } },
    async (request) => {
      await sendResetCode(s, request.query.email);
    },
  );

  app.post<{ Body: ResetPasswordByEmailBody }>(
    AUTH_PATHS.resetPasswordByEmail,
    { schema: { body: resetPasswordByEmailBody }, config: { auth: 'public', rateLimit: loginLimit } },
    async (request) => {
      await resetPasswordByEmail(s, request.body);
    },
  );
}

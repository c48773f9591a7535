import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LoginResult } from '../../../src/core/entities.ts';
import { ResultCode } from '../../../src/core/result-codes.ts';
import { testDialects } from '../../helpers/databases.ts';
import { startSmtpServer } from '../../helpers/smtp.ts';
import { DEMO_PASSWORD, HARBOR, startTestApp, type TestApp } from '../../helpers/test-app.ts';

describe.each(testDialects())('password reset by e-mail over SMTP on %s', (dialect) => {
  let t: TestApp;
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  beforeAll(async () => {
    smtp = await startSmtpServer();
    t = await startTestApp(dialect, { smtpUrl: smtp.url });
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  const codeFromMail = (to: string) => {
    const mail = [...smtp.mails].reverse().find((m) => m.to.includes(to));
    const code = mail && /code is (\d{6})/.exec(mail.raw)?.[1];
    if (!code) throw new Error(`no code mailed to ${to}`);
    return code;
  };
  const login = (account: string, password: string) =>
    t.call<LoginResult>('POST', '/proptech_allplan/login/passwordLogin', { body: { account, password } });

  it('mails a code that resets the password and ends every token of the user', async () => {
    const oldToken = await t.signIn('carol', HARBOR);
    const ask = await t.call('GET', '/proptech_allplan/login/getVerificationCode/email', {
      query: { email: 'carol@harbor.example' },
    });
    expect(ask.body.success).toBe(true);
    const code = codeFromMail('carol@harbor.example');

    const reset = await t.call('POST', '/proptech_allplan/login/resetPsw/email', {
      body: { email: 'Carol@Harbor.example', verificationCode: code, newPassword: 'N3w-password!' },
    });
    expect(reset.body).toMatchObject({ success: true, code: 200 });
    expect((await login('carol', DEMO_PASSWORD)).status).toBe(400);
    expect((await login('carol', 'N3w-password!')).body.success).toBe(true);
    const old = await t.call('GET', '/proptech_allplan/workingSpace/list', { token: oldToken });
    expect(old.status).toBe(401);
    expect(old.body.code).toBe(ResultCode.TOKEN_ENDED);
  });

  it('answers the same for an unknown address and sends nothing', async () => {
    const before = smtp.mails.length;
    const ask = await t.call('GET', '/proptech_allplan/login/getVerificationCode/email', {
      query: { email: 'nobody@nowhere.example' },
    });
    expect(ask.body.success).toBe(true);
    expect(smtp.mails.length).toBe(before);
  });

  it('refuses a wrong code and leaves the password as it was', async () => {
    await t.call('GET', '/proptech_allplan/login/getVerificationCode/email', { query: { email: 'dave@harbor.example' } });
    const code = codeFromMail('dave@harbor.example');
    const wrong = code === '123456' ? '654321' : '123456';
    const reset = await t.call('POST', '/proptech_allplan/login/resetPsw/email', {
      body: { email: 'dave@harbor.example', verificationCode: wrong, newPassword: 'N3w-password!' },
    });
    expect(reset.status).toBe(400);
    expect(reset.body.message).toMatch(/^verificationCode/);
    expect((await login('dave', DEMO_PASSWORD)).body.success).toBe(true);
  });

  it('checks the e-mail format and the new password', async () => {
    const badEmail = await t.call('GET', '/proptech_allplan/login/getVerificationCode/email', {
      query: { email: 'not an address' },
    });
    expect(badEmail.status).toBe(400);
    expect(badEmail.body.message).toMatch(/^email/);
    const shortPassword = await t.call('POST', '/proptech_allplan/login/resetPsw/email', {
      body: { email: 'dave@harbor.example', verificationCode: '123456', newPassword: 'short' },
    });
    expect(shortPassword.status).toBe(400);
    expect(shortPassword.body.message).toMatch(/^newPassword/);
  });
});

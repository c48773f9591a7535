import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LoginResult } from '../../../src/core/entities.ts';
import { testDialects } from '../../helpers/databases.ts';
import { lastCodeSentTo } from '../../helpers/outbox.ts';
import { startTestApp, type TestApp } from '../../helpers/test-app.ts';

describe.each(testDialects())('registration by SMS code on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(dialect);
  });
  afterAll(() => t.close());

  const askCode = (mobilePhone: string) =>
    t.call('GET', '/proptech_allplan/login/getVerificationCode', { query: { mobilePhone, scene: 'REGISTER' } });
  const registerWith = (mobilePhone: string, verificationCode: string, name = 'Wang Fang') =>
    t.call<LoginResult>('POST', '/proptech_allplan/login/passwordRegister', {
      body: { mobilePhone, verificationCode, password: 'Str0ng-pass', name },
    });
  const userCount = async () => (await t.app.services.db.selectFrom('app_user').select('id').execute()).length;

  it('sends a 6-digit code to the outbox and registers the user with it', async () => {
    expect((await askCode('+8613912345678')).body.success).toBe(true);
    const code = await lastCodeSentTo(t, '13912345678');
    const result = await registerWith('13912345678', code, '王芳 ✓');
    expect(result.body.success).toBe(true);
    expect(result.body.data.user).toMatchObject({ name: '王芳 ✓', mobilePhone: '13912345678', type: null });
    const login = await t.call<LoginResult>('POST', '/proptech_allplan/login/passwordLogin', {
      body: { account: '13912345678', password: 'Str0ng-pass' },
    });
    expect(login.body.success).toBe(true);
  });

  it('accepts a code once only', async () => {
    await askCode('13912340001');
    const code = await lastCodeSentTo(t, '13912340001');
    expect((await registerWith('13912340001', code)).body.success).toBe(true);
    const again = await registerWith('13912340001', code);
    expect(again.status).toBe(400);
    expect(again.body.message).toMatch(/^verificationCode/);
  });

  it('answers alike for a registered number, telling only its owner by SMS, with no code', async () => {
    const result = await askCode('13800000002'); // alice
    expect(result.status).toBe(200);
    expect(result.body.success).toBe(true);
    // Only the owner of the number, told by SMS, learns it is taken; no code is sent to it.
    const sent = await t.app.services.db.selectFrom('outbox').select('body').where('recipient', '=', '13800000002').execute();
    expect(sent.map((m) => m.body)).toEqual([expect.stringMatching(/already has a Plinth account/)]);
    expect(sent[0]!.body).not.toMatch(/code/);
  });

  it('allows one code per minute per number', async () => {
    expect((await askCode('13912340002')).status).toBe(200);
    const tooSoon = await askCode('13912340002');
    expect(tooSoon.status).toBe(429);
    t.clock.advance(60_000);
    expect((await askCode('13912340002')).status).toBe(200);
  });

  it('expires a code after 10 minutes', async () => {
    await askCode('13912340003');
    const code = await lastCodeSentTo(t, '13912340003');
    t.clock.advance(10 * 60_000);
    const before = await userCount();
    const late = await registerWith('13912340003', code);
    expect(late.status).toBe(400);
    expect(late.body.message).toMatch(/^verificationCode/);
    expect(await userCount()).toBe(before);
  });

  it('gives up a code after 5 wrong tries, even the right one after that', async () => {
    await askCode('13912340004');
    const code = await lastCodeSentTo(t, '13912340004');
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i++) {
      const attempt = await registerWith('13912340004', wrong);
      expect(attempt.body.message).toMatch(/^verificationCode: the code is not correct/);
    }
    const right = await registerWith('13912340004', code);
    expect(right.status).toBe(400);
    expect(right.body.message).toMatch(/^verificationCode: the code has expired or was used up/);
  });

  it('checks formats: phone, scene, code, password length, name', async () => {
    const badPhone = await askCode('12345');
    expect(badPhone.status).toBe(400);
    expect(badPhone.body.message).toMatch(/^mobilePhone/);
    const badScene = await t.call('GET', '/proptech_allplan/login/getVerificationCode', {
      query: { mobilePhone: '13912340005', scene: 'LOGIN' },
    });
    expect(badScene.body.message).toMatch(/^scene/);
    await askCode('13912340005');
    const code = await lastCodeSentTo(t, '13912340005');
    const cases: [Record<string, unknown>, RegExp][] = [
      [{ verificationCode: '12ab56' }, /^verificationCode/],
      [{ password: 'short' }, /^password/],
      [{ name: '' }, /^name/],
      [{ name: '<script>alert(1)</script>' }, /^name/],
      [{ name: 'x'.repeat(65) }, /^name/],
      [{ extra: 1 }, /^extra: is not an allowed field/],
    ];
    const before = await userCount();
    for (const [change, message] of cases) {
      const result = await t.call('POST', '/proptech_allplan/login/passwordRegister', {
        body: { mobilePhone: '13912340005', verificationCode: code, password: 'Str0ng-pass', name: 'Li Na', ...change },
      });
      expect(result.status, JSON.stringify(change)).toBe(400);
      expect(result.body.message, JSON.stringify(change)).toMatch(message);
    }
    expect(await userCount()).toBe(before);
    // The code survived the refused attempts (they failed before it was checked).
    expect((await registerWith('13912340005', code)).body.success).toBe(true);
  });
});

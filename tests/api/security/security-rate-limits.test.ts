import { afterEach, describe, expect, it } from 'vitest';
import type { LoginResult } from '../../../src/core/entities.ts';
import { loadConfig, type AppConfig } from '../../../src/server/config.ts';
import { testDialects } from '../../helpers/databases.ts';
import { DEMO_PASSWORD, startTestApp, type TestApp } from '../../helpers/test-app.ts';

const MINUTE = 60_000;
const API = '/proptech_allplan';
const LOOSE = { loginMax: 1000, codeMax: 1000, windowMs: MINUTE, accountFailureMax: 1000, accountWindowMs: 15 * MINUTE };

describe('TRUST_PROXY', () => {
  const trustProxy = (value: string | undefined) => loadConfig({ TRUST_PROXY: value }).trustProxy;

  it('trusts no forwarded header unless proxies are named', () => {
    expect(trustProxy(undefined)).toEqual([]);
    expect(trustProxy('')).toEqual([]);
    expect(trustProxy(' , ')).toEqual([]);
  });

  it('reads a comma-separated list of addresses, CIDR ranges and proxy-addr names', () => {
    expect(trustProxy('127.0.0.1, 10.0.0.0/8,::1,fd00::/8,172.16.0.0/255.240.0.0,loopback')).toEqual([
      '127.0.0.1',
      '10.0.0.0/8',
      '::1',
      'fd00::/8',
      '172.16.0.0/255.240.0.0',
      'loopback',
    ]);
  });

  it('refuses a hop count, "true" and anything that is not an address', () => {
    expect(() => trustProxy('1')).toThrow(/TRUST_PROXY: a hop count/);
    expect(() => trustProxy('true')).toThrow(/TRUST_PROXY: "true" is not/);
    expect(() => trustProxy('127.0.0.1,proxy.internal')).toThrow(/TRUST_PROXY: "proxy.internal" is not/);
    expect(() => trustProxy('10.0.0.0/33')).toThrow(/TRUST_PROXY: "10.0.0.0\/33" is not/);
  });
});

describe.each(testDialects())('limits an attacker cannot step around on %s', (dialect) => {
  let t: TestApp;
  afterEach(async () => {
    await t?.close();
  });

  const start = async (overrides: Partial<AppConfig>) => {
    t = await startTestApp(dialect, overrides);
    return t;
  };
  const login = (account: string, password: string, forwardedFor?: string) =>
    t.call<LoginResult>('POST', `${API}/login/passwordLogin`, {
      body: { account, password },
      headers: forwardedFor ? { 'x-forwarded-for': forwardedFor } : {},
    });

  it('a forged X-Forwarded-For does not reset the sign-in limit', async () => {
    await start({ rateLimit: { ...LOOSE, loginMax: 3 } });
    const statuses = [];
    for (let i = 1; i <= 4; i++) statuses.push((await login('alice', 'wrong-password', `203.0.113.${i}`)).status);
    expect(statuses).toEqual([400, 400, 400, 429]);
  });

  it('behind a trusted proxy the forwarded address is the client, so each client has its own limit', async () => {
    await start({ trustProxy: ['127.0.0.1'], rateLimit: { ...LOOSE, loginMax: 3 } });
    for (let i = 0; i < 3; i++) expect((await login('alice', 'wrong-password', '203.0.113.7')).status).toBe(400);
    expect((await login('alice', 'wrong-password', '203.0.113.7')).status).toBe(429);
    // Another client behind the same proxy still signs in.
    expect((await login('alice', DEMO_PASSWORD, '203.0.113.8')).status).toBe(200);
  });

  it('an IPv6 client is limited per /64, so rotating addresses within it does not help', async () => {
    await start({ trustProxy: ['127.0.0.1'], rateLimit: { ...LOOSE, loginMax: 3 } });
    const statuses = [];
    for (const address of ['2001:db8:1:2::1', '2001:db8:1:2::2', '2001:db8:1:2:aaaa::3', '2001:0DB8:0001:0002:ffff:1:2:3']) {
      statuses.push((await login('alice', 'wrong-password', address)).status);
    }
    expect(statuses).toEqual([400, 400, 400, 429]);
    expect((await login('alice', DEMO_PASSWORD, '2001:db8:1:3::1')).status).toBe(200);
  });

  it('refuses an account after 5 failed sign-ins in 15 minutes, from any address, until the window has passed', async () => {
    await start({ trustProxy: ['127.0.0.1'], rateLimit: { ...LOOSE, accountFailureMax: 5, accountWindowMs: 15 * MINUTE } });
    for (let i = 1; i <= 5; i++) {
      const failed = await login('bob', 'wrong-password', `198.51.100.${i}`);
      expect(failed.status).toBe(400);
      expect(failed.body.message).toBe('Incorrect account or password');
      t.clock.advance(1000);
    }
    // Even the right password is refused now, wherever it comes from.
    const refused = await login('bob', DEMO_PASSWORD, '198.51.100.99');
    expect(refused.status).toBe(429);
    expect(refused.body).toMatchObject({ success: false, code: 429, data: null });
    expect(refused.body.message).toBe('Too many failed sign-ins for this account. Try again in 15 minutes.');
    // Other accounts are not touched.
    expect((await login('alice', DEMO_PASSWORD)).status).toBe(200);

    t.clock.advance(14 * MINUTE);
    expect((await login('bob', DEMO_PASSWORD)).body.message).toBe(
      'Too many failed sign-ins for this account. Try again in 1 minute.',
    );
    t.clock.advance(MINUTE);
    expect((await login('bob', DEMO_PASSWORD)).status).toBe(200);
  });

  it('counts failures of one account whichever way it is named', async () => {
    await start({ rateLimit: { ...LOOSE, accountFailureMax: 4, accountWindowMs: 15 * MINUTE } });
    for (const account of ['alice', 'Alice@Northwind.example', '13800000002', '+8613800000002']) {
      expect((await login(account, 'wrong-password')).status).toBe(400);
    }
    expect((await login('alice@northwind.example', DEMO_PASSWORD)).status).toBe(429);
  });

  it('treats an unknown account exactly as a known one', async () => {
    await start({ rateLimit: { ...LOOSE, accountFailureMax: 5, accountWindowMs: 15 * MINUTE } });
    const known: unknown[] = [];
    const unknown: unknown[] = [];
    for (let i = 0; i < 6; i++) {
      const a = await login('carol', 'wrong-password');
      const b = await login('nobody-here', 'wrong-password');
      known.push([a.status, a.body]);
      unknown.push([b.status, b.body]);
    }
    expect(unknown).toEqual(known);
    expect(known.at(-1)).toEqual([
      429,
      { success: false, code: 429, message: 'Too many failed sign-ins for this account. Try again in 15 minutes.', data: null },
    ]);
  });

  it('a successful sign-in clears the failures of the account', async () => {
    await start({ rateLimit: { ...LOOSE, accountFailureMax: 5, accountWindowMs: 15 * MINUTE } });
    for (let i = 0; i < 4; i++) expect((await login('dave', 'wrong-password')).status).toBe(400);
    expect((await login('dave', DEMO_PASSWORD)).status).toBe(200);
    for (let i = 0; i < 4; i++) expect((await login('dave', 'wrong-password')).status).toBe(400);
    expect((await login('dave', DEMO_PASSWORD)).status).toBe(200);
  });

  it('refuses updatePassword after 5 wrong current passwords in 15 minutes, then lets it through', async () => {
    await start({ rateLimit: { ...LOOSE, accountFailureMax: 5, accountWindowMs: 15 * MINUTE } });
    const token = await t.signIn('alice');
    const change = (password: string) =>
      t.call('POST', `${API}/account/updatePassword`, { token, body: { password, newPassword: 'An0ther-pass!' } });
    for (let i = 0; i < 5; i++) {
      const wrong = await change('wrong-password');
      expect(wrong.status).toBe(400);
      expect(wrong.body.message).toBe('password: the current password is not correct');
    }
    const refused = await change(DEMO_PASSWORD);
    expect(refused.status).toBe(429);
    expect(refused.body.message).toBe('Too many wrong current passwords for this account. Try again in 15 minutes.');
    // A fresh token of the same account does not start over.
    const again = await t.call('POST', `${API}/account/updatePassword`, {
      token: await t.signIn('alice'),
      body: { password: DEMO_PASSWORD, newPassword: 'An0ther-pass!' },
    });
    expect(again.status).toBe(429);

    t.clock.advance(15 * MINUTE);
    expect((await change(DEMO_PASSWORD)).body.success).toBe(true);
  });

  it('getVerificationCode answers a registered number as an unregistered one', async () => {
    await start({ rateLimit: LOOSE });
    const ask = (mobilePhone: string) =>
      t.call('GET', `${API}/login/getVerificationCode`, { query: { mobilePhone, scene: 'REGISTER' } });
    const outboxTo = (recipient: string) =>
      t.app.services.db.selectFrom('outbox').select('body').where('recipient', '=', recipient).execute();
    const codesFor = (target: string) =>
      t.app.services.db.selectFrom('verification_code').select('id').where('target', '=', target).execute();

    const registered = await ask('13800000002'); // alice
    const unregistered = await ask('13912349999');
    expect(registered.status).toBe(200);
    expect([registered.status, registered.body]).toEqual([unregistered.status, unregistered.body]);
    // The same work either way, so the answer takes as long: one code stored, one message sent.
    expect((await codesFor('13800000002')).length).toBe(1);
    expect((await codesFor('13912349999')).length).toBe(1);
    const [notice] = await outboxTo('13800000002');
    const [code] = await outboxTo('13912349999');
    expect(code!.body).toMatch(/registration code is/);
    // The owner of a registered number learns why no code came, and gets none.
    expect(notice!.body).toMatch(/already has a Plinth account/);
    expect(notice!.body).not.toMatch(/code/);

    // Asking again within the minute is refused alike.
    const registeredAgain = await ask('+8613800000002');
    const unregisteredAgain = await ask('13912349999');
    expect(registeredAgain.status).toBe(429);
    expect([registeredAgain.status, registeredAgain.body]).toEqual([unregisteredAgain.status, unregisteredAgain.body]);
  });

  it('a reset code for an unknown address is throttled as for a known one', async () => {
    await start({ rateLimit: LOOSE });
    const ask = (email: string) => t.call('GET', `${API}/login/getVerificationCode/email`, { query: { email } });
    expect((await ask('carol@harbor.example')).status).toBe(200);
    expect((await ask('nobody@nowhere.example')).status).toBe(200);
    const known = await ask('carol@harbor.example');
    const unknown = await ask('nobody@nowhere.example');
    expect(known.status).toBe(429);
    expect([unknown.status, unknown.body]).toEqual([known.status, known.body]);
    // Nothing is sent to an address no account uses.
    const mails = await t.app.services.db.selectFrom('outbox').select('id').where('recipient', '=', 'nobody@nowhere.example').execute();
    expect(mails).toEqual([]);
  });
});

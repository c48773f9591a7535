import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LoginResult, TenantOption } from '../../../src/core/entities.ts';
import { ResultCode } from '../../../src/core/result-codes.ts';
import { hashPassword, OWASP_COST, setPasswordCostForTests } from '../../../src/server/modules/auth/password.ts';
import { testDialects } from '../../helpers/databases.ts';
import { TEST_PASSWORD_COST } from '../../helpers/password-cost.ts';
import { DEMO_PASSWORD, HARBOR, NORTHWIND, startTestApp, type TestApp } from '../../helpers/test-app.ts';

describe.each(testDialects())('login and tokens on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(dialect);
  });
  afterAll(() => t.close());

  /** Runs `check` with the server's own password cost, which the tests' setup lowers. */
  const withServerCost = async (check: () => Promise<void>) => {
    setPasswordCostForTests(OWASP_COST);
    try {
      await check();
    } finally {
      setPasswordCostForTests(TEST_PASSWORD_COST);
    }
  };

  const login = (account: string, password = DEMO_PASSWORD) =>
    t.call<LoginResult>('POST', '/proptech_allplan/login/passwordLogin', { body: { account, password } });

  it('signs in by username, mobile phone (with or without +86) and e-mail', async () => {
    for (const account of ['alice', '13800000002', '+8613800000002', 'Alice@Northwind.example']) {
      const result = await login(account);
      expect(result.status, account).toBe(200);
      expect(result.body).toMatchObject({ success: true, code: 200 });
      expect(result.body.data.user).toMatchObject({ username: 'alice', name: 'Alice Chen', type: 'USER' });
      expect(result.body.data.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(result.body.data.user).not.toHaveProperty('password_hash');
    }
  });

  it('refuses a wrong password or unknown account with the same message', async () => {
    const wrong = await login('alice', 'not-the-password');
    const unknown = await login('nobody', 'whatever-password');
    expect(wrong.status).toBe(400);
    expect(unknown.status).toBe(400);
    expect(wrong.body.message).toBe(unknown.body.message);
    expect(wrong.body.success).toBe(false);
  });

  it('does not let SQL in a login get anyone in', async () => {
    for (const account of ["admin' --", "' OR '1'='1", 'admin"; DROP TABLE app_user; --']) {
      const result = await login(account, "' OR '1'='1");
      expect(result.status).toBe(400);
      expect(result.body.message).toBe('Incorrect account or password');
    }
    const users = await t.app.services.db.selectFrom('app_user').select('id').execute();
    expect(users.length).toBe(6);
  });

  it('lists tenants and exchanges the tenant-less token for a tenant token (loginType WEB)', async () => {
    const first = (await login('admin')).body.data;
    expect(first.user.type).toBeNull(); // admin is in two tenants: type depends on the choice
    const tenants = await t.call<TenantOption[]>('GET', '/proptech_allplan/login/list/tenant', { token: first.token });
    expect(tenants.body.data.map((x) => x.tenantName).sort()).toEqual([HARBOR, NORTHWIND]);

    const harbor = tenants.body.data.find((x) => x.tenantName === HARBOR)!;
    const byToken = await t.call<LoginResult>('POST', '/proptech_allplan/login/login/byToken', {
      token: first.token,
      body: { tenantId: harbor.tenantId, loginType: 'WEB' },
    });
    expect(byToken.body.success).toBe(true);
    expect(byToken.body.data.user.type).toBe('USER'); // admin is an ordinary user of Harbor
    expect(byToken.body.data.token).not.toBe(first.token);

    // The tenant-less token has ended.
    const reused = await t.call('GET', '/proptech_allplan/login/list/tenant', { token: first.token });
    expect(reused.status).toBe(401);
    expect(reused.body.code).toBe(ResultCode.TOKEN_ENDED);
  });

  it('refuses login/byToken for a tenant the user is not in, or a loginType other than WEB', async () => {
    const bob = (await login('bob')).body.data.token;
    const tenants = await t.call<TenantOption[]>('GET', '/proptech_allplan/login/list/tenant', { token: bob });
    expect(tenants.body.data).toHaveLength(1);
    const admin = (await login('admin')).body.data.token;
    const all = (await t.call<TenantOption[]>('GET', '/proptech_allplan/login/list/tenant', { token: admin })).body.data;
    const harborId = all.find((x) => x.tenantName === HARBOR)!.tenantId;
    const notMember = await t.call('POST', '/proptech_allplan/login/login/byToken', {
      token: bob,
      body: { tenantId: harborId, loginType: 'WEB' },
    });
    expect(notMember.status).toBe(404);
    const badType = await t.call('POST', '/proptech_allplan/login/login/byToken', {
      token: bob,
      body: { tenantId: tenants.body.data[0]!.tenantId, loginType: 'APP' },
    });
    expect(badType.status).toBe(400);
    expect(badType.body.message).toMatch(/^loginType/);
  });

  it('answers HTTP 401 for a missing or unknown token', async () => {
    const missing = await t.call('GET', '/proptech_allplan/workingSpace/list');
    expect(missing.status).toBe(401);
    expect(missing.body).toMatchObject({ success: false, code: 401, message: 'Sorry, you are not logged in' });
    const unknown = await t.call('GET', '/proptech_allplan/workingSpace/list', { token: 'x'.repeat(43) });
    expect(unknown.status).toBe(401);
    expect(unknown.body.code).toBe(401);
  });

  it('expires a tenant token 12 hours after login/byToken with code 12001', async () => {
    const token = await t.signIn('carol', HARBOR);
    t.clock.advance(12 * 3600 * 1000 - 1000);
    expect((await t.call('GET', '/proptech_allplan/workingSpace/list', { token })).status).toBe(200);
    t.clock.advance(1000);
    const expired = await t.call('GET', '/proptech_allplan/workingSpace/list', { token });
    expect(expired.status).toBe(401);
    expect(expired.body.code).toBe(ResultCode.TOKEN_EXPIRED);
  });

  it('ends a token at logout with code 110003, leaving the user\'s other tokens alive', async () => {
    const one = await t.signIn('dave', HARBOR);
    const two = await t.signIn('dave', HARBOR);
    const out = await t.call('POST', '/proptech_allplan/login/logout', { token: one });
    expect(out.body).toEqual({ success: true, code: 200, message: 'success', data: null });
    const after = await t.call('GET', '/proptech_allplan/workingSpace/list', { token: one });
    expect(after.status).toBe(401);
    expect(after.body.code).toBe(ResultCode.TOKEN_ENDED);
    expect((await t.call('GET', '/proptech_allplan/workingSpace/list', { token: two })).status).toBe(200);
  });

  it('keeps a tenant-less token out of tenant data until a tenant is chosen', async () => {
    const token = (await login('alice')).body.data.token;
    const result = await t.call('GET', '/proptech_allplan/workingSpace/list', { token });
    expect(result.status).toBe(403);
    expect(result.body.success).toBe(false);
  });

  it('stores tokens only as hashes', async () => {
    const token = await t.signIn('alice');
    const rows = await t.app.services.db.selectFrom('auth_token').select('token_hash').execute();
    expect(rows.some((r) => r.token_hash === token)).toBe(false);
    expect(rows.every((r) => /^[0-9a-f]{64}$/.test(r.token_hash))).toBe(true);
  });

  it('stores passwords as salted scrypt hashes with OWASP parameters', async () => {
    const users = await t.app.services.db.selectFrom('app_user').select('password_hash').execute();
    const salts = new Set(users.map((u) => u.password_hash.split('$')[4]));
    expect(salts.size).toBe(users.length);
    expect(OWASP_COST).toEqual({ N: 32768, r: 8, p: 3 });
    await withServerCost(async () => {
      expect(await hashPassword('a new password')).toMatch(/^scrypt\$32768\$8\$3\$/);
    });
  });

  it('makes a hash of older parameters again at sign-in, and signs in with either', async () => {
    await withServerCost(async () => {
      const db = t.app.services.db;
      const salt = Buffer.from('an older salt 16');
      const key = crypto.scryptSync(DEMO_PASSWORD, salt, 32, { N: 2 ** 17, r: 8, p: 1, maxmem: 2 ** 28 });
      const older = ['scrypt', 2 ** 17, 8, 1, salt.toString('base64'), key.toString('base64')].join('$');
      await db.updateTable('app_user').set({ password_hash: older }).where('username', '=', 'bob').execute();

      expect((await login('bob', 'not-the-password')).status).toBe(400);
      expect((await db.selectFrom('app_user').select('password_hash').where('username', '=', 'bob').executeTakeFirstOrThrow()).password_hash).toBe(older);

      expect((await login('bob')).body.success).toBe(true);
      const made = (await db.selectFrom('app_user').select('password_hash').where('username', '=', 'bob').executeTakeFirstOrThrow()).password_hash;
      expect(made).toMatch(/^scrypt\$32768\$8\$3\$/);
      expect((await login('bob')).body.success).toBe(true);
    });
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDialects } from '../../helpers/databases.ts';
import { NORTHWIND, startTestApp, type TestApp } from '../../helpers/test-app.ts';

describe.each(testDialects())('server core on %s', (dialect) => {
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    t = await startTestApp(dialect, {
      bodyLimitBytes: 64 * 1024,
      rateLimit: { loginMax: 3, codeMax: 2, windowMs: 60_000, accountFailureMax: 1000, accountWindowMs: 15 * 60_000 },
      prepare(app) {
        app.get('/api/test/crash', { config: { auth: 'public' } }, async () => {
          throw new Error('secret internals at /srv/app/db.ts:42');
        });
      },
    });
    token = await t.signIn('alice', NORTHWIND);
  });
  afterAll(() => t.close());

  it('answers an unknown API path with the 404 envelope', async () => {
    const result = await t.call('GET', '/proptech_allplan/no/such/thing', { token });
    expect(result.status).toBe(404);
    expect(result.body).toEqual({ success: false, code: 404, message: 'No such API: /api/proptech_allplan/no/such/thing', data: null });
  });

  it('answers a crash with the 500 envelope and no internals', async () => {
    const result = await t.call('GET', '/test/crash');
    expect(result.status).toBe(500);
    expect(result.body).toEqual({ success: false, code: 500, message: 'System error', data: null });
    expect(JSON.stringify(result.body)).not.toContain('secret');
  });

  it('answers malformed JSON and a wrong content type with 400/415 envelopes', async () => {
    const malformed = await t.call('POST', '/proptech_notify/notify/page', { token, rawBody: '{"pageNum": ' });
    expect(malformed.status).toBe(400);
    expect(malformed.body.success).toBe(false);
    const wrongType = await t.call('POST', '/proptech_notify/notify/page', {
      token,
      rawBody: 'pageNum=1',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(wrongType.status).toBe(415);
    expect(wrongType.body.success).toBe(false);
  });

  it('refuses a body over the size limit with 413 and writes nothing', async () => {
    const huge = { configType: 'big', configValue: 'x'.repeat(70 * 1024) };
    const result = await t.call('POST', '/proptech_allplan/preference/config/createOrUpdate', { token, body: huge });
    expect(result.status).toBe(413);
    expect(result.body).toMatchObject({ success: false, code: 413 });
    const list = await t.call<unknown[]>('GET', '/proptech_allplan/preference/config/list', { token });
    expect(list.body.data).toEqual([]);
  });

  it('names the field for wrong types, over-long strings and unknown fields', async () => {
    const cases: [string, string, unknown, RegExp][] = [
      ['POST', '/proptech_notify/notify/page', { pageNum: 'one' }, /^pageNum: must be integer/],
      ['POST', '/proptech_notify/notify/page', { pageNum: 0 }, /^pageNum: must be >= 1/],
      ['POST', '/proptech_notify/notify/page', { notifyType: '<b>x</b>' }, /^notifyType/],
      ['POST', '/proptech_notify/notify/page', { sort: 'id; DROP TABLE notify' }, /^sort: is not an allowed field/],
      ['PUT', '/proptech_notify/notify/mark', { id: '1 OR 1=1' }, /^id: must be integer/],
      ['POST', '/proptech_allplan/account/updatePassword', { password: 'x', newPassword: 'y'.repeat(129) }, /^newPassword/],
      ['POST', '/proptech_allplan/account/updatePassword', { password: ['x'], newPassword: 'long-enough-1' }, /^password: must be string/],
      ['POST', '/proptech_allplan/resource/OrdinaryUser/functionPoints', {}, /^module: is required/],
      ['POST', '/proptech_allplan/resource/OrdinaryUser/functionPoints', [], /must be object/],
    ];
    for (const [method, path, body, message] of cases) {
      const result = await t.call(method, path, { token, body });
      expect(result.status, `${path} ${JSON.stringify(body)}`).toBe(400);
      expect(result.body.success).toBe(false);
      expect(result.body.message, `${path} ${JSON.stringify(body)}`).toMatch(message);
    }
  });

  it('sends security headers with a strict CSP and echoes a request id', async () => {
    const result = await t.call('GET', '/proptech_allplan/workingSpace/list', { token, headers: { 'x-request-id': 'trace-123' } });
    const csp = result.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("object-src 'none'");
    // The iframe widget may embed https pages, nothing served over plain http.
    expect(csp).toContain("frame-src 'self' https:");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(result.headers.get('x-content-type-options')).toBe('nosniff');
    expect(result.headers.get('x-request-id')).toBe('trace-123');
    const generated = await t.call('GET', '/proptech_allplan/workingSpace/list', { token, headers: { 'x-request-id': 'bad id with spaces' } });
    expect(generated.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('rate-limits login and code sending per client', async () => {
    const attempt = () =>
      t.call('POST', '/proptech_allplan/login/passwordLogin', { body: { account: 'alice', password: 'wrong-password' } });
    // signIn in beforeAll used one login and one byToken from the same window.
    const statuses = [];
    for (let i = 0; i < 4; i++) statuses.push((await attempt()).status);
    expect(statuses).toContain(429);
    const limited = await attempt();
    expect(limited.body).toMatchObject({ success: false, code: 429 });

    const ask = (n: number) =>
      t.call('GET', '/proptech_allplan/login/getVerificationCode', { query: { mobilePhone: `1391000000${n}`, scene: 'REGISTER' } });
    expect((await ask(1)).status).toBe(200);
    expect((await ask(2)).status).toBe(200);
    expect((await ask(3)).status).toBe(429);
  });
});

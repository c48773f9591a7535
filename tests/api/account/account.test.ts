import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CurrentAccount, LoginResult } from '../../../src/core/entities.ts';
import { ResultCode } from '../../../src/core/result-codes.ts';
import { testDialects } from '../../helpers/databases.ts';
import { DEMO_PASSWORD, HARBOR, NORTHWIND, startTestApp, type TestApp } from '../../helpers/test-app.ts';

describe.each(testDialects())('the signed-in account on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(dialect);
  });
  afterAll(() => t.close());

  it('account/current gives user, tenant and the workspaces the user may enter', async () => {
    const alice = await t.call<CurrentAccount>('GET', '/proptech_allplan/account/current', {
      token: await t.signIn('alice', NORTHWIND),
    });
    expect(alice.body.data.user).toMatchObject({ username: 'alice', type: 'USER' });
    expect(alice.body.data.tenant?.tenantName).toBe(NORTHWIND);
    expect(alice.body.data.workspaces.map((w) => w.code)).toEqual(['NW-HQ', 'NW-TOWER']);

    const bob = await t.call<CurrentAccount>('GET', '/proptech_allplan/account/current', {
      token: await t.signIn('bob', NORTHWIND),
    });
    expect(bob.body.data.workspaces.map((w) => w.code)).toEqual(['NW-TOWER']);

    const adminInHarbor = await t.call<CurrentAccount>('GET', '/proptech_allplan/account/current', {
      token: await t.signIn('admin', HARBOR),
    });
    expect(adminInHarbor.body.data.user.type).toBe('USER');
    expect(adminInHarbor.body.data.workspaces.map((w) => w.code)).toEqual(['HB-PIER']);
  });

  it('account/current before a tenant is chosen has the user only', async () => {
    const login = await t.call<LoginResult>('POST', '/proptech_allplan/login/passwordLogin', {
      body: { account: 'harbor', password: DEMO_PASSWORD },
    });
    const current = await t.call<CurrentAccount>('GET', '/proptech_allplan/account/current', {
      token: login.body.data.token,
    });
    expect(current.body.data).toMatchObject({ tenant: null, workspaces: [] });
    expect(current.body.data.user.username).toBe('harbor');
  });

  it('workingSpace/list lists every workspace of the tenant for an ADMIN', async () => {
    const list = await t.call<{ code: string; name: string }[]>('GET', '/proptech_allplan/workingSpace/list', {
      token: await t.signIn('harbor', HARBOR),
    });
    expect(list.body.data).toEqual([
      { code: 'HB-DEPOT', name: 'Depot logistics centre' },
      { code: 'HB-PIER', name: 'Pier 7 redevelopment' },
    ]);
  });

  it('updatePassword needs the current password and ends the other tokens only', async () => {
    const mine = await t.signIn('bob', NORTHWIND);
    const other = await t.signIn('bob', NORTHWIND);
    const wrong = await t.call('POST', '/proptech_allplan/account/updatePassword', {
      token: mine,
      body: { password: 'wrong-password', newPassword: 'An0ther-pass' },
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.message).toMatch(/^password/);
    expect((await t.call('GET', '/proptech_allplan/workingSpace/list', { token: other })).status).toBe(200);

    const same = await t.call('POST', '/proptech_allplan/account/updatePassword', {
      token: mine,
      body: { password: DEMO_PASSWORD, newPassword: DEMO_PASSWORD },
    });
    expect(same.body.message).toMatch(/^newPassword/);

    const ok = await t.call('POST', '/proptech_allplan/account/updatePassword', {
      token: mine,
      body: { password: DEMO_PASSWORD, newPassword: 'An0ther-pass' },
    });
    expect(ok.body.success).toBe(true);
    expect((await t.call('GET', '/proptech_allplan/workingSpace/list', { token: mine })).status).toBe(200);
    const ended = await t.call('GET', '/proptech_allplan/workingSpace/list', { token: other });
    expect(ended.status).toBe(401);
    expect(ended.body.code).toBe(ResultCode.TOKEN_ENDED);
    await expect(t.signIn('bob', NORTHWIND, 'An0ther-pass')).resolves.toBeTruthy();
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PageResult } from '../../../src/core/envelope.ts';
import type { CurrentAccount, Notification, NotifySummary } from '../../../src/core/entities.ts';
import { testDialects } from '../../helpers/databases.ts';
import { openNotifyStream as openStream } from '../../helpers/notify-stream.ts';
import { HARBOR, NORTHWIND, startTestApp, type TestApp } from '../../helpers/test-app.ts';

describe.each(testDialects())('notifications on %s', (dialect) => {
  let t: TestApp;
  let admin: string;
  let alice: string;
  let bob: string;
  let aliceId: number;
  beforeAll(async () => {
    t = await startTestApp(dialect);
    [admin, alice, bob] = await Promise.all([
      t.signIn('admin', NORTHWIND),
      t.signIn('alice', NORTHWIND),
      t.signIn('bob', NORTHWIND),
    ]);
    aliceId = (await t.call<CurrentAccount>('GET', '/proptech_allplan/account/current', { token: alice })).body.data.user.id;
    // The demo flows leave task notifications behind; these tests count from none.
    await t.app.services.db.deleteFrom('notify').execute();
  });
  afterAll(() => t.close());

  const send = (token: string, body: unknown) => t.call<{ sent: number }>('POST', '/proptech_notify/notify/send', { token, body });
  const page = (token: string, body: unknown) =>
    t.call<PageResult<Notification>>('POST', '/proptech_notify/notify/page', { token, body });

  it('pushes a new notification to the open event stream with the unread count', async () => {
    const stream = await openStream(t.url, alice);
    await stream.waitFor(1);
    expect(stream.events[0]).toEqual({ event: 'unread', data: { unreadCount: 0 } });
    const sent = await send(admin, { notifyType: 'FLOW', title: 'Approve QC-001', content: 'Waiting for you', link: '/table/formData', userIds: [aliceId] });
    expect(sent.body.data.sent).toBe(1);
    await stream.waitFor(2);
    expect(stream.events[1]).toMatchObject({
      event: 'notify',
      data: { unreadCount: 1, notification: { notifyType: 'FLOW', title: 'Approve QC-001', read: false, link: '/table/formData' } },
    });
    stream.close();
  });

  it('pages newest first, filters by notifyType (null for all) and by read state', async () => {
    for (let i = 1; i <= 25; i++) {
      await send(admin, { notifyType: i % 5 === 0 ? 'SYSTEM' : 'TASK', title: `Item ${i}`, userIds: [aliceId] });
    }
    const first = await page(alice, { notifyType: null, pageNum: 1, pageSize: 10 });
    expect(first.body.data).toMatchObject({ total: 26, pageNum: 1, pageSize: 10 });
    expect(first.body.data.list.map((n) => n.title).slice(0, 2)).toEqual(['Item 25', 'Item 24']);
    const last = await page(alice, { pageNum: 3, pageSize: 10 });
    expect(last.body.data.list).toHaveLength(6);
    const system = await page(alice, { notifyType: 'SYSTEM' });
    expect(system.body.data).toMatchObject({ total: 5, pageNum: 1, pageSize: 20 });
    expect(system.body.data.list.every((n) => n.notifyType === 'SYSTEM')).toBe(true);
    const tooBig = await page(alice, { pageSize: 501 });
    expect(tooBig.status).toBe(400);
    expect(tooBig.body.message).toMatch(/^pageSize/);
  });

  it('GET notify gives the unread count and the latest five; mark reads one or all', async () => {
    const summary = await t.call<NotifySummary>('GET', '/proptech_notify/notify', { token: alice });
    expect(summary.body.data.unreadCount).toBe(26);
    expect(summary.body.data.latest).toHaveLength(5);
    const id = summary.body.data.latest[0]!.id;
    const one = await t.call<{ unreadCount: number }>('PUT', '/proptech_notify/notify/mark', { token: alice, body: { id } });
    expect(one.body.data.unreadCount).toBe(25);
    const read = await page(alice, { read: true });
    expect(read.body.data.list.map((n) => n.id)).toEqual([id]);
    const all = await t.call<{ unreadCount: number }>('PUT', '/proptech_notify/notify/mark', { token: alice, body: {} });
    expect(all.body.data.unreadCount).toBe(0);
  });

  it('keeps notifications private to their user and tenant', async () => {
    const aliceFirst = (await page(alice, { pageSize: 1 })).body.data.list[0]!;
    // Another user of the same tenant cannot mark it.
    expect((await t.call('PUT', '/proptech_notify/notify/mark', { token: bob, body: { id: aliceFirst.id } })).status).toBe(404);
    expect((await page(bob, {})).body.data.total).toBe(0);
    // A user of another tenant cannot either, and it stays as it was.
    await send(admin, { notifyType: 'TASK', title: 'Fresh', userIds: [aliceId] });
    const fresh = (await page(alice, { pageSize: 1 })).body.data.list[0]!;
    const carol = await t.signIn('carol', HARBOR);
    expect((await t.call('PUT', '/proptech_notify/notify/mark', { token: carol, body: { id: fresh.id } })).status).toBe(404);
    expect((await page(alice, { pageSize: 1 })).body.data.list[0]).toMatchObject({ id: fresh.id, read: false });
    // Nor can an administrator send to a user outside the tenant.
    const harborAdmin = await t.signIn('harbor', HARBOR);
    const cross = await send(harborAdmin, { notifyType: 'TASK', title: 'Hi', userIds: [aliceId] });
    expect(cross.status).toBe(400);
    expect(cross.body.message).toMatch(/^userIds/);
    expect((await page(alice, {})).body.data.total).toBe(27);
  });

  it('refuses notify/send to a user without the notify:send function point', async () => {
    const result = await send(bob, { notifyType: 'TASK', title: 'From bob' });
    expect(result.status).toBe(403);
    expect((await page(bob, {})).body.data.total).toBe(0);
  });

  it('sends to every member of the tenant when no users are named', async () => {
    const result = await send(admin, { notifyType: 'SYSTEM', title: 'Maintenance tonight' });
    expect(result.body.data.sent).toBe(3);
  });
});

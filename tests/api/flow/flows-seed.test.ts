import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FlowDefinitionEnvelope, FlowTimelineEntry } from '../../../src/core/contracts/flows.ts';
import type { FormListItem } from '../../../src/core/contracts/form.ts';
import type { PageResult } from '../../../src/core/envelope.ts';
import type { Notification } from '../../../src/core/entities.ts';
import { walkFlowNodes } from '../../../src/core/flows/flow-definition.ts';
import { seedFlowHistories } from '../../../src/server/modules/flow/seed.ts';
import { ok } from '../../helpers/authorization.ts';
import { testDialects } from '../../helpers/databases.ts';
import { taskList } from '../../helpers/flows.ts';
import { HARBOR, NORTHWIND, startTestApp, type TestApp } from '../../helpers/test-app.ts';
import { sameText } from '../../../src/core/local-text.ts';

describe.each(testDialects())('demo flows on %s', (dialect) => {
  let t: TestApp;
  let admin: string;
  let alice: string;
  let carol: string;
  beforeAll(async () => {
    t = await startTestApp(dialect);
    [admin, alice, carol] = await Promise.all([t.signIn('admin', NORTHWIND), t.signIn('alice', NORTHWIND), t.signIn('carol', HARBOR)]);
  });
  afterAll(() => t.close());

  /** Instances per status and how many records disagree with their instance. */
  async function flowCounts() {
    const { db } = t.app.services;
    const [instances, tasks, events, mismatched, withoutInstance] = await Promise.all([
      db.selectFrom('flow_instance').select(['status', (eb) => eb.fn.countAll<number>().as('n')]).groupBy('status').orderBy('status').execute(),
      db.selectFrom('flow_task').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
      db.selectFrom('flow_event').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
      db
        .selectFrom('flow_instance')
        .innerJoin('form_record', 'form_record.id', 'flow_instance.record_id')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where(sql<boolean>`form_record.status <> flow_instance.status`)
        .executeTakeFirstOrThrow(),
      db
        .selectFrom('form_record')
        .leftJoin('flow_instance', 'flow_instance.record_id', 'form_record.id')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('form_record.status', '!=', 'none')
        .where('flow_instance.id', 'is', null)
        .executeTakeFirstOrThrow(),
    ]);
    return {
      instances: Object.fromEntries(instances.map((r) => [r.status, Number(r.n)])),
      tasks: Number(tasks.n),
      events: Number(events.n),
      mismatched: Number(mismatched.n),
      withoutInstance: Number(withoutInstance.n),
    };
  }

  it('every demo record in a flow has a history that ends in its status', async () => {
    const counts = await flowCounts();
    expect(counts.mismatched).toBe(0);
    expect(counts.withoutInstance).toBe(0);
    expect(counts.instances.approved).toBeGreaterThan(800);
    expect(counts.instances.rejected).toBeGreaterThan(50);
    expect(counts.instances.withdrawn).toBeGreaterThan(10);
    expect(counts.instances.running).toBeGreaterThan(20);
  });

  it('alice and carol find tasks waiting, each announced in the bell', async () => {
    for (const token of [alice, carol]) {
      const pending = await taskList(t, token, 'pending');
      expect(pending.total).toBeGreaterThanOrEqual(5);
      expect(pending.list.every((task) => task.recordStatus === 'running' && task.link === `/table/edit/${task.recordId}`)).toBe(true);
      const bell = (await t.call<PageResult<Notification>>('POST', '/proptech_notify/notify/page', { token, body: { notifyType: 'TASK', pageSize: 200 } })).body.data;
      for (const task of pending.list) expect(bell.list.some((n) => n.link === task.link)).toBe(true);
      expect((await taskList(t, token, 'done')).total).toBeGreaterThan(20);
    }
    expect((await taskList(t, alice, 'cc')).total).toBeGreaterThan(0);
  });

  it('a seeded timeline reads like a real one', async () => {
    const [done] = (await taskList(t, alice, 'done')).list;
    const entries = await ok<FlowTimelineEntry[]>(t, 'GET', 'flow/record/timeline', alice, undefined, { recordId: done!.recordId });
    expect(entries[0]).toMatchObject({ action: 'submit', actor: { id: expect.any(Number) } });
    const times = entries.map((e) => e.createTime);
    expect([...times].sort()).toEqual(times);
    const action = { approved: 'approve', rejected: 'reject', transferred: 'transfer' }[done!.status as 'approved'];
    expect(entries.some((e) => e.action === action && e.actor?.name === 'Alice Chen' && e.nodeName !== null && sameText(e.nodeName, done!.nodeName))).toBe(true);
    // The demo names its steps in every language, as it names its forms.
    expect(done!.nodeName).toEqual({ en: expect.any(String), 'zh-CN': expect.any(String), ar: expect.any(String) });
  });

  it('seeded flows name people by id, and a second seeding adds nothing', async () => {
    const forms = await ok<PageResult<FormListItem>>(t, 'GET', 'form/list', admin, undefined, { pageSize: 50 });
    for (const form of forms.list) {
      const { flow } = await ok<FlowDefinitionEnvelope>(t, 'GET', 'flow/definition', admin, undefined, { formId: form.id });
      if (!flow) continue;
      for (const { node } of walkFlowNodes(flow.nodes)) {
        const people = node.type === 'approval' ? node.assignees : node.type === 'cc' ? node.recipients : [];
        for (const person of people) expect(['manager', 'user', 'role']).toContain(person.kind);
        for (const person of people) if (person.kind === 'user') expect(person.userId).toEqual(expect.any(Number));
      }
    }
    const before = await flowCounts();
    const { db, clock } = t.app.services;
    for (const code of ['northwind', 'harbor']) {
      const tenant = await db.selectFrom('tenant').select(['id', 'code']).where('code', '=', code).executeTakeFirstOrThrow();
      await seedFlowHistories(db, tenant, clock.now());
    }
    expect(await flowCounts()).toEqual(before);
  });
});

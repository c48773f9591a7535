import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FlowCommandResult, FlowTimelineEntry, RecordFlowState } from '../../../src/core/contracts/flows.ts';
import type { RecordDetail } from '../../../src/core/contracts/record.ts';
import type { PageResult } from '../../../src/core/envelope.ts';
import type { Notification } from '../../../src/core/entities.ts';
import { ok, userIdOf } from '../../helpers/authorization.ts';
import { testDialects } from '../../helpers/databases.ts';
import {
  createRecord,
  flowCommand,
  inviteFinanceApprovers,
  pendingTaskOn,
  publishFormWithFlow,
  repairFlow,
  taskList,
} from '../../helpers/flows.ts';
import { openNotifyStream } from '../../helpers/notify-stream.ts';
import { NORTHWIND, startTestApp, type TestApp } from '../../helpers/test-app.ts';

describe.each(testDialects())('approval flow life cycle on %s', (dialect) => {
  let t: TestApp;
  let admin: string; // alice's manager (department Maintenance under Operations)
  let alice: string; // submitter
  let bob: string; // CC recipient
  let mark: string;
  let fiona: string;
  let formId: number;

  beforeAll(async () => {
    t = await startTestApp(dialect);
    [admin, alice, bob] = await Promise.all([t.signIn('admin', NORTHWIND), t.signIn('alice', NORTHWIND), t.signIn('bob', NORTHWIND)]);
    const finance = await inviteFinanceApprovers(t, admin);
    mark = finance.mark.token;
    fiona = finance.fiona.token;
    formId = await publishFormWithFlow(t, admin, repairFlow({ finance: [finance.mark.user.id, finance.fiona.user.id], cc: await userIdOf(t, admin, 'bob') }));
  });
  afterAll(() => t.close());

  const notifications = async (token: string) =>
    (await t.call<PageResult<Notification>>('POST', '/proptech_notify/notify/page', { token, body: { pageSize: 50 } })).body.data;
  const detail = (token: string, id: number) => ok<RecordDetail>(t, 'GET', 'record/detail', token, undefined, { id });
  const timeline = (token: string, recordId: number) => ok<FlowTimelineEntry[]>(t, 'GET', 'flow/record/timeline', token, undefined, { recordId });
  const approve = async (token: string, recordId: number, body: Record<string, unknown> = {}) => {
    const task = await pendingTaskOn(t, token, recordId);
    return ok<FlowCommandResult>(t, 'POST', 'flow/task/approve', token, { taskId: task.id, ...body });
  };

  it('two approvers, one rejection and a resubmission, to the end', async () => {
    const record = await createRecord(t, alice, formId, { summary: 'Replace the chiller pump', cost: 8200, priority: 'urgent', tenantPhone: '13912345678' });
    expect(record.status).toBe('running');
    expect(record.number).toBe('RR-0001');

    // The manager's task, with a TASK notification linking to the record.
    const managerTask = await pendingTaskOn(t, admin, record.id);
    expect(managerTask).toMatchObject({ formName: 'Repair request', recordNumber: 'RR-0001', recordTitle: 'Replace the chiller pump', nodeName: 'Manager review', submitterName: 'Alice Chen', link: `/table/edit/${record.id}` });
    const [taskNotice] = (await notifications(admin)).list;
    expect(taskNotice).toMatchObject({ notifyType: 'TASK', title: 'Approval needed: Repair request RR-0001 Replace the chiller pump', link: `/table/edit/${record.id}`, read: false });

    const afterManager = await approve(admin, record.id, { comment: 'Go ahead' });
    expect(afterManager.recordStatus).toBe('running');
    expect(afterManager.flow.currentNodeName).toBe('Finance');
    expect(afterManager.flow.waitingFor.map((p) => p.name).sort()).toEqual(['Probe fiona', 'Probe mark']);

    // All-mode: mark's approval alone does not finish the node.
    const afterMark = await approve(mark, record.id);
    expect(afterMark.flow.waitingFor.map((p) => p.name)).toEqual(['Probe fiona']);

    const fionaTask = await pendingTaskOn(t, fiona, record.id);
    const rejected = await ok<FlowCommandResult>(t, 'POST', 'flow/task/reject', fiona, { taskId: fionaTask.id, comment: 'Attach the supplier quote', to: 'submitter' });
    expect(rejected.recordStatus).toBe('rejected');
    expect((await notifications(alice)).list[0]).toMatchObject({ notifyType: 'FLOW', title: 'Rejected: Repair request RR-0001 Replace the chiller pump', content: 'Probe fiona rejected it at "Finance": Attach the supplier quote' });

    // The submitter sees that they may resubmit; nobody waits.
    const aliceView = (await detail(alice, record.id)).flow as RecordFlowState;
    expect(aliceView).toMatchObject({ status: 'rejected', canResubmit: true, canWithdraw: false, waitingFor: [], myTask: null });

    const current = await detail(alice, record.id);
    const resubmitted = await ok<FlowCommandResult>(t, 'POST', 'flow/record/resubmit', alice, {
      recordId: record.id,
      revision: current.record.revision,
      data: { ...current.record.data, summary: 'Replace the chiller pump (quote attached)' },
    });
    expect(resubmitted.recordStatus).toBe('running');
    expect(resubmitted.flow.currentNodeName).toBe('Manager review');

    await approve(admin, record.id);
    await approve(mark, record.id);
    const done = await approve(fiona, record.id, { comment: 'Quote checked' });
    expect(done.recordStatus).toBe('approved');
    expect((await detail(alice, record.id)).record).toMatchObject({ status: 'approved', title: 'Replace the chiller pump (quote attached)' });
    expect((await notifications(alice)).list[0]).toMatchObject({ notifyType: 'FLOW', title: 'Approved: Repair request RR-0001 Replace the chiller pump (quote attached)' });
    expect((await notifications(bob)).list[0]).toMatchObject({ notifyType: 'FLOW', title: 'For your information: Repair request RR-0001 Replace the chiller pump (quote attached)' });
    expect((await taskList(t, bob, 'cc')).list.map((c) => [c.recordId, c.nodeName])).toEqual([[record.id, 'Inform the tenant liaison']]);
    expect((await taskList(t, fiona, 'done')).list.map((d) => [d.status, d.comment])).toEqual([
      ['approved', 'Quote checked'],
      ['rejected', 'Attach the supplier quote'],
    ]);
    expect((await taskList(t, fiona, 'pending')).total).toBe(0);

    const entries = await timeline(alice, record.id);
    expect(entries.map((e) => [e.action, e.actor?.name ?? null, e.nodeName, e.comment])).toEqual([
      ['submit', 'Alice Chen', null, null],
      ['approve', 'Ada Admin', 'Manager review', 'Go ahead'],
      ['approve', 'Probe mark', 'Finance', null],
      ['reject', 'Probe fiona', 'Finance', 'Attach the supplier quote'],
      ['resubmit', 'Alice Chen', null, null],
      ['approve', 'Ada Admin', 'Manager review', null],
      ['approve', 'Probe mark', 'Finance', null],
      ['approve', 'Probe fiona', 'Finance', 'Quote checked'],
      ['cc', null, 'Inform the tenant liaison', null],
      ['end', null, null, null],
    ]);
    expect(entries[3]).toMatchObject({ to: 'submitter' });
    expect(entries[8]!.targets.map((p) => p.name)).toEqual(['Bob Li']);
    expect(entries.every((e) => e.createTime === '2026-11-22T08:00:00.000Z')).toBe(true);
  });

  it('resolves a task’s notification once the task is handled, leaving those still waiting', async () => {
    const record = await createRecord(t, alice, formId, { summary: 'Reseal the roof', cost: 9100 });
    const taskNotice = async (token: string) => (await notifications(token)).list.find((n) => n.notifyType === 'TASK' && n.link === `/table/edit/${record.id}`);
    expect(await taskNotice(admin)).toMatchObject({ read: false });
    const stream = await openNotifyStream(t.url, admin);
    await stream.waitFor(1);
    const before = (stream.events[0]!.data as { unreadCount: number }).unreadCount;
    await approve(admin, record.id);
    expect(await taskNotice(admin)).toMatchObject({ read: true });
    // The bell's count drops at once, with no new notification.
    await stream.waitFor(2);
    expect(stream.events[1]).toEqual({ event: 'unread', data: { unreadCount: before - 1 } });
    stream.close();
    // All-mode: mark is done, fiona still waits.
    await approve(mark, record.id);
    expect(await taskNotice(mark)).toMatchObject({ read: true });
    expect(await taskNotice(fiona)).toMatchObject({ read: false });
    const fionaTask = await pendingTaskOn(t, fiona, record.id);
    await ok(t, 'POST', 'flow/task/reject', fiona, { taskId: fionaTask.id, comment: 'Too dear', to: 'submitter' });
    expect(await taskNotice(fiona)).toMatchObject({ read: true });
  });

  it('a small repair skips the finance branch', async () => {
    const record = await createRecord(t, alice, formId, { summary: 'Fix a door handle', cost: 120 });
    const result = await approve(admin, record.id);
    expect(result.recordStatus).toBe('approved');
    expect((await timeline(alice, record.id)).map((e) => e.action)).toEqual(['submit', 'approve', 'cc', 'end']);
  });

  it('transfer: the new assignee decides and the timeline names both', async () => {
    const record = await createRecord(t, alice, formId, { summary: 'Paint the lobby', cost: 900 });
    const task = await pendingTaskOn(t, admin, record.id);
    const markId = await userIdOf(t, admin, 'mark');
    const transferred = await ok<FlowCommandResult>(t, 'POST', 'flow/task/transfer', admin, { taskId: task.id, userId: markId, comment: 'Mark covers this building' });
    expect(transferred.flow.waitingFor.map((p) => p.name)).toEqual(['Probe mark']);
    expect((await taskList(t, admin, 'pending')).list.some((item) => item.recordId === record.id)).toBe(false);
    expect((await notifications(mark)).list[0]).toMatchObject({ notifyType: 'TASK', content: 'Alice Chen submitted it; it waits for you at "Manager review". Note: Mark covers this building' });
    await approve(mark, record.id);
    const entries = await timeline(alice, record.id);
    expect(entries[1]).toMatchObject({ action: 'transfer', actor: { name: 'Ada Admin' }, targets: [{ id: markId, name: 'Probe mark' }], comment: 'Mark covers this building' });
    expect(entries[2]).toMatchObject({ action: 'approve', actor: { name: 'Probe mark' } });
    // A transfer to oneself is refused with the field named.
    const again = await createRecord(t, alice, formId, { summary: 'Paint the stairs', cost: 900 });
    const own = await pendingTaskOn(t, admin, again.id);
    const selfTransfer = await flowCommand(t, admin, 'task/transfer', { taskId: own.id, userId: await userIdOf(t, admin, 'admin') });
    expect(selfTransfer.status).toBe(400);
    expect(selfTransfer.body.message).toBe('userId: cannot transfer a task to yourself');
  });

  it('reject to an earlier node reopens it; the rejection offers only nodes already passed', async () => {
    const record = await createRecord(t, alice, formId, { summary: 'New boiler', cost: 25000 });
    expect((await detail(admin, record.id)).flow).toMatchObject({ myTask: { nodeName: 'Manager review', rejectTargets: [] } });
    await approve(admin, record.id);
    const fionaView = (await detail(fiona, record.id)).flow as RecordFlowState;
    expect(fionaView.myTask).toMatchObject({ nodeId: 'finance', rejectTargets: [{ nodeId: 'manager', nodeName: 'Manager review' }] });
    const fionaTask = await pendingTaskOn(t, fiona, record.id);
    const refused = await flowCommand(t, fiona, 'task/reject', { taskId: fionaTask.id, comment: 'x', to: 'tell' });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe('to: tell is not an earlier approval step of this submission');
    const back = await ok<FlowCommandResult>(t, 'POST', 'flow/task/reject', fiona, { taskId: fionaTask.id, comment: 'Manager: confirm the budget line', to: 'manager' });
    expect(back).toMatchObject({ recordStatus: 'running', flow: { currentNodeName: 'Manager review', waitingFor: [{ name: 'Ada Admin' }] } });
    // Mark's open finance task was cancelled with the rejection.
    expect((await taskList(t, mark, 'pending')).list.some((item) => item.recordId === record.id)).toBe(false);
    await approve(admin, record.id);
    await approve(mark, record.id);
    expect((await approve(fiona, record.id)).recordStatus).toBe('approved');
    const reject = (await timeline(alice, record.id)).find((e) => e.action === 'reject');
    expect(reject).toMatchObject({ to: 'manager', toName: 'Manager review' });
  });

  it('approvers change only the fields their step makes editable, and do not see the hidden ones', async () => {
    const record = await createRecord(t, alice, formId, { summary: 'Roof membrane', cost: 6000, budgetCode: 'OPS-12', tenantPhone: '13912345678' });
    await approve(admin, record.id);
    const before = await detail(alice, record.id);

    // Fiona reads the record only through her task: the tenant's phone is not for her.
    const fionaDetail = await detail(fiona, record.id);
    expect(fionaDetail.record.data).toEqual({ summary: 'Roof membrane', cost: 6000, budgetCode: 'OPS-12' });
    expect(fionaDetail.flow).toMatchObject({ hiddenFields: ['tenantPhone'], myTask: { fieldPermissions: { cost: 'editable', tenantPhone: 'hidden' } } });
    // The administrator reads records by right and sees everything.
    expect((await detail(admin, record.id)).record.data).toHaveProperty('tenantPhone', '13912345678');

    const task = await pendingTaskOn(t, fiona, record.id);
    const readOnly = await flowCommand(t, fiona, 'task/approve', { taskId: task.id, data: { ...fionaDetail.record.data, budgetCode: 'OPS-99' } });
    expect(readOnly.status).toBe(400);
    expect(readOnly.body.message).toBe('data.budgetCode: is not editable at "Finance"');
    const invalid = await flowCommand(t, fiona, 'task/approve', { taskId: task.id, data: { cost: -5 } });
    expect(invalid.status).toBe(400);
    expect(invalid.body.message).toBe('data.Estimated cost (cost): must be at least 0');
    // Nothing was kept: the task is open and the data as before.
    expect((await detail(alice, record.id)).record).toMatchObject({ revision: before.record.revision, data: before.record.data });

    await ok(t, 'POST', 'flow/task/approve', fiona, { taskId: task.id, data: { ...fionaDetail.record.data, cost: 5400 }, comment: 'Cost agreed at 5,400' });
    const after = await detail(alice, record.id);
    expect(after.record.data).toEqual({ summary: 'Roof membrane', cost: 5400, budgetCode: 'OPS-12', tenantPhone: '13912345678' });
    expect(after.record.updatedBy).toBe(await userIdOf(t, admin, 'fiona'));
  });

  it('the submitter withdraws a running record, then resubmits it', async () => {
    const record = await createRecord(t, alice, formId, { summary: 'Window seal', cost: 300 });
    const notMine = await flowCommand(t, admin, 'record/withdraw', { recordId: record.id });
    expect(notMine.status).toBe(403);
    const withdrawn = await ok<FlowCommandResult>(t, 'POST', 'flow/record/withdraw', alice, { recordId: record.id });
    expect(withdrawn).toMatchObject({ recordStatus: 'withdrawn', flow: { canResubmit: true, waitingFor: [] } });
    expect((await taskList(t, admin, 'pending')).list.some((item) => item.recordId === record.id)).toBe(false);
    const stale = await flowCommand(t, alice, 'record/resubmit', { recordId: record.id, revision: 1, data: { summary: 'Window seal', cost: 300 } });
    expect(stale.status).toBe(409);
    const again = await ok<FlowCommandResult>(t, 'POST', 'flow/record/resubmit', alice, { recordId: record.id, revision: withdrawn.revision, data: { summary: 'Window seal, flat 3', cost: 300 } });
    expect(again.recordStatus).toBe('running');
    const badData = await flowCommand(t, alice, 'record/resubmit', { recordId: record.id, revision: again.revision, data: { summary: 'x', cost: 1 } });
    expect(badData.status).toBe(409);
    expect(badData.body.message).toBe('Only a rejected or withdrawn record can be resubmitted');
  });

  it('a resubmission is validated like any write: 400 naming the field, nothing changed', async () => {
    const record = await createRecord(t, alice, formId, { summary: 'Gutter', cost: 100 });
    const withdrawn = await ok<FlowCommandResult>(t, 'POST', 'flow/record/withdraw', alice, { recordId: record.id });
    const bad = await flowCommand(t, alice, 'record/resubmit', { recordId: record.id, revision: withdrawn.revision, data: { summary: 'Gutter', cost: 'a lot' } });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/cost/);
    expect((await detail(alice, record.id)).record).toMatchObject({ status: 'withdrawn', revision: withdrawn.revision });
  });
});

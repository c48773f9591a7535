import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FlowDefinitionEnvelope } from '../../../src/core/contracts/flows.ts';
import type { FormDetail } from '../../../src/core/contracts/form.ts';
import type { RecordDetail } from '../../../src/core/contracts/record.ts';
import type { FlowDefinition } from '../../../src/core/flows/flow-definition.ts';
import { API, ok, userIdOf } from '../../helpers/authorization.ts';
import { testDialects } from '../../helpers/databases.ts';
import {
  REPAIR_DESIGN,
  createRecord,
  flowCommand,
  inviteFinanceApprovers,
  pendingTaskOn,
  publishFormWithFlow,
  repairFlow,
  taskList,
} from '../../helpers/flows.ts';
import { HARBOR, NORTHWIND, startTestApp, type TestApp } from '../../helpers/test-app.ts';

describe.each(testDialects())('approval flow boundaries on %s', (dialect) => {
  let t: TestApp;
  let admin: string;
  let alice: string;
  let bob: string;
  let mark: string;
  let fiona: string;
  let harbor: string;
  let carol: string;
  let ids: { admin: number; bob: number; mark: number; fiona: number; carol: number };
  let repairFormId: number;

  beforeAll(async () => {
    t = await startTestApp(dialect);
    [admin, alice, bob, harbor, carol] = await Promise.all([
      t.signIn('admin', NORTHWIND),
      t.signIn('alice', NORTHWIND),
      t.signIn('bob', NORTHWIND),
      t.signIn('harbor', HARBOR),
      t.signIn('carol', HARBOR),
    ]);
    const finance = await inviteFinanceApprovers(t, admin);
    mark = finance.mark.token;
    fiona = finance.fiona.token;
    ids = {
      admin: await userIdOf(t, admin, 'admin'),
      bob: await userIdOf(t, admin, 'bob'),
      mark: finance.mark.user.id,
      fiona: finance.fiona.user.id,
      carol: await userIdOf(t, harbor, 'carol'),
    };
    repairFormId = await publishFormWithFlow(t, admin, repairFlow({ finance: [ids.mark, ids.fiona], cc: ids.bob }));
  });
  afterAll(() => t.close());

  const single = (userId: number): FlowDefinition => ({
    version: 1,
    nodes: [{ id: 'check', type: 'approval', name: 'Check', assignees: [{ kind: 'user', userId }], mode: 'any' }],
  });

  describe('definition', () => {
    let formId: number;
    let revision: number;
    beforeAll(async () => {
      const form = await ok<FormDetail>(t, 'POST', 'form/create', admin, { name: 'Flow probe', design: REPAIR_DESIGN });
      formId = form.id;
      revision = form.revision;
    });
    const save = (token: string, flow: unknown, rev = revision) => t.call<FlowDefinitionEnvelope>('POST', `${API}/flow/definition/save`, { token, body: { formId, revision: rev, flow } });

    it.each([
      ['an empty flow', { version: 1, nodes: [] }, 400, 'flow.nodes: needs at least one approval node'],
      ['a node without assignees', { version: 1, nodes: [{ id: 'a', type: 'approval', name: 'A', assignees: [], mode: 'any' }] }, 400, 'flow.nodes[0].assignees: must NOT have fewer than 1 items'],
      [
        'a branch on a field the form lacks',
        {
          version: 1,
          nodes: [
            { id: 'a', type: 'approval', name: 'A', assignees: [{ kind: 'manager' }], mode: 'any' },
            { id: 'b', type: 'branch', name: 'B', branches: [
              { id: 'x', name: 'X', condition: { all: [{ field: 'budget', op: 'gt', value: 1 }] }, nodes: [] },
              { id: 'y', name: 'Y', condition: null, nodes: [] },
            ] },
          ],
        },
        400,
        'flow.nodes[1].branches[0].condition: budget is not a field of the form',
      ],
      ['a user of nobody', { version: 1, nodes: [{ id: 'a', type: 'approval', name: 'A', assignees: [{ kind: 'manager' }, { kind: 'user', userId: 999999 }], mode: 'any' }] }, 404, 'flow.nodes[0].assignees[1].userId: User not found'],
      ['a role of nobody', { version: 1, nodes: [{ id: 'a', type: 'cc', name: 'A', recipients: [{ kind: 'role', roleId: 999999 }] }, { id: 'b', type: 'approval', name: 'B', assignees: [{ kind: 'manager' }], mode: 'any' }] }, 404, 'flow.nodes[0].recipients[0].roleId: Role not found'],
    ])('refuses %s, naming the path, and keeps the draft', async (_name, flow, status, message) => {
      const result = await save(admin, flow);
      expect(result.status).toBe(status);
      expect(result.body.message).toBe(message);
      const stored = await ok<FlowDefinitionEnvelope>(t, 'GET', 'flow/definition', admin, undefined, { formId });
      expect(stored).toMatchObject({ revision, flow: null });
    });

    it('refuses a user of another tenant as if there were none', async () => {
      const result = await save(admin, single(ids.carol));
      expect(result.status).toBe(404);
      expect(result.body.message).toBe('flow.nodes[0].assignees[0].userId: User not found');
    });

    it('saves with flow:design, bumps the revision, 409 on a stale one; publishing makes it live', async () => {
      const saved = await save(alice, single(ids.mark));
      expect(saved.status).toBe(200);
      expect(saved.body.data).toMatchObject({ formId, revision: revision + 1, flow: single(ids.mark), publishedFlow: null });
      const stale = await save(admin, single(ids.fiona));
      expect(stale.status).toBe(409);
      expect(stale.body.message).toMatch(/^The flow of form "Flow probe" was changed by someone else/);
      revision += 1;
      await ok(t, 'POST', 'form/publish', admin, { id: formId });
      expect(await ok<FlowDefinitionEnvelope>(t, 'GET', 'flow/definition', admin, undefined, { formId })).toMatchObject({ publishedFlow: single(ids.mark) });
    });

    it('needs flow:design to save and a designer point to read', async () => {
      expect((await save(bob, single(ids.mark))).status).toBe(403);
      expect((await t.call('GET', `${API}/flow/definition`, { token: bob, query: { formId } })).status).toBe(403);
    });

    it('a running record keeps the flow it started with when a new version changes the flow', async () => {
      const first = await createRecord(t, alice, formId, { summary: 'Old flow', cost: 10 });
      const { revision: current } = await ok<FlowDefinitionEnvelope>(t, 'GET', 'flow/definition', admin, undefined, { formId });
      await ok(t, 'POST', 'flow/definition/save', admin, { formId, revision: current, flow: single(ids.fiona) });
      await ok(t, 'POST', 'form/publish', admin, { id: formId });
      const second = await createRecord(t, alice, formId, { summary: 'New flow', cost: 10 });
      expect((await pendingTaskOn(t, mark, first.id)).nodeName).toBe('Check');
      expect((await pendingTaskOn(t, fiona, second.id)).nodeName).toBe('Check');
      expect((await taskList(t, mark, 'pending')).list.some((task) => task.recordId === second.id)).toBe(false);
    });

    it('publishing checks the flow again against the design it publishes', async () => {
      const form = await ok<FormDetail>(t, 'POST', 'form/create', admin, { name: 'Shrinking form', design: REPAIR_DESIGN });
      const byPriority = {
        version: 1,
        nodes: [
          { id: 'check', type: 'approval', name: 'Check', assignees: [{ kind: 'manager' }], mode: 'any' },
          { id: 'urgent', type: 'branch', name: 'Urgent?', branches: [
            { id: 'yes', name: 'Urgent', condition: { all: [{ field: 'priority', op: 'eq', value: 'urgent' }] }, nodes: [] },
            { id: 'no', name: 'Otherwise', condition: null, nodes: [] },
          ] },
        ],
      };
      const saved = await ok<FlowDefinitionEnvelope>(t, 'POST', 'flow/definition/save', admin, { formId: form.id, revision: form.revision, flow: byPriority });
      const withoutPriority = { ...REPAIR_DESIGN, items: REPAIR_DESIGN.items.filter((item) => item.key !== 'priority') };
      await ok(t, 'POST', 'form/update', admin, { id: form.id, revision: saved.revision, design: withoutPriority });
      const published = await t.call('POST', `${API}/form/publish`, { token: admin, body: { id: form.id } });
      expect(published.status).toBe(400);
      expect(published.body.message).toBe('flow.nodes[1].branches[0].condition: priority is not a field of the form');
      expect((await ok<FormDetail>(t, 'GET', 'form/detail', admin, undefined, { id: form.id })).currentVersion).toBeNull();
    });

    it('a form without a flow makes records with no approval state', async () => {
      const { revision: current } = await ok<FlowDefinitionEnvelope>(t, 'GET', 'flow/definition', admin, undefined, { formId });
      await ok(t, 'POST', 'flow/definition/save', admin, { formId, revision: current, flow: null });
      await ok(t, 'POST', 'form/publish', admin, { id: formId });
      const record = await createRecord(t, alice, formId, { summary: 'No flow', cost: 10 });
      expect(record.status).toBe('none');
      expect((await ok<RecordDetail>(t, 'GET', 'record/detail', alice, undefined, { id: record.id })).flow).toBeNull();
      const timeline = await t.call('GET', `${API}/flow/record/timeline`, { token: alice, query: { recordId: record.id } });
      expect(timeline.body.data).toEqual([]);
    });
  });

  describe('who may act', () => {
    it('an assignee without flow:approve is refused (403) but may read the record through the task', async () => {
      const formId = await publishFormWithFlow(t, admin, single(ids.bob), 'Checked by Bob');
      const record = await createRecord(t, alice, formId, { summary: 'Bob checks this', cost: 10 });
      const task = await pendingTaskOn(t, bob, record.id);
      const refused = await flowCommand(t, bob, 'task/approve', { taskId: task.id });
      expect(refused.status).toBe(403);
      expect(refused.body.message).toBe('You do not have permission for this action');
      // Bob holds no record point: the task alone lets him read the record, its version and its timeline.
      expect((await ok<RecordDetail>(t, 'GET', 'record/detail', bob, undefined, { id: record.id })).record.title).toBe('Bob checks this');
      expect((await t.call('GET', `${API}/flow/record/timeline`, { token: bob, query: { recordId: record.id } })).status).toBe(200);
      const other = await createRecord(t, alice, repairFormId, { summary: 'Not for Bob', cost: 10 });
      expect((await t.call('GET', `${API}/flow/record/timeline`, { token: bob, query: { recordId: other.id } })).status).toBe(404);
    });

    it('only the assignee acts on a task, administrators included (403)', async () => {
      const record = await createRecord(t, alice, repairFormId, { summary: 'Lift service', cost: 9000 });
      const managerTask = await pendingTaskOn(t, admin, record.id);
      for (const token of [mark, alice]) {
        for (const [path, body] of [
          ['task/approve', { taskId: managerTask.id }],
          ['task/reject', { taskId: managerTask.id, comment: 'no', to: 'submitter' }],
          ['task/transfer', { taskId: managerTask.id, userId: ids.fiona }],
        ] as const) {
          const result = await flowCommand(t, token, path, body);
          expect(result.status).toBe(403);
          expect(result.body.message).toBe('Only the assignee of this task may act on it');
        }
      }
      await ok(t, 'POST', 'flow/task/approve', admin, { taskId: managerTask.id });
      const markTask = await pendingTaskOn(t, mark, record.id);
      const byAdmin = await flowCommand(t, admin, 'task/approve', { taskId: markTask.id });
      expect(byAdmin.status).toBe(403);
    });

    it('a rejection needs a comment; unknown fields and bad ids are 400', async () => {
      const record = await createRecord(t, alice, repairFormId, { summary: 'Carpet', cost: 10 });
      const task = await pendingTaskOn(t, admin, record.id);
      const cases: [string, unknown, string][] = [
        ['task/reject', { taskId: task.id, comment: '  ', to: 'submitter' }, 'comment: must match pattern "\\S"'],
        ['task/reject', { taskId: task.id, to: 'submitter' }, 'comment: is required'],
        ['task/approve', { taskId: task.id, verdict: 'yes' }, 'verdict: is not an allowed field'],
        ['task/approve', { taskId: 0 }, 'taskId: must be >= 1'],
        ['task/transfer', { taskId: task.id }, 'userId: is required'],
      ];
      for (const [path, body, message] of cases) {
        const result = await flowCommand(t, admin, path, body);
        expect(result.status).toBe(400);
        expect(result.body.message).toBe(message);
      }
      expect((await pendingTaskOn(t, admin, record.id)).id).toBe(task.id);
    });
  });

  describe('tenant boundary', () => {
    it("another tenant's tasks, records and forms answer as if they did not exist", async () => {
      const record = await createRecord(t, alice, repairFormId, { summary: 'Boundary', cost: 10 });
      const task = await pendingTaskOn(t, admin, record.id);
      const approve = await flowCommand(t, carol, 'task/approve', { taskId: task.id });
      expect(approve.status).toBe(404);
      expect(approve.body.message).toBe('Task not found');
      const withdraw = await flowCommand(t, harbor, 'record/withdraw', { recordId: record.id });
      expect(withdraw.status).toBe(404);
      const timeline = await t.call('GET', `${API}/flow/record/timeline`, { token: harbor, query: { recordId: record.id } });
      expect(timeline.status).toBe(404);
      const definition = await t.call('GET', `${API}/flow/definition`, { token: harbor, query: { formId: repairFormId } });
      expect(definition.status).toBe(404);
      expect(definition.body.message).toBe('Form not found');
      const harborTasks = await taskList(t, harbor, 'pending');
      expect(harborTasks.list.filter((item) => item.formId === repairFormId)).toEqual([]);
      // Nothing moved.
      expect((await pendingTaskOn(t, admin, record.id)).id).toBe(task.id);
    });
  });

  describe('concurrency', () => {
    it('two approvals of the same task at once: exactly one wins, the other gets 409', async () => {
      for (let round = 0; round < 5; round++) {
        const record = await createRecord(t, alice, repairFormId, { summary: `Race ${round}`, cost: 10 });
        const task = await pendingTaskOn(t, admin, record.id);
        const results = await Promise.all([0, 1, 2].map(() => flowCommand(t, admin, 'task/approve', { taskId: task.id, comment: 'mine' })));
        expect(results.map((r) => r.status).sort()).toEqual([200, 409, 409]);
        expect(results.find((r) => r.status === 409)!.body.message).toBe('This task has already been handled');
        const timeline = await ok<{ action: string }[]>(t, 'GET', 'flow/record/timeline', alice, undefined, { recordId: record.id });
        expect(timeline.filter((e) => e.action === 'approve')).toHaveLength(1);
      }
    });

    it('both approvers of an all-mode step approving at once complete the step', async () => {
      for (let round = 0; round < 5; round++) {
        const record = await createRecord(t, alice, repairFormId, { summary: `Together ${round}`, cost: 9000 });
        await ok(t, 'POST', 'flow/task/approve', admin, { taskId: (await pendingTaskOn(t, admin, record.id)).id });
        const [markTask, fionaTask] = await Promise.all([pendingTaskOn(t, mark, record.id), pendingTaskOn(t, fiona, record.id)]);
        const results = await Promise.all([
          flowCommand(t, mark, 'task/approve', { taskId: markTask.id }),
          flowCommand(t, fiona, 'task/approve', { taskId: fionaTask.id }),
        ]);
        expect(results.map((r) => r.status)).toEqual([200, 200]);
        const detail = await ok<RecordDetail>(t, 'GET', 'record/detail', alice, undefined, { id: record.id });
        expect(detail.record.status).toBe('approved');
        const last = results.map((r) => r.body.data).find((r) => r.recordStatus === 'approved');
        expect(last).toBeDefined();
      }
    });
  });
});

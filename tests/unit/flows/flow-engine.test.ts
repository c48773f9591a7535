import { describe, expect, it } from 'vitest';
import type { FlowDefinition, FlowNode } from '../../../src/core/flows/flow-definition.ts';
import {
  FlowCommandError,
  runFlowCommand,
  type FlowCommand,
  type FlowDirectory,
  type FlowEffect,
  type FlowResult,
  type FlowState,
} from '../../../src/core/flows/flow-engine.ts';

// People of the directory used below.
const SUBMITTER = 10;
const MANAGER = 20;
const FINANCE_A = 30;
const FINANCE_B = 31;
const LEASING_A = 40;
const LEASING_B = 41;
const ADMIN = 1;
const OUTSIDER = 99; // not a member of the tenant
const FINANCE_ROLE = 5;
const EMPTY_ROLE = 6;

const directory = (overrides: Partial<FlowDirectory> = {}): FlowDirectory => ({
  roleMembers: (roleId) => (roleId === FINANCE_ROLE ? [FINANCE_A, FINANCE_B] : []),
  managerOf: (userId) => (userId === SUBMITTER ? MANAGER : null),
  isMember: (userId) => userId !== OUTSIDER,
  tenantAdmins: [ADMIN],
  ...overrides,
});

const flow = (...nodes: FlowNode[]): FlowDefinition => ({ version: 1, nodes });
const managerNode: FlowNode = { id: 'manager', type: 'approval', name: 'Manager review', assignees: [{ kind: 'manager' }], mode: 'any' };
const financeAny: FlowNode = { id: 'finance', type: 'approval', name: 'Finance', assignees: [{ kind: 'role', roleId: FINANCE_ROLE }], mode: 'any' };
const leasingAll: FlowNode = {
  id: 'leasing',
  type: 'approval',
  name: 'Leasing committee',
  assignees: [
    { kind: 'user', userId: LEASING_A },
    { kind: 'user', userId: LEASING_B },
  ],
  mode: 'all',
};

/** Drives one instance through commands, keeping the state between them like the server does. */
function instance(definition: FlowDefinition, options: { data?: Record<string, unknown>; dir?: FlowDirectory } = {}) {
  let state: FlowState | null = null;
  let data = options.data ?? {};
  const dir = options.dir ?? directory();
  const history: FlowEffect[] = [];
  const run = (command: FlowCommand): FlowResult => {
    const result = runFlowCommand(state, command, { definition, directory: dir, data });
    state = result.state;
    history.push(...result.effects);
    return result;
  };
  const pending = () => state!.tasks.filter((t) => t.status === 'pending');
  const taskOf = (userId: number) => {
    const task = pending().find((t) => t.assigneeId === userId);
    if (!task) throw new Error(`no pending task for ${userId}`);
    return task.key;
  };
  return {
    run,
    start: () => run({ type: 'start', actorId: SUBMITTER }),
    approve: (userId: number, comment?: string) => run({ type: 'approve', taskKey: taskOf(userId), actorId: userId, comment }),
    reject: (userId: number, to = 'submitter', comment = 'Not enough detail') =>
      run({ type: 'reject', taskKey: taskOf(userId), actorId: userId, comment, to }),
    setData: (next: Record<string, unknown>) => (data = next),
    state: () => state!,
    pending,
    taskOf,
    waitingFor: () => pending().map((t) => t.assigneeId).sort(),
    actions: () => history.filter((e) => e.type === 'event').map((e) => (e.type === 'event' ? e.event.action : '')),
    history,
  };
}

const notices = (effects: FlowEffect[]) =>
  effects.flatMap((e) => (e.type === 'notify' ? [{ notice: e.notice, userIds: e.userIds }] : []));
const recordStatus = (effects: FlowEffect[]) => effects.find((e) => e.type === 'recordStatus')?.status;

function expectError(action: () => unknown, kind: FlowCommandError['kind'], message: RegExp) {
  try {
    action();
  } catch (error) {
    expect(error).toBeInstanceOf(FlowCommandError);
    expect((error as FlowCommandError).kind).toBe(kind);
    expect((error as FlowCommandError).message).toMatch(message);
    return;
  }
  throw new Error('expected a FlowCommandError');
}

describe('approval flow engine', () => {
  it('all mode: waits for both approvers, then ends with the record approved', () => {
    const f = instance(flow(leasingAll));
    const started = f.start();
    expect(recordStatus(started.effects)).toBe('running');
    expect(f.waitingFor()).toEqual([LEASING_A, LEASING_B]);
    expect(notices(started.effects)).toEqual([{ notice: 'task', userIds: [LEASING_A, LEASING_B] }]);

    const first = f.approve(LEASING_A, 'Fine by me');
    expect(f.state().status).toBe('running');
    expect(f.waitingFor()).toEqual([LEASING_B]);
    expect(recordStatus(first.effects)).toBeUndefined();

    const second = f.approve(LEASING_B);
    expect(f.state().status).toBe('approved');
    expect(f.state().currentNodeId).toBeNull();
    expect(recordStatus(second.effects)).toBe('approved');
    expect(notices(second.effects)).toEqual([{ notice: 'approved', userIds: [SUBMITTER] }]);
    expect(f.actions()).toEqual(['submit', 'approve', 'approve', 'end']);
  });

  it('any mode: the first approval completes the node and cancels the siblings', () => {
    const f = instance(flow(financeAny, managerNode));
    f.start();
    expect(f.waitingFor()).toEqual([FINANCE_A, FINANCE_B]);
    const siblingKey = f.taskOf(FINANCE_B);
    const result = f.approve(FINANCE_A);
    expect(result.effects).toContainEqual({ type: 'taskClosed', taskKey: siblingKey, status: 'cancelled', actorId: null, comment: null });
    expect(f.waitingFor()).toEqual([MANAGER]);
    expect(f.state().currentNodeId).toBe('manager');
    // The cancelled sibling can no longer act.
    expectError(() => f.run({ type: 'approve', taskKey: siblingKey, actorId: FINANCE_B }), 'conflict', /already been handled/);
  });

  it('a rejection to the submitter ends the node; resubmission restarts from the first node and keeps the timeline', () => {
    const f = instance(flow(leasingAll, managerNode), { data: { rent: 1000 } });
    f.start();
    const otherKey = f.taskOf(LEASING_B);
    const rejected = f.reject(LEASING_A, 'submitter', 'Missing the deposit');
    expect(f.state().status).toBe('rejected');
    expect(f.pending()).toEqual([]);
    expect(recordStatus(rejected.effects)).toBe('rejected');
    expect(rejected.effects).toContainEqual({ type: 'taskClosed', taskKey: otherKey, status: 'cancelled', actorId: null, comment: null });
    expect(notices(rejected.effects)).toEqual([{ notice: 'rejected', userIds: [SUBMITTER] }]);
    expectError(() => f.run({ type: 'approve', taskKey: otherKey, actorId: LEASING_B }), 'conflict', /already been handled/);

    expectError(() => f.run({ type: 'resubmit', actorId: LEASING_A }), 'forbidden', /submitter/);
    f.setData({ rent: 1000, deposit: 3000 });
    const resubmitted = f.run({ type: 'resubmit', actorId: SUBMITTER });
    expect(recordStatus(resubmitted.effects)).toBe('running');
    expect(f.state().run).toBe(2);
    expect(f.waitingFor()).toEqual([LEASING_A, LEASING_B]);
    f.approve(LEASING_A);
    f.approve(LEASING_B);
    f.approve(MANAGER);
    expect(f.state().status).toBe('approved');
    expect(f.actions()).toEqual(['submit', 'reject', 'resubmit', 'approve', 'approve', 'approve', 'end']);
    // Tasks of the first round stay in the history.
    expect(f.state().tasks.filter((t) => t.run === 1).map((t) => t.status)).toEqual(['rejected', 'cancelled']);
  });

  it('only a rejected or withdrawn record can be resubmitted', () => {
    const f = instance(flow(managerNode));
    f.start();
    expectError(() => f.run({ type: 'resubmit', actorId: SUBMITTER }), 'conflict', /rejected or withdrawn/);
  });

  it('a rejection to an earlier node reopens that node, then the flow goes forward again', () => {
    const f = instance(flow(managerNode, financeAny, leasingAll));
    f.start();
    f.approve(MANAGER);
    f.approve(FINANCE_B);
    expect(f.waitingFor()).toEqual([LEASING_A, LEASING_B]);
    f.approve(LEASING_A);
    const result = f.reject(LEASING_B, 'finance', 'Check the figures again');
    expect(f.state().status).toBe('running');
    expect(f.state().currentNodeId).toBe('finance');
    expect(f.waitingFor()).toEqual([FINANCE_A, FINANCE_B]);
    expect(notices(result.effects)).toEqual([
      { notice: 'rejected', userIds: [SUBMITTER] },
      { notice: 'task', userIds: [FINANCE_A, FINANCE_B] },
    ]);
    expect(recordStatus(result.effects)).toBeUndefined();
    f.approve(FINANCE_A);
    // The all-mode node starts over: the earlier approval of LEASING_A does not count.
    expect(f.waitingFor()).toEqual([LEASING_A, LEASING_B]);
    f.approve(LEASING_A);
    expect(f.state().status).toBe('running');
    f.approve(LEASING_B);
    expect(f.state().status).toBe('approved');
  });

  it('refuses a rejection to the current node, a later node or a node of no flow', () => {
    const f = instance(flow(managerNode, financeAny, leasingAll));
    f.start();
    f.approve(MANAGER);
    const key = f.taskOf(FINANCE_A);
    for (const to of ['finance', 'leasing', 'nowhere']) {
      expectError(() => f.run({ type: 'reject', taskKey: key, actorId: FINANCE_A, comment: 'x', to }), 'invalid', /not an earlier approval step/);
    }
    expect(f.waitingFor()).toEqual([FINANCE_A, FINANCE_B]);
  });

  it('a rejection cannot reach back into the round before a resubmission', () => {
    const f = instance(flow(managerNode, financeAny));
    f.start();
    f.approve(MANAGER);
    f.reject(FINANCE_A);
    f.run({ type: 'resubmit', actorId: SUBMITTER });
    // This round has not passed the manager yet.
    const key = f.taskOf(MANAGER);
    expectError(() => f.run({ type: 'reject', taskKey: key, actorId: MANAGER, comment: 'x', to: 'manager' }), 'invalid', /earlier/);
  });

  it('transfer hands the task to another member, who then decides', () => {
    const f = instance(flow(managerNode, financeAny));
    f.start();
    const key = f.taskOf(MANAGER);
    const result = f.run({ type: 'transfer', taskKey: key, actorId: MANAGER, toUserId: LEASING_A, comment: 'On leave this week' });
    expect(result.effects).toContainEqual({ type: 'taskClosed', taskKey: key, status: 'transferred', actorId: MANAGER, comment: 'On leave this week' });
    expect(notices(result.effects)).toEqual([{ notice: 'task', userIds: [LEASING_A] }]);
    expect(f.waitingFor()).toEqual([LEASING_A]);
    expectError(() => f.run({ type: 'approve', taskKey: key, actorId: MANAGER }), 'conflict', /already been handled/);
    f.approve(LEASING_A);
    expect(f.state().currentNodeId).toBe('finance');
    const transfer = f.history.find((e) => e.type === 'event' && e.event.action === 'transfer');
    expect(transfer).toMatchObject({ event: { actorId: MANAGER, targetUserIds: [LEASING_A], nodeId: 'manager', comment: 'On leave this week' } });
  });

  it('refuses a transfer to oneself, to someone already at the step, or to a non-member', () => {
    const f = instance(flow(financeAny));
    f.start();
    const key = f.taskOf(FINANCE_A);
    expectError(() => f.run({ type: 'transfer', taskKey: key, actorId: FINANCE_A, toUserId: FINANCE_A }), 'invalid', /yourself/);
    expectError(() => f.run({ type: 'transfer', taskKey: key, actorId: FINANCE_A, toUserId: FINANCE_B }), 'invalid', /already takes part/);
    expectError(() => f.run({ type: 'transfer', taskKey: key, actorId: FINANCE_A, toUserId: OUTSIDER }), 'invalid', /not a member/);
  });

  it('only the assignee may act on a task, administrators included', () => {
    const f = instance(flow(managerNode));
    f.start();
    const key = f.taskOf(MANAGER);
    for (const actorId of [ADMIN, SUBMITTER, FINANCE_A]) {
      expectError(() => f.run({ type: 'approve', taskKey: key, actorId }), 'forbidden', /Only the assignee/);
      expectError(() => f.run({ type: 'reject', taskKey: key, actorId, comment: 'no', to: 'submitter' }), 'forbidden', /Only the assignee/);
      expectError(() => f.run({ type: 'transfer', taskKey: key, actorId, toUserId: LEASING_A }), 'forbidden', /Only the assignee/);
    }
    expectError(() => f.run({ type: 'approve', taskKey: 't999', actorId: MANAGER }), 'notFound', /Task not found/);
  });

  describe('branches', () => {
    const costBranch: FlowNode = {
      id: 'byCost',
      type: 'branch',
      name: 'By cost',
      branches: [
        { id: 'large', name: 'Over 5,000', condition: { all: [{ field: 'cost', op: 'gt', value: 5000 }] }, nodes: [financeAny] },
        { id: 'small', name: 'Otherwise', condition: null, nodes: [] },
      ],
    };

    it('takes the first branch whose condition holds', () => {
      const f = instance(flow(managerNode, costBranch, leasingAll), { data: { cost: 8200 } });
      f.start();
      f.approve(MANAGER);
      expect(f.state().currentNodeId).toBe('finance');
      f.approve(FINANCE_A);
      expect(f.state().currentNodeId).toBe('leasing');
    });

    it('an empty "otherwise" branch goes straight on after the branch node', () => {
      const f = instance(flow(managerNode, costBranch, leasingAll), { data: { cost: 1200 } });
      f.start();
      f.approve(MANAGER);
      expect(f.state().currentNodeId).toBe('leasing');
    });

    it('reads the data as it stands when the flow reaches the branch', () => {
      const f = instance(flow(managerNode, costBranch), { data: { cost: 1200 } });
      f.start();
      f.setData({ cost: 9000 }); // the manager raised the estimate while approving
      f.approve(MANAGER);
      expect(f.state().currentNodeId).toBe('finance');
    });

    it('goes on after the branch node when no branch holds, and nests', () => {
      const nested: FlowNode = {
        id: 'outer',
        type: 'branch',
        name: 'Outer',
        branches: [
          {
            id: 'urgent',
            name: 'Urgent',
            condition: { any: [{ field: 'priority', op: 'eq', value: 'urgent' }] },
            nodes: [
              {
                id: 'inner',
                type: 'branch',
                name: 'Inner',
                branches: [
                  { id: 'big', name: 'Big', condition: { all: [{ field: 'cost', op: 'gte', value: 5000 }] }, nodes: [financeAny] },
                  { id: 'rest', name: 'Rest', condition: null, nodes: [managerNode] },
                ],
              },
            ],
          },
        ],
      };
      const routine = instance(flow(nested, leasingAll), { data: { priority: 'routine', cost: 9000 } });
      routine.start();
      expect(routine.state().currentNodeId).toBe('leasing');

      const urgentBig = instance(flow(nested, leasingAll), { data: { priority: 'urgent', cost: 9000 } });
      urgentBig.start();
      expect(urgentBig.state().currentNodeId).toBe('finance');
      urgentBig.approve(FINANCE_B);
      expect(urgentBig.state().currentNodeId).toBe('leasing');

      const urgentSmall = instance(flow(nested, leasingAll), { data: { priority: 'urgent', cost: 100 } });
      urgentSmall.start();
      expect(urgentSmall.state().currentNodeId).toBe('manager');
    });
  });

  it('a CC node notifies, leaves read-only entries and goes on', () => {
    const cc: FlowNode = { id: 'safety', type: 'cc', name: 'Safety officer', recipients: [{ kind: 'user', userId: LEASING_B }, { kind: 'role', roleId: FINANCE_ROLE }] };
    const f = instance(flow(managerNode, cc, leasingAll));
    f.start();
    const result = f.approve(MANAGER);
    const ccTasks = f.state().tasks.filter((t) => t.kind === 'cc');
    expect(ccTasks.map((t) => [t.assigneeId, t.status])).toEqual([
      [LEASING_B, 'cc'],
      [FINANCE_A, 'cc'],
      [FINANCE_B, 'cc'],
    ]);
    expect(notices(result.effects)).toEqual([
      { notice: 'cc', userIds: [LEASING_B, FINANCE_A, FINANCE_B] },
      { notice: 'task', userIds: [LEASING_A, LEASING_B] },
    ]);
    expect(f.state().currentNodeId).toBe('leasing');
    // A CC entry cannot be approved.
    expectError(() => f.run({ type: 'approve', taskKey: ccTasks[0]!.key, actorId: LEASING_B }), 'notFound', /Task not found/);
    expect(f.actions()).toEqual(['submit', 'approve', 'cc']);
  });

  it('a CC at the end still ends the flow', () => {
    const f = instance(flow(managerNode, { id: 'tell', type: 'cc', name: 'Tell finance', recipients: [{ kind: 'role', roleId: FINANCE_ROLE }] }));
    f.start();
    const result = f.approve(MANAGER);
    expect(f.state().status).toBe('approved');
    expect(notices(result.effects).map((n) => n.notice)).toEqual(['cc', 'approved']);
  });

  it('an approval whose assignees resolve to nobody falls back to the tenant administrators, noted in the timeline', () => {
    const nobody: FlowNode = { id: 'audit', type: 'approval', name: 'Audit', assignees: [{ kind: 'role', roleId: EMPTY_ROLE }, { kind: 'user', userId: OUTSIDER }], mode: 'all' };
    const f = instance(flow(nobody));
    const result = f.start();
    expect(f.waitingFor()).toEqual([ADMIN]);
    expect(result.effects).toContainEqual({
      type: 'event',
      event: { action: 'fallback', actorId: null, nodeId: 'audit', nodeName: 'Audit', comment: null, targetUserIds: [ADMIN] },
    });
    f.approve(ADMIN);
    expect(f.state().status).toBe('approved');
  });

  it('a submitter without a manager falls back too; with no administrators either, the node is passed', () => {
    const noManager = instance(flow(managerNode), { dir: directory({ managerOf: () => null }) });
    noManager.start();
    expect(noManager.waitingFor()).toEqual([ADMIN]);

    const nobodyAtAll = instance(flow(managerNode, financeAny), { dir: directory({ managerOf: () => null, tenantAdmins: [] }) });
    nobodyAtAll.start();
    expect(nobodyAtAll.state().currentNodeId).toBe('finance');
    expect(nobodyAtAll.actions()).toEqual(['submit', 'fallback']);
  });

  it('an assignee named twice (as user and through a role) gets one task', () => {
    const twice: FlowNode = { id: 'twice', type: 'approval', name: 'Twice', assignees: [{ kind: 'user', userId: FINANCE_A }, { kind: 'role', roleId: FINANCE_ROLE }], mode: 'all' };
    const f = instance(flow(twice));
    f.start();
    expect(f.waitingFor()).toEqual([FINANCE_A, FINANCE_B]);
  });

  it('withdraw: only the submitter, only while running; cancels the open tasks; a withdrawn record can be resubmitted', () => {
    const f = instance(flow(leasingAll));
    f.start();
    expectError(() => f.run({ type: 'withdraw', actorId: LEASING_A }), 'forbidden', /submitter/);
    const result = f.run({ type: 'withdraw', actorId: SUBMITTER });
    expect(recordStatus(result.effects)).toBe('withdrawn');
    expect(f.pending()).toEqual([]);
    expect(result.effects.filter((e) => e.type === 'taskClosed').map((e) => (e.type === 'taskClosed' ? e.status : ''))).toEqual(['cancelled', 'cancelled']);
    expectError(() => f.run({ type: 'withdraw', actorId: SUBMITTER }), 'conflict', /in approval/);
    f.run({ type: 'resubmit', actorId: SUBMITTER });
    expect(f.waitingFor()).toEqual([LEASING_A, LEASING_B]);
  });

  it('starts once; commands need a started flow; the input state is not changed', () => {
    const definition = flow(managerNode);
    const started = runFlowCommand(null, { type: 'start', actorId: SUBMITTER }, { definition, directory: directory(), data: {} });
    expectError(() => runFlowCommand(started.state, { type: 'start', actorId: SUBMITTER }, { definition, directory: directory(), data: {} }), 'conflict', /already started/);
    expectError(() => runFlowCommand(null, { type: 'withdraw', actorId: SUBMITTER }, { definition, directory: directory(), data: {} }), 'notFound', /no flow/);
    const before = structuredClone(started.state);
    runFlowCommand(started.state, { type: 'approve', taskKey: 't1', actorId: MANAGER }, { definition, directory: directory(), data: {} });
    expect(started.state).toEqual(before);
  });
});

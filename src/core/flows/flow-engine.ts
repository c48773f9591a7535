import type { LocalText } from '../local-text.ts';
import { deepCopy } from '../deep-copy.ts';
import { evaluateCondition } from '../forms/conditions.ts';
import type { ApprovalNode, Assignee, FlowDefinition, FlowNode } from './flow-definition.ts';

/**
 * The approval flow as a pure state machine: the caller loads the instance state, resolves the
 * directory (role members, managers, administrators) and hands in a command; the engine answers
 * with the new state and the effects to persist (tasks, timeline events, notifications, record
 * status). No I/O and no clock here, so every rule is tested without a database.
 */

export type FlowStatus = 'running' | 'approved' | 'rejected' | 'withdrawn';

export type FlowTaskStatus = 'pending' | 'approved' | 'rejected' | 'transferred' | 'cancelled' | 'cc';

export interface FlowTask {
  /** Unique within the instance ('t1', 't2', ...); the server maps its row ids to these. */
  key: string;
  nodeId: string;
  nodeName: LocalText;
  kind: 'approval' | 'cc';
  assigneeId: number;
  status: FlowTaskStatus;
  /** Submission round: 1 from the start, one more per resubmit. */
  run: number;
  /** Which visit of a node the task belongs to; a node reopened by a rejection gets a new one. */
  entry: number;
}

export interface FlowState {
  status: FlowStatus;
  submitterId: number;
  /** The approval node waiting for its tasks; null once the flow is not running. */
  currentNodeId: string | null;
  currentEntry: number;
  run: number;
  /** Last task number handed out. */
  taskSeq: number;
  tasks: FlowTask[];
}

export type FlowAction = 'submit' | 'approve' | 'reject' | 'transfer' | 'cc' | 'resubmit' | 'withdraw' | 'end' | 'fallback';

export interface FlowEvent {
  action: FlowAction;
  /** Null for what the flow does by itself (cc, end, fallback). */
  actorId: number | null;
  nodeId: string | null;
  nodeName: LocalText | null;
  comment: string | null;
  /** Who the event reached: the new assignee of a transfer, CC recipients, fallback administrators. */
  targetUserIds: number[];
  /** Where a rejection sent the record: 'submitter' or a node id. */
  to?: string;
}

export type FlowNotice = 'task' | 'cc' | 'rejected' | 'approved';

export type FlowEffect =
  | { type: 'taskCreated'; task: FlowTask }
  | { type: 'taskClosed'; taskKey: string; status: Exclude<FlowTaskStatus, 'pending' | 'cc'>; actorId: number | null; comment: string | null }
  | { type: 'event'; event: FlowEvent }
  | { type: 'notify'; notice: FlowNotice; userIds: number[]; nodeName: LocalText | null; comment: string | null }
  | { type: 'recordStatus'; status: FlowStatus };

export interface FlowResult {
  state: FlowState;
  effects: FlowEffect[];
}

/** Directory facts the caller looked up before the command (the engine cannot query). */
export interface FlowDirectory {
  roleMembers(roleId: number): readonly number[];
  /** The user's manager, or null. */
  managerOf(userId: number): number | null;
  /** Active members of the tenant; users no longer in it are not given tasks. */
  isMember(userId: number): boolean;
  /** Who takes an approval whose assignees resolve to nobody. */
  tenantAdmins: readonly number[];
}

export interface FlowContext {
  definition: FlowDefinition;
  directory: FlowDirectory;
  /** The record's data as it stands after the command (branch conditions read it). */
  data: Record<string, unknown>;
}

export type FlowCommand =
  | { type: 'start'; actorId: number }
  | { type: 'approve'; taskKey: string; actorId: number; comment?: string | null }
  | { type: 'reject'; taskKey: string; actorId: number; comment: string; /** 'submitter', or the id of an earlier node. */ to: string }
  | { type: 'transfer'; taskKey: string; actorId: number; toUserId: number; comment?: string | null }
  | { type: 'resubmit'; actorId: number }
  | { type: 'withdraw'; actorId: number };

export type FlowErrorKind = 'forbidden' | 'conflict' | 'invalid' | 'notFound';

/** A command the state does not allow; the server answers 403 / 409 / 400 / 404 by kind. */
export class FlowCommandError extends Error {
  constructor(
    readonly kind: FlowErrorKind,
    message: string,
  ) {
    super(message);
    this.name = 'FlowCommandError';
  }
}

export function runFlowCommand(state: FlowState | null, command: FlowCommand, context: FlowContext): FlowResult {
  if (command.type === 'start') {
    if (state) throw new FlowCommandError('conflict', 'The flow of this record has already started');
    return new FlowRun(initialState(command.actorId), context, null).start(command.actorId);
  }
  if (!state) throw new FlowCommandError('notFound', 'This record has no flow');
  const run = new FlowRun(deepCopy(state), context, state.status);
  switch (command.type) {
    case 'approve':
      return run.approve(command.taskKey, command.actorId, command.comment ?? null);
    case 'reject':
      return run.reject(command.taskKey, command.actorId, command.comment, command.to);
    case 'transfer':
      return run.transfer(command.taskKey, command.actorId, command.toUserId, command.comment ?? null);
    case 'resubmit':
      return run.resubmit(command.actorId);
    case 'withdraw':
      return run.withdraw(command.actorId);
  }
}

function initialState(submitterId: number): FlowState {
  return { status: 'running', submitterId, currentNodeId: null, currentEntry: 0, run: 1, taskSeq: 0, tasks: [] };
}

/** A position in the nested node lists: the last frame points at the node. */
type Frame = { nodes: readonly FlowNode[]; index: number };

function pathTo(nodes: readonly FlowNode[], id: string): Frame[] | null {
  for (const [index, node] of nodes.entries()) {
    if (node.id === id) return [{ nodes, index }];
    if (node.type !== 'branch') continue;
    for (const branch of node.branches) {
      const inner = pathTo(branch.nodes, id);
      if (inner) return [{ nodes, index }, ...inner];
    }
  }
  return null;
}

/** The position after the node at the top of the path (out of finished branches); null at the end. */
function stepForward(path: Frame[]): Frame[] | null {
  const frames = path.map((f) => ({ ...f }));
  while (frames.length > 0) {
    const top = frames[frames.length - 1]!;
    top.index += 1;
    if (top.index < top.nodes.length) return frames;
    frames.pop();
  }
  return null;
}

const unique = (ids: readonly number[]) => [...new Set(ids)];

/** One command's work on a copy of the state, collecting effects as it goes. */
class FlowRun {
  private readonly effects: FlowEffect[] = [];

  constructor(
    private readonly state: FlowState,
    private readonly context: FlowContext,
    /** Null before the flow starts, so the start reports the record's first status. */
    private readonly statusBefore: FlowStatus | null,
  ) {}

  start(actorId: number): FlowResult {
    this.event({ action: 'submit', actorId });
    this.advance(this.context.definition.nodes.length ? [{ nodes: this.context.definition.nodes, index: 0 }] : null);
    return this.result();
  }

  approve(taskKey: string, actorId: number, comment: string | null): FlowResult {
    const task = this.actionableTask(taskKey, actorId);
    const node = this.approvalNode(task.nodeId);
    this.close(task, 'approved', actorId, comment);
    this.event({ action: 'approve', actorId, nodeId: node.id, nodeName: node.name, comment });
    const open = this.pendingTasks();
    if (node.mode === 'any' || open.length === 0) {
      for (const other of open) this.close(other, 'cancelled', null, null);
      this.advance(stepForward(pathTo(this.context.definition.nodes, node.id)!));
    }
    return this.result();
  }

  reject(taskKey: string, actorId: number, comment: string, to: string): FlowResult {
    const task = this.actionableTask(taskKey, actorId);
    const node = this.approvalNode(task.nodeId);
    const target = to === 'submitter' ? null : this.rejectTarget(to, node.id);
    this.close(task, 'rejected', actorId, comment);
    for (const other of this.pendingTasks()) this.close(other, 'cancelled', null, null);
    this.event({ action: 'reject', actorId, nodeId: node.id, nodeName: node.name, comment, to });
    this.notify('rejected', [this.state.submitterId], node.name, comment);
    if (target) {
      if (!this.enterApproval(target)) this.advance(stepForward(pathTo(this.context.definition.nodes, target.id)!));
    } else {
      this.state.status = 'rejected';
      this.state.currentNodeId = null;
    }
    return this.result();
  }

  transfer(taskKey: string, actorId: number, toUserId: number, comment: string | null): FlowResult {
    const task = this.actionableTask(taskKey, actorId);
    if (toUserId === actorId) throw new FlowCommandError('invalid', 'userId: cannot transfer a task to yourself');
    if (!this.context.directory.isMember(toUserId)) throw new FlowCommandError('invalid', 'userId: not a member of this tenant');
    const atThisStep = this.state.tasks.filter((t) => t.entry === this.state.currentEntry && t.kind === 'approval');
    if (atThisStep.some((t) => t.assigneeId === toUserId && (t.status === 'pending' || t.status === 'approved'))) {
      throw new FlowCommandError('invalid', 'userId: already takes part in this step');
    }
    this.close(task, 'transferred', actorId, comment);
    this.event({ action: 'transfer', actorId, nodeId: task.nodeId, nodeName: task.nodeName, comment, targetUserIds: [toUserId] });
    this.createTask(task.nodeId, task.nodeName, 'approval', toUserId, 'pending');
    this.notify('task', [toUserId], task.nodeName, comment);
    return this.result();
  }

  resubmit(actorId: number): FlowResult {
    this.requireSubmitter(actorId);
    if (this.state.status !== 'rejected' && this.state.status !== 'withdrawn') {
      throw new FlowCommandError('conflict', 'Only a rejected or withdrawn record can be resubmitted');
    }
    this.state.status = 'running';
    this.state.run += 1;
    this.event({ action: 'resubmit', actorId });
    this.advance(this.context.definition.nodes.length ? [{ nodes: this.context.definition.nodes, index: 0 }] : null);
    return this.result();
  }

  withdraw(actorId: number): FlowResult {
    this.requireSubmitter(actorId);
    if (this.state.status !== 'running') throw new FlowCommandError('conflict', 'Only a record in approval can be withdrawn');
    for (const task of this.pendingTasks()) this.close(task, 'cancelled', null, null);
    this.state.status = 'withdrawn';
    this.state.currentNodeId = null;
    this.event({ action: 'withdraw', actorId });
    return this.result();
  }

  /** Runs nodes from the position until an approval node waits for people, or the flow ends. */
  private advance(position: Frame[] | null): void {
    let frames = position;
    while (frames) {
      const top = frames[frames.length - 1]!;
      const node = top.nodes[top.index]!;
      if (node.type === 'approval') {
        if (this.enterApproval(node)) return;
      } else if (node.type === 'cc') {
        this.sendCc(node.id, node.name, node.recipients);
      } else {
        const taken = node.branches.find((b) => b.condition === null || evaluateCondition(b.condition, this.context.data));
        if (taken && taken.nodes.length > 0) {
          frames = [...frames, { nodes: taken.nodes, index: 0 }];
          continue;
        }
      }
      frames = stepForward(frames);
    }
    this.finish();
  }

  /** Opens tasks for the node's people; false when nobody at all can take it (the node is passed). */
  private enterApproval(node: ApprovalNode): boolean {
    let people = this.resolve(node.assignees);
    if (people.length === 0) {
      people = unique(this.context.directory.tenantAdmins.filter((id) => this.context.directory.isMember(id)));
      this.event({ action: 'fallback', actorId: null, nodeId: node.id, nodeName: node.name, targetUserIds: people });
      if (people.length === 0) return false;
    }
    this.state.currentEntry += 1;
    this.state.currentNodeId = node.id;
    for (const userId of people) this.createTask(node.id, node.name, 'approval', userId, 'pending');
    this.notify('task', people, node.name, null);
    return true;
  }

  private sendCc(nodeId: string, nodeName: LocalText, recipients: readonly Assignee[]): void {
    const people = this.resolve(recipients);
    if (people.length === 0) return;
    for (const userId of people) this.createTask(nodeId, nodeName, 'cc', userId, 'cc');
    this.event({ action: 'cc', actorId: null, nodeId, nodeName, targetUserIds: people });
    this.notify('cc', people, nodeName, null);
  }

  private finish(): void {
    this.state.status = 'approved';
    this.state.currentNodeId = null;
    this.event({ action: 'end', actorId: null });
    this.notify('approved', [this.state.submitterId], null, null);
  }

  private resolve(assignees: readonly Assignee[]): number[] {
    const { directory } = this.context;
    const ids = assignees.flatMap((a): readonly number[] => {
      if (a.kind === 'user') return [a.userId];
      if (a.kind === 'role') return directory.roleMembers(a.roleId);
      const manager = directory.managerOf(this.state.submitterId);
      return manager === null ? [] : [manager];
    });
    return unique(ids.filter((id) => directory.isMember(id)));
  }

  /** A pending approval task of the running flow that belongs to the actor. */
  private actionableTask(taskKey: string, actorId: number): FlowTask {
    const task = this.state.tasks.find((t) => t.key === taskKey);
    if (!task || task.kind !== 'approval') throw new FlowCommandError('notFound', 'Task not found');
    if (task.assigneeId !== actorId) throw new FlowCommandError('forbidden', 'Only the assignee of this task may act on it');
    if (task.status !== 'pending' || this.state.status !== 'running') {
      throw new FlowCommandError('conflict', 'This task has already been handled');
    }
    return task;
  }

  private approvalNode(nodeId: string): ApprovalNode {
    const frames = pathTo(this.context.definition.nodes, nodeId);
    const node = frames ? frames[frames.length - 1]!.nodes[frames[frames.length - 1]!.index] : undefined;
    if (!node || node.type !== 'approval') throw new FlowCommandError('conflict', `The flow no longer has the step ${nodeId}`);
    return node;
  }

  /** A rejection may send the record back to an approval node this submission already passed. */
  private rejectTarget(nodeId: string, currentId: string): ApprovalNode {
    const passed = this.state.tasks.some((t) => t.run === this.state.run && t.nodeId === nodeId && t.status === 'approved');
    if (nodeId === currentId || !passed) {
      throw new FlowCommandError('invalid', `to: ${nodeId} is not an earlier approval step of this submission`);
    }
    return this.approvalNode(nodeId);
  }

  private requireSubmitter(actorId: number): void {
    if (actorId !== this.state.submitterId) throw new FlowCommandError('forbidden', 'Only the submitter may do this');
  }

  private pendingTasks(): FlowTask[] {
    return this.state.tasks.filter((t) => t.status === 'pending' && t.entry === this.state.currentEntry);
  }

  private createTask(nodeId: string, nodeName: LocalText, kind: FlowTask['kind'], assigneeId: number, status: FlowTaskStatus): void {
    this.state.taskSeq += 1;
    const task: FlowTask = {
      key: `t${this.state.taskSeq}`,
      nodeId,
      nodeName,
      kind,
      assigneeId,
      status,
      run: this.state.run,
      entry: this.state.currentEntry,
    };
    this.state.tasks.push(task);
    this.effects.push({ type: 'taskCreated', task: { ...task } });
  }

  private close(task: FlowTask, status: Exclude<FlowTaskStatus, 'pending' | 'cc'>, actorId: number | null, comment: string | null): void {
    task.status = status;
    this.effects.push({ type: 'taskClosed', taskKey: task.key, status, actorId, comment });
  }

  private event(event: Partial<FlowEvent> & Pick<FlowEvent, 'action' | 'actorId'>): void {
    this.effects.push({
      type: 'event',
      event: { nodeId: null, nodeName: null, comment: null, targetUserIds: [], ...event },
    });
  }

  private notify(notice: FlowNotice, userIds: number[], nodeName: LocalText | null, comment: string | null): void {
    if (userIds.length > 0) this.effects.push({ type: 'notify', notice, userIds, nodeName, comment });
  }

  private result(): FlowResult {
    if (this.state.status !== this.statusBefore) this.effects.push({ type: 'recordStatus', status: this.state.status });
    return { state: this.state, effects: this.effects };
  }
}

import { readStoredText } from '../../../core/local-text.ts';
import type { FlowPerson, FlowTimelineEntry, RecordFlowState } from '../../../core/contracts/flows.ts';
import { approvalNodesOf } from '../../../core/flows/flow-definition.ts';
import type { FlowAction } from '../../../core/flows/flow-engine.ts';
import { readJson } from '../../db/json-column.ts';
import { readFlow } from '../../db/stored-configs.ts';
import type { TenantScope } from '../../db/tenant-scope.ts';
import { notFound } from '../../errors.ts';
import type { Caller } from '../../access/caller.ts';
import { policy } from '../../access/policies.ts';
import { findForm } from '../form/service.ts';
import type { FormVersionCache } from '../form/versions.ts';
import { readRecord, type RecordRow } from '../record/service.ts';

async function peopleById(scope: TenantScope, ids: Iterable<number | null>): Promise<Map<number, FlowPerson>> {
  const wanted = [...new Set([...ids].filter((id): id is number => id !== null))];
  if (wanted.length === 0) return new Map();
  const rows = await scope.db.selectFrom('app_user').select(['id', 'name']).where('id', 'in', wanted).execute();
  return new Map(rows.map((r) => [r.id, { id: r.id, name: r.name }]));
}

const someone = (people: Map<number, FlowPerson>, id: number): FlowPerson => people.get(id) ?? { id, name: `#${id}` };

/** Whether the user reads the record by their own rights: the form open to them, a read point, the record in their data scope. */
async function readsByRights(caller: Caller, record: RecordRow, versions: FormVersionCache): Promise<boolean> {
  const [form, version] = await Promise.all([findForm(caller.scope, record.form_id), versions.get(caller.scope, record.form_id, record.version)]);
  return !!version && policy.record.read(caller, form, version.settings, record);
}

/** Whether the user has, or had, a task or CC entry on the record (or, with no record, on any record of the form). */
export async function takesPartInFlow(scope: TenantScope, userId: number, target: { formId: number; recordId: number | null }): Promise<boolean> {
  let query = scope.selectFrom('flow_task').select('flow_task.id').where('flow_task.assignee_id', '=', userId);
  query =
    target.recordId === null
      ? query.innerJoin('flow_instance', 'flow_instance.id', 'flow_task.instance_id').where('flow_instance.form_id', '=', target.formId)
      : query.where('flow_task.record_id', '=', target.recordId);
  return !!(await query.limit(1).executeTakeFirst());
}

/**
 * A record's flow as the viewer sees it: status, who it waits for, the viewer's open task
 * with the node's field permissions and where a rejection may send it, what the submitter
 * may do. Null when the record has no flow.
 */
export async function recordFlowState(versions: FormVersionCache, caller: Caller, record: RecordRow): Promise<RecordFlowState | null> {
  const { scope, session } = caller;
  const instance = await scope.selectFrom('flow_instance').selectAll().where('record_id', '=', record.id).executeTakeFirst();
  if (!instance) return null;
  const tasks = await scope.selectFrom('flow_task').selectAll().where('instance_id', '=', instance.id).orderBy('id').execute();
  const open = tasks.filter((t) => t.kind === 'approval' && t.status === 'pending');
  const people = await peopleById(scope, [instance.submitter_id, ...open.map((t) => t.assignee_id)]);
  const version = await versions.get(scope, record.form_id, record.version);
  const permissionsAt = (nodeId: string) => version?.settings.fieldPermissions[nodeId] ?? {};
  const definition = readFlow(instance.definition);

  const mine = open.find((t) => t.assignee_id === session.userId);
  const passed = new Set(tasks.filter((t) => t.run === instance.run && t.kind === 'approval' && t.status === 'approved').map((t) => t.node_id));
  const myTask = mine && {
    taskId: mine.id,
    nodeId: mine.node_id,
    nodeName: readStoredText(mine.node_name),
    fieldPermissions: permissionsAt(mine.node_id),
    rejectTargets: approvalNodesOf(definition)
      .filter((n) => passed.has(n.id) && n.id !== mine.node_id)
      .map((n) => ({ nodeId: n.id, nodeName: n.name })),
  };

  // The node that shapes the viewer's view: their open task's, else their latest one's.
  const viewerNode = mine?.node_id ?? tasks.filter((t) => t.assignee_id === session.userId).at(-1)?.node_id;
  const hiddenAtNode = viewerNode ? Object.entries(permissionsAt(viewerNode)).filter(([, p]) => p === 'hidden').map(([key]) => key) : [];
  const hiddenFields = hiddenAtNode.length && !(await readsByRights(caller, record, versions)) ? hiddenAtNode : [];

  const isSubmitter = instance.submitter_id === session.userId;
  return {
    status: instance.status,
    submitter: someone(people, instance.submitter_id),
    currentNodeId: instance.current_node_id,
    currentNodeName: open[0] ? readStoredText(open[0].node_name) : null,
    waitingFor: open.map((t) => someone(people, t.assignee_id)),
    myTask: myTask ?? null,
    canWithdraw: isSubmitter && instance.status === 'running',
    canResubmit: isSubmitter && (instance.status === 'rejected' || instance.status === 'withdrawn'),
    hiddenFields,
  };
}

/** The record, when the user may follow its flow: by their own rights, as a participant or as the submitter; else 404. */
export async function followedRecord(versions: FormVersionCache, caller: Caller, recordId: number): Promise<RecordRow> {
  const { scope, session } = caller;
  const record = await readRecord(scope, recordId);
  if (!record) throw notFound('Record');
  const allowed =
    record.created_by === session.userId ||
    (await takesPartInFlow(scope, session.userId, { formId: record.form_id, recordId })) ||
    (await readsByRights(caller, record, versions));
  if (!allowed) throw notFound('Record');
  return record;
}

/** Who did what and when on the record's flow, oldest first, across resubmissions. */
export async function recordTimeline(scope: TenantScope, recordId: number): Promise<FlowTimelineEntry[]> {
  const instance = await scope.selectFrom('flow_instance').select(['id', 'definition']).where('record_id', '=', recordId).executeTakeFirst();
  if (!instance) return [];
  const events = await scope.selectFrom('flow_event').selectAll().where('instance_id', '=', instance.id).orderBy('id').execute();
  const targetsOf = (value: unknown) => readJson<number[]>(value);
  const people = await peopleById(scope, events.flatMap((e) => [e.actor_id, ...targetsOf(e.target_user_ids)]));
  const nodeNames = new Map(approvalNodesOf(readFlow(instance.definition)).map((n) => [n.id, n.name]));
  return events.map((e) => ({
    id: e.id,
    action: e.action as FlowAction,
    actor: e.actor_id === null ? null : someone(people, e.actor_id),
    nodeId: e.node_id,
    nodeName: e.node_name === null ? null : readStoredText(e.node_name),
    comment: e.comment,
    targets: targetsOf(e.target_user_ids).map((id) => someone(people, id)),
    to: e.to_target,
    toName: e.to_target === null ? null : (nodeNames.get(e.to_target) ?? null),
    createTime: e.create_time,
  }));
}

import type { Selectable } from 'kysely';
import type {
  FlowCommandResult,
  FlowResubmitBody,
  FlowTaskApproveBody,
  FlowTaskRejectBody,
  FlowTaskTransferBody,
} from '../../../core/contracts/flows.ts';
import type { FlowDefinition } from '../../../core/flows/flow-definition.ts';
import { FlowCommandError, runFlowCommand, type FlowCommand, type FlowState } from '../../../core/flows/flow-engine.ts';
import { deepEqual } from '../../../core/forms/conditions.ts';
import { FIELD_TYPES, valueFields, type RecordData } from '../../../core/forms/form-design.ts';
import type { Clock } from '../../clock.ts';
import type { Dialect } from '../../db/database.ts';
import { readJson } from '../../db/json-column.ts';
import type { NotifyTable } from '../../db/schema.ts';
import type { TenantScope } from '../../db/tenant-scope.ts';
import { AppError, badRequest, conflict, forbidden, notFound } from '../../errors.ts';
import type { Caller } from '../../access/caller.ts';
import { policy } from '../../access/policies.ts';
import { findForm, formNameOf } from '../form/service.ts';
import type { FormVersionCache, LoadedVersion } from '../form/versions.ts';
import type { NotifyBus } from '../notify/bus.ts';
import { publishNotifications, publishUnreadCounts, resolveTaskNotices } from '../notify/service.ts';
import type { RecordCreatedEvent } from '../record/hooks.ts';
import { readRecord, storeRecordData, type RecordRow } from '../record/service.ts';
import { loadFlowDirectory } from './directory.ts';
import { recordLink, type NoticeSubject } from './notices.ts';
import { recordFlowState } from './record-state.ts';
import { loadState, lockInstance, persistFlowResult, type InstanceRow } from './store.ts';
import { readStoredText, textIn } from '../../../core/local-text.ts';

/** What flow commands need from the app. */
export interface FlowDeps {
  dialect: Dialect;
  clock: Clock;
  notifyBus: NotifyBus;
  versions: FormVersionCache;
}

const ERROR_STATUS = { forbidden: 403, conflict: 409, invalid: 400, notFound: 404 } as const;

/** The engine's refusals as API errors with the same meaning. */
function asAppError(error: unknown): unknown {
  if (!(error instanceof FlowCommandError)) return error;
  // The envelope codes follow the HTTP statuses (403, 409, 400, 404).
  const status = ERROR_STATUS[error.kind];
  return new AppError(status, status, error.message);
}

async function userName(scope: TenantScope, userId: number | null): Promise<string | null> {
  if (userId === null) return null;
  const row = await scope.db.selectFrom('app_user').select('name').where('id', '=', userId).executeTakeFirst();
  return row?.name ?? null;
}

async function noticeSubject(scope: TenantScope, record: RecordRow, submitterId: number, actorId: number | null): Promise<NoticeSubject> {
  const [form, submitterName, actorName] = await Promise.all([
    findForm(scope, record.form_id),
    userName(scope, submitterId),
    userName(scope, actorId),
  ]);
  return { formName: formNameOf(form), recordId: record.id, number: record.number, title: record.title, submitterName: submitterName ?? '', actorName };
}

async function versionOf(deps: FlowDeps, scope: TenantScope, record: RecordRow): Promise<LoadedVersion> {
  const version = await deps.versions.get(scope, record.form_id, record.version);
  if (!version) throw new Error(`form ${record.form_id} lacks version ${record.version}`);
  return version;
}

/**
 * Starts the flow of a record just created, when its version has one (the record module's
 * afterCreate hook, inside the record's transaction). Returns the notifications to push
 * once that transaction commits.
 */
export async function startFlowOnCreate(deps: Pick<FlowDeps, 'clock'>, event: RecordCreatedEvent): Promise<Selectable<NotifyTable>[]> {
  const definition = event.version.flow as FlowDefinition | null;
  if (!definition) return [];
  const { scope, record } = event;
  const submitterId = event.session.userId;
  const result = runFlowCommand(null, { type: 'start', actorId: submitterId }, {
    definition,
    directory: await loadFlowDirectory(scope, definition, submitterId),
    data: readJson<RecordData>(record.data),
  });
  const { notifications } = await persistFlowResult(
    { scope, clock: deps.clock, now: event.now, record: { id: record.id, formId: record.form_id }, instance: null, definition, subject: await noticeSubject(scope, record, submitterId, submitterId) },
    result,
  );
  return notifications;
}

interface CommandInput {
  scope: TenantScope;
  record: RecordRow;
  instance: InstanceRow;
  state: FlowState;
  definition: FlowDefinition;
  taskIds: Map<string, number>;
}

/**
 * One command on a record's flow, in one transaction: lock the instance, let `prepare` check
 * the caller and change the record's data if the command carries any, run the engine, store
 * what it did; then push the notifications and answer the record's new state.
 */
async function commandOnRecord(
  deps: FlowDeps,
  caller: Caller,
  recordId: number,
  prepare: (input: CommandInput) => Promise<FlowCommand>,
): Promise<FlowCommandResult> {
  const { scope, session } = caller;
  const now = new Date(deps.clock.now()).toISOString();
  const { notifications, resolved } = await scope.db
    .transaction()
    .execute(async (trx) => {
      const scoped = scope.with(trx);
      const instance = await lockInstance(scoped, deps.dialect, recordId);
      if (!instance) throw notFound('Flow of the record');
      const loaded = await loadState(scoped, instance);
      const input = { scope: scoped, record: (await readRecord(scoped, recordId))!, instance, ...loaded };
      const command = await prepare(input);
      const record = (await readRecord(scoped, recordId))!;
      const result = runFlowCommand(input.state, command, {
        definition: input.definition,
        directory: await loadFlowDirectory(scoped, input.definition, input.state.submitterId),
        data: readJson<RecordData>(record.data),
      });
      const subject = await noticeSubject(scoped, record, input.state.submitterId, session.userId);
      const write = { scope: scoped, clock: deps.clock, now, record: { id: record.id, formId: record.form_id }, instance, definition: input.definition, subject };
      const { notifications: made } = await persistFlowResult(write, result);
      const waiting = await scoped
        .selectFrom('flow_task')
        .select('assignee_id')
        .where('record_id', '=', recordId)
        .where('kind', '=', 'approval')
        .where('status', '=', 'pending')
        .execute();
      const resolved = await resolveTaskNotices(scoped, recordLink(recordId), waiting.map((w) => w.assignee_id));
      return { notifications: made, resolved };
    })
    .catch((error: unknown) => {
      throw asAppError(error);
    });
  await publishNotifications(deps.notifyBus, scope, notifications);
  await publishUnreadCounts(deps.notifyBus, scope, resolved);
  const record = (await readRecord(scope, recordId))!;
  const flow = (await recordFlowState(deps.versions, caller, record))!;
  return { recordId, recordStatus: flow.status, revision: record.revision, flow };
}

/** The task the caller acts on, found in the tenant; 404 otherwise. */
async function findTask(scope: TenantScope, taskId: number) {
  const task = await scope.selectFrom('flow_task').selectAll().where('id', '=', taskId).where('kind', '=', 'approval').executeTakeFirst();
  if (!task) throw notFound('Task');
  return task;
}

/** Checked before any data changes, so a stranger's edit is refused as such (the engine checks again). */
function requireOpenTask(task: { assignee_id: number; status: string }, caller: Caller): void {
  if (!policy.flow.actOn(caller, task)) throw forbidden('Only the assignee of this task may act on it');
  if (task.status !== 'pending') throw conflict('This task has already been handled');
}

const taskKeyOf = (input: CommandInput, taskId: number) => {
  for (const [key, id] of input.taskIds) if (id === taskId) return key;
  throw notFound('Task');
};

/**
 * The approver's changes: only fields the node makes editable may differ from the stored
 * values (computed fields are recomputed anyway); the rest keep what is stored.
 */
function approverData(version: LoadedVersion, nodeId: string, nodeName: string, stored: RecordData, sent: RecordData): RecordData {
  const permissions = version.settings.fieldPermissions[nodeId] ?? {};
  const fields = new Map(valueFields(version.design).map((f) => [f.key, f]));
  const merged = { ...stored };
  for (const [key, value] of Object.entries(sent)) {
    const field = fields.get(key);
    if (field && FIELD_TYPES[field.type].value === 'computed') continue;
    if (deepEqual(value, stored[key])) continue;
    if (!field || permissions[key] !== 'editable') throw badRequest(`data.${key}`, `is not editable at "${nodeName}"`);
    merged[key] = value;
  }
  return merged;
}

export async function approveTask(deps: FlowDeps, caller: Caller, body: FlowTaskApproveBody): Promise<FlowCommandResult> {
  const { scope, session } = caller;
  const task = await findTask(scope, body.taskId);
  return commandOnRecord(deps, caller, task.record_id, async (input) => {
    const current = await findTask(input.scope, body.taskId);
    requireOpenTask(current, caller);
    if (body.data !== undefined) {
      const version = await versionOf(deps, input.scope, input.record);
      const stored = readJson<RecordData>(input.record.data);
      // Problems are in English: the step by its English name.
      const data = approverData(version, current.node_id, textIn(readStoredText(current.node_name), 'en'), stored, body.data);
      if (!deepEqual(data, stored)) {
        await storeRecordData(input.scope, { record: input.record, version, data, revision: input.record.revision, userId: session.userId, now: new Date(deps.clock.now()) });
      }
    }
    return { type: 'approve', taskKey: taskKeyOf(input, body.taskId), actorId: session.userId, comment: body.comment?.trim() || null };
  });
}

export async function rejectTask(deps: FlowDeps, caller: Caller, body: FlowTaskRejectBody): Promise<FlowCommandResult> {
  const { scope, session } = caller;
  const task = await findTask(scope, body.taskId);
  return commandOnRecord(deps, caller, task.record_id, async (input) => {
    requireOpenTask(await findTask(input.scope, body.taskId), caller);
    return { type: 'reject', taskKey: taskKeyOf(input, body.taskId), actorId: session.userId, comment: body.comment.trim(), to: body.to };
  });
}

export async function transferTask(deps: FlowDeps, caller: Caller, body: FlowTaskTransferBody): Promise<FlowCommandResult> {
  const { scope, session } = caller;
  const task = await findTask(scope, body.taskId);
  return commandOnRecord(deps, caller, task.record_id, async (input) => {
    requireOpenTask(await findTask(input.scope, body.taskId), caller);
    return { type: 'transfer', taskKey: taskKeyOf(input, body.taskId), actorId: session.userId, toUserId: body.userId, comment: body.comment?.trim() || null };
  });
}

/** The submitter sends a rejected or withdrawn record again, with their changes, from the first node. */
export async function resubmitRecord(deps: FlowDeps, caller: Caller, body: FlowResubmitBody): Promise<FlowCommandResult> {
  const { session } = caller;
  return commandOnRecord(deps, caller, body.recordId, async (input) => {
    if (!policy.flow.resubmit(caller, input.state)) throw forbidden('Only the submitter may do this');
    if (input.state.status !== 'rejected' && input.state.status !== 'withdrawn') {
      throw conflict('Only a rejected or withdrawn record can be resubmitted');
    }
    const version = await versionOf(deps, input.scope, input.record);
    await storeRecordData(input.scope, { record: input.record, version, data: body.data, revision: body.revision, userId: session.userId, now: new Date(deps.clock.now()) });
    return { type: 'resubmit', actorId: session.userId };
  });
}

export async function withdrawRecord(deps: FlowDeps, caller: Caller, recordId: number): Promise<FlowCommandResult> {
  return commandOnRecord(deps, caller, recordId, async () => ({ type: 'withdraw', actorId: caller.session.userId }));
}

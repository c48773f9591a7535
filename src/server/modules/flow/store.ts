import { readStoredText, storedText } from '../../../core/local-text.ts';
import type { Selectable } from 'kysely';
import type { FlowDefinition } from '../../../core/flows/flow-definition.ts';
import type { FlowEffect, FlowEvent, FlowResult, FlowState, FlowTask } from '../../../core/flows/flow-engine.ts';
import type { Clock } from '../../clock.ts';
import type { Dialect } from '../../db/database.ts';
import { writeJson } from '../../db/json-column.ts';
import { readFlow } from '../../db/stored-configs.ts';
import type { FlowInstanceTable, NotifyTable } from '../../db/schema.ts';
import type { TenantScope } from '../../db/tenant-scope.ts';
import { conflict } from '../../errors.ts';
import { insertNotifications } from '../notify/service.ts';
import { setRecordStatus } from '../record/service.ts';
import { flowNotification, type NoticeSubject } from './notices.ts';

export type InstanceRow = Selectable<FlowInstanceTable>;

/**
 * The record's flow instance, locked for the rest of the transaction on PostgreSQL, so
 * commands on one record run one after the other (SQLite runs write transactions one at a
 * time anyway). Undefined when the record has no flow.
 */
export async function lockInstance(scope: TenantScope, dialect: Dialect, recordId: number): Promise<InstanceRow | undefined> {
  const query = scope.selectFrom('flow_instance').selectAll().where('record_id', '=', recordId);
  return (dialect === 'postgres' ? query.forUpdate() : query).executeTakeFirst();
}

/** The engine's state of an instance, from its row and its tasks. */
export async function loadState(scope: TenantScope, instance: InstanceRow): Promise<{ state: FlowState; definition: FlowDefinition; taskIds: Map<string, number> }> {
  const tasks = await scope.selectFrom('flow_task').selectAll().where('instance_id', '=', instance.id).orderBy('id').execute();
  return {
    definition: readFlow(instance.definition),
    taskIds: new Map(tasks.map((t) => [t.task_key, t.id])),
    state: {
      status: instance.status,
      submitterId: instance.submitter_id,
      currentNodeId: instance.current_node_id,
      currentEntry: instance.current_entry,
      run: instance.run,
      taskSeq: instance.task_seq,
      tasks: tasks.map((t) => ({
        key: t.task_key,
        nodeId: t.node_id,
        nodeName: readStoredText(t.node_name),
        kind: t.kind,
        assigneeId: t.assignee_id,
        status: t.status,
        run: t.run,
        entry: t.entry,
      })),
    },
  };
}

/** A new task as a row; a CC entry is done the moment it is made. */
export const taskRow = (instanceId: number, recordId: number, task: FlowTask, now: string) => ({
  instance_id: instanceId,
  record_id: recordId,
  task_key: task.key,
  node_id: task.nodeId,
  // A step's name in every language it has (a JSON text), read back with readStoredText.
  node_name: storedText(task.nodeName),
  kind: task.kind,
  assignee_id: task.assigneeId,
  status: task.status,
  run: task.run,
  entry: task.entry,
  comment: null as string | null,
  create_time: now,
  finish_time: task.kind === 'cc' ? now : (null as string | null),
});

export const eventRow = (instanceId: number, recordId: number, event: FlowEvent, now: string) => ({
  instance_id: instanceId,
  record_id: recordId,
  action: event.action,
  actor_id: event.actorId,
  node_id: event.nodeId,
  node_name: event.nodeName === null ? null : storedText(event.nodeName),
  comment: event.comment,
  target_user_ids: writeJson(event.targetUserIds),
  to_target: event.to ?? null,
  create_time: now,
});

/** The instance columns that follow the engine's state. */
export const instanceStateColumns = (state: FlowState, now: string) => ({
  status: state.status,
  current_node_id: state.currentNodeId,
  current_entry: state.currentEntry,
  run: state.run,
  task_seq: state.taskSeq,
  update_time: now,
});

export const newInstanceRow = (record: { id: number; formId: number }, definition: FlowDefinition, state: FlowState, createTime: string, now: string) => ({
  record_id: record.id,
  form_id: record.formId,
  definition: writeJson(definition),
  submitter_id: state.submitterId,
  create_time: createTime,
  ...instanceStateColumns(state, now),
});

export interface FlowWrite {
  /** Bound to the command's transaction. */
  scope: TenantScope;
  clock: Clock;
  now: string;
  record: { id: number; formId: number };
  /** The instance being changed; null when the command started the flow. */
  instance: InstanceRow | null;
  definition: FlowDefinition;
  subject: NoticeSubject;
}

/**
 * Writes what a command did: the instance, its tasks and events, the record's status and
 * the notifications (returned, to be pushed once the transaction commits). A task that is no
 * longer pending when closed means another command won the race: 409, and nothing is kept.
 */
export async function persistFlowResult(write: FlowWrite, result: FlowResult): Promise<{ instanceId: number; notifications: Selectable<NotifyTable>[] }> {
  const { scope, now, record } = write;
  const { state } = result;
  let instanceId: number;
  if (write.instance) {
    instanceId = write.instance.id;
    await scope.updateTable('flow_instance').set(instanceStateColumns(state, now)).where('id', '=', instanceId).execute();
  } else {
    const row = newInstanceRow(record, write.definition, state, now, now);
    instanceId = (await scope.insertInto('flow_instance', [row]).returning('id').executeTakeFirstOrThrow()).id;
  }

  const notifications: Selectable<NotifyTable>[] = [];
  for (const effect of result.effects) {
    notifications.push(...(await applyEffect(write, instanceId, effect)));
  }
  return { instanceId, notifications };
}

async function applyEffect(write: FlowWrite, instanceId: number, effect: FlowEffect): Promise<Selectable<NotifyTable>[]> {
  const { scope, now, record } = write;
  switch (effect.type) {
    case 'taskCreated':
      await scope.insertInto('flow_task', [taskRow(instanceId, record.id, effect.task, now)]).execute();
      return [];
    case 'taskClosed': {
      const closed = await scope
        .updateTable('flow_task')
        .set({ status: effect.status, comment: effect.comment, finish_time: now })
        .where('instance_id', '=', instanceId)
        .where('task_key', '=', effect.taskKey)
        .where('status', '=', 'pending')
        .executeTakeFirst();
      if (Number(closed.numUpdatedRows) !== 1) throw conflict('This task has already been handled');
      return [];
    }
    case 'event':
      await scope.insertInto('flow_event', [eventRow(instanceId, record.id, effect.event, now)]).execute();
      return [];
    case 'notify':
      return insertNotifications(scope, effect.userIds, flowNotification(effect.notice, write.subject, effect.nodeName, effect.comment), now);
    case 'recordStatus':
      await setRecordStatus(scope, record.id, effect.status, write.clock);
      return [];
  }
}

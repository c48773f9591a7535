import { readStoredText } from '../../../core/local-text.ts';
import type { FlowTaskItem, FlowTaskListBody, FlowTaskPage } from '../../../core/contracts/flows.ts';
import type { TenantScope } from '../../db/tenant-scope.ts';
import { recordLink } from './notices.ts';

/**
 * The signed-in user's tasks: `pending` approvals waiting for them (oldest first, as a work
 * queue), approvals they `done` (latest first), and `cc` entries (latest first), each with the
 * record's number, title and form.
 */
export async function listMyTasks(scope: TenantScope, userId: number, body: FlowTaskListBody): Promise<FlowTaskPage> {
  let base = scope
    .selectFrom('flow_task')
    .innerJoin('flow_instance', 'flow_instance.id', 'flow_task.instance_id')
    .innerJoin('form_record', 'form_record.id', 'flow_task.record_id')
    .innerJoin('form', 'form.id', 'flow_instance.form_id')
    .innerJoin('app_user as submitter', 'submitter.id', 'flow_instance.submitter_id')
    .where('flow_task.assignee_id', '=', userId);
  if (body.status === 'pending') base = base.where('flow_task.kind', '=', 'approval').where('flow_task.status', '=', 'pending');
  if (body.status === 'done') base = base.where('flow_task.kind', '=', 'approval').where('flow_task.status', 'in', ['approved', 'rejected', 'transferred']);
  if (body.status === 'cc') base = base.where('flow_task.kind', '=', 'cc');

  let page = base.select([
    'flow_task.id',
    'flow_task.record_id',
    'flow_instance.form_id',
    'form.name as form_name',
    'form_record.number',
    'form_record.title',
    'flow_instance.status as flow_status',
    'flow_task.node_id',
    'flow_task.node_name',
    'flow_task.kind',
    'flow_task.status',
    'flow_instance.submitter_id',
    'submitter.name as submitter_name',
    'flow_task.comment',
    'flow_task.create_time',
    'flow_task.finish_time',
  ]);
  if (body.status === 'pending') page = page.orderBy('flow_task.id', 'asc');
  if (body.status === 'done') page = page.orderBy('flow_task.finish_time', 'desc').orderBy('flow_task.id', 'desc');
  if (body.status === 'cc') page = page.orderBy('flow_task.id', 'desc');
  const [{ total }, rows] = await Promise.all([
    base.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
    page.limit(body.pageSize).offset((body.pageNum - 1) * body.pageSize).execute(),
  ]);
  const list = rows.map(
    (r): FlowTaskItem => ({
      id: r.id,
      recordId: r.record_id,
      formId: r.form_id,
      formName: readStoredText(r.form_name),
      recordNumber: r.number,
      recordTitle: r.title,
      recordStatus: r.flow_status,
      nodeId: r.node_id,
      nodeName: readStoredText(r.node_name),
      kind: r.kind,
      status: r.status,
      submitterId: r.submitter_id,
      submitterName: r.submitter_name,
      comment: r.comment,
      createTime: r.create_time,
      finishTime: r.finish_time,
      link: recordLink(r.record_id),
    }),
  );
  return { list, total: Number(total), pageNum: body.pageNum, pageSize: body.pageSize };
}

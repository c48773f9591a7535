import type { FastifyInstance } from 'fastify';
import {
  FLOW_PATHS,
  FLOW_POINTS,
  flowDefinitionQuery,
  flowDefinitionSaveBody,
  flowRecordBody,
  flowRecordQuery,
  flowResubmitBody,
  flowTaskApproveBody,
  flowTaskListBody,
  flowTaskRejectBody,
  flowTaskTransferBody,
  type FlowDefinitionQuery,
  type FlowDefinitionSaveBody,
  type FlowRecordBody,
  type FlowResubmitBody,
  type FlowTaskApproveBody,
  type FlowTaskListBody,
  type FlowTaskRejectBody,
  type FlowTaskTransferBody,
} from '../../../core/contracts/flows.ts';
import { FORM_DESIGN_POINTS } from '../../../core/contracts/form.ts';
import { TenantScope } from '../../db/tenant-scope.ts';
import { callerOf, scopeOf, sessionOf } from '../../plugins/auth.ts';
import { publishNotifications } from '../notify/service.ts';
import { readFlowDefinition, saveFlowDefinition } from './definition.ts';
import { followedRecord, recordFlowState, recordTimeline, takesPartInFlow } from './record-state.ts';
import { approveTask, rejectTask, resubmitRecord, startFlowOnCreate, transferTask, withdrawRecord, type FlowDeps } from './runtime.ts';
import { listMyTasks } from './task-list.ts';

const APPROVE = { point: FLOW_POINTS.approve } as const;

export async function flowRoutes(app: FastifyInstance): Promise<void> {
  const { db, clock, dialect, notifyBus, formVersions: versions, recordHooks } = app.services;
  const deps: FlowDeps = { clock, dialect, notifyBus, versions };

  // The record module calls these at the points of its lifecycle where flows join in.
  recordHooks.afterCreate.push(async (event) => {
    const notifications = await startFlowOnCreate(deps, event);
    event.afterCommit(() => publishNotifications(notifyBus, new TenantScope(db, event.scope.tenantId), notifications));
  });
  recordHooks.readGrants.push(takesPartInFlow);
  recordHooks.flowState = (caller, record) => recordFlowState(versions, caller, record);

  app.get<{ Querystring: FlowDefinitionQuery }>(
    FLOW_PATHS.definition,
    { schema: { querystring: flowDefinitionQuery }, config: { point: FORM_DESIGN_POINTS } },
    async (request) => readFlowDefinition(scopeOf(request), versions, request.query.formId),
  );

  app.post<{ Body: FlowDefinitionSaveBody }>(
    FLOW_PATHS.saveDefinition,
    { schema: { body: flowDefinitionSaveBody }, config: { point: FLOW_POINTS.design } },
    async (request) => saveFlowDefinition({ scope: scopeOf(request), clock, versions }, request.body),
  );

  // Every user has a task list (empty without tasks); acting on a task takes flow:approve.
  app.post<{ Body: FlowTaskListBody }>(FLOW_PATHS.tasks, { schema: { body: flowTaskListBody } }, async (request) =>
    listMyTasks(scopeOf(request), sessionOf(request).userId, request.body),
  );

  app.post<{ Body: FlowTaskApproveBody }>(FLOW_PATHS.approve, { schema: { body: flowTaskApproveBody }, config: APPROVE }, async (request) =>
    approveTask(deps, callerOf(request), request.body),
  );

  app.post<{ Body: FlowTaskRejectBody }>(FLOW_PATHS.reject, { schema: { body: flowTaskRejectBody }, config: APPROVE }, async (request) =>
    rejectTask(deps, callerOf(request), request.body),
  );

  app.post<{ Body: FlowTaskTransferBody }>(FLOW_PATHS.transfer, { schema: { body: flowTaskTransferBody }, config: APPROVE }, async (request) =>
    transferTask(deps, callerOf(request), request.body),
  );

  // The submitter's own commands need no point beyond having submitted the record.
  app.post<{ Body: FlowResubmitBody }>(FLOW_PATHS.resubmit, { schema: { body: flowResubmitBody } }, async (request) =>
    resubmitRecord(deps, callerOf(request), request.body),
  );

  app.post<{ Body: FlowRecordBody }>(FLOW_PATHS.withdraw, { schema: { body: flowRecordBody } }, async (request) =>
    withdrawRecord(deps, callerOf(request), request.body.recordId),
  );

  app.get<{ Querystring: FlowRecordBody }>(FLOW_PATHS.timeline, { schema: { querystring: flowRecordQuery } }, async (request) => {
    const caller = callerOf(request);
    const record = await followedRecord(versions, caller, request.query.recordId);
    return recordTimeline(caller.scope, record.id);
  });
}

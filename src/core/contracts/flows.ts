/**
 * Approval flows (issue 5, point 4): the flow definition of a form, the signed-in user's
 * tasks, the commands on a task or a record, and a record's timeline. Request schemas shared
 * by the API and the browser, and the answers. Every endpoint is under /api/proptech_allplan/.
 */
import type { LocalText } from '../local-text.ts';
import type { PageResult } from '../envelope.ts';
import type { FlowAction, FlowStatus, FlowTaskStatus } from '../flows/flow-engine.ts';
import type { FlowDefinition } from '../flows/flow-definition.ts';
import type { FieldPermission, RecordData } from '../forms/form-design.ts';
import { ALLPLAN_PREFIX, idSchema, pagingProperties, strictObject, type Validated } from './common.ts';

/** The flow endpoints: a form's definition, tasks, and the commands on a record. */
export const FLOW_PATHS = {
  definition: `${ALLPLAN_PREFIX}/flow/definition`,
  saveDefinition: `${ALLPLAN_PREFIX}/flow/definition/save`,
  tasks: `${ALLPLAN_PREFIX}/flow/task/list`,
  approve: `${ALLPLAN_PREFIX}/flow/task/approve`,
  reject: `${ALLPLAN_PREFIX}/flow/task/reject`,
  transfer: `${ALLPLAN_PREFIX}/flow/task/transfer`,
  resubmit: `${ALLPLAN_PREFIX}/flow/record/resubmit`,
  withdraw: `${ALLPLAN_PREFIX}/flow/record/withdraw`,
  timeline: `${ALLPLAN_PREFIX}/flow/record/timeline`,
} as const;

export const FLOW_POINTS = {
  design: 'flow:design',
  approve: 'flow:approve',
} as const;

const revisionSchema = { type: 'integer', minimum: 1 } as const;
const commentSchema = { type: 'string', maxLength: 1000 } as const;
const dataSchema = { type: 'object' } as const;

// ---------------------------------------------------------------- definition

export const flowDefinitionQuery = strictObject({ formId: idSchema }, ['formId']);
export type FlowDefinitionQuery = Validated<typeof flowDefinitionQuery>;

/** `flow` is checked in depth by validateFlowDefinition (paths under `flow.`); null removes the flow. */
export const flowDefinitionSaveBody = strictObject(
  { formId: idSchema, revision: revisionSchema, flow: { type: ['object', 'null'] } },
  ['formId', 'revision', 'flow'],
);
export interface FlowDefinitionSaveBody {
  formId: number;
  /** The form's revision (the designer's lock, shared with design and settings saves). */
  revision: number;
  flow: FlowDefinition | null;
}

export interface FlowDefinitionEnvelope {
  formId: number;
  revision: number;
  /** The draft flow, published with the next version of the form. */
  flow: FlowDefinition | null;
  /** The flow of the current published version (what new records start), or null. */
  publishedFlow: FlowDefinition | null;
}

// ---------------------------------------------------------------- tasks

export const FLOW_TASK_LISTS = ['pending', 'done', 'cc'] as const;
export type FlowTaskList = (typeof FLOW_TASK_LISTS)[number];

export const flowTaskListBody = strictObject({ status: { enum: [...FLOW_TASK_LISTS] }, ...pagingProperties }, ['status']);
export type FlowTaskListBody = Validated<typeof flowTaskListBody>;

export interface FlowTaskItem {
  id: number;
  recordId: number;
  formId: number;
  formName: LocalText;
  recordNumber: string | null;
  recordTitle: string;
  recordStatus: FlowStatus;
  nodeId: string;
  nodeName: LocalText;
  kind: 'approval' | 'cc';
  status: FlowTaskStatus;
  submitterId: number;
  submitterName: string;
  /** The comment the user left when acting (done list). */
  comment: string | null;
  createTime: string;
  finishTime: string | null;
  /** Where the record opens: `/table/edit/{recordId}`. */
  link: string;
}

export type FlowTaskPage = PageResult<FlowTaskItem>;

export const flowTaskApproveBody = strictObject({ taskId: idSchema, comment: commentSchema, data: dataSchema }, ['taskId']);
export interface FlowTaskApproveBody {
  taskId: number;
  comment?: string;
  /** Changes to the record's data, allowed on the fields the node's permissions make editable. */
  data?: RecordData;
}

export const FLOW_REJECT_TO_SUBMITTER = 'submitter';

export const flowTaskRejectBody = strictObject(
  {
    taskId: idSchema,
    comment: { ...commentSchema, minLength: 1, pattern: '\\S' },
    to: { type: 'string', minLength: 1, maxLength: 48 },
  },
  ['taskId', 'comment', 'to'],
);
/**
 * `comment` (why) is required, so the submitter knows what to change; `to` is 'submitter', or
 * the id of an approval node this submission already passed.
 */
export type FlowTaskRejectBody = Validated<typeof flowTaskRejectBody>;

export const flowTaskTransferBody = strictObject({ taskId: idSchema, userId: idSchema, comment: commentSchema }, ['taskId', 'userId']);
export type FlowTaskTransferBody = Validated<typeof flowTaskTransferBody>;

export const flowResubmitBody = strictObject({ recordId: idSchema, revision: revisionSchema, data: dataSchema }, ['recordId', 'revision', 'data']);
export interface FlowResubmitBody {
  recordId: number;
  /** The record's revision the submitter edited (409 when it changed meanwhile). */
  revision: number;
  data: RecordData;
}

export const flowRecordBody = strictObject({ recordId: idSchema }, ['recordId']);
export type FlowRecordBody = Validated<typeof flowRecordBody>;
export const flowRecordQuery = flowRecordBody;

// ---------------------------------------------------------------- a record's flow

export interface FlowPerson {
  id: number;
  name: string;
}

/** The open task of the viewer on the record, with what the node lets them do to its fields. */
export interface FlowMyTask {
  taskId: number;
  nodeId: string;
  nodeName: LocalText;
  /** Field key -> permission at this node; fields not named are read-only for the approver. */
  fieldPermissions: Record<string, FieldPermission>;
  /** Approval nodes this submission already passed, where a rejection may send the record. */
  rejectTargets: { nodeId: string; nodeName: LocalText }[];
}

/** What the record screens show about the flow (record/detail carries it as `flow`). */
export interface RecordFlowState {
  status: FlowStatus;
  submitter: FlowPerson;
  currentNodeId: string | null;
  currentNodeName: LocalText | null;
  /** Who the current node waits for. */
  waitingFor: FlowPerson[];
  myTask: FlowMyTask | null;
  canWithdraw: boolean;
  canResubmit: boolean;
  /**
   * Fields the viewer does not see: hidden at the node of their task, for a viewer who reads
   * the record only through that task. record/detail leaves their values out.
   */
  hiddenFields: string[];
}

export interface FlowTimelineEntry {
  id: number;
  action: FlowAction;
  actor: FlowPerson | null;
  nodeId: string | null;
  nodeName: LocalText | null;
  comment: string | null;
  /** The new assignee of a transfer, CC recipients, the administrators of a fallback. */
  targets: FlowPerson[];
  /** Where a rejection sent the record: 'submitter' or a node id; with the node's name. */
  to: string | null;
  toName: LocalText | null;
  createTime: string;
}

/** What every command answers: the record's status and revision after it, and its flow. */
export interface FlowCommandResult {
  recordId: number;
  recordStatus: FlowStatus;
  revision: number;
  flow: RecordFlowState;
}

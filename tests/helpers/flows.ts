import type { FlowCommandResult, FlowTaskItem, FlowTaskPage } from '../../src/core/contracts/flows.ts';
import type { FormDetail } from '../../src/core/contracts/form.ts';
import type { FormRecord } from '../../src/core/contracts/record.ts';
import type { FlowDefinition } from '../../src/core/flows/flow-definition.ts';
import type { FormDesign, FormSettings } from '../../src/core/forms/form-design.ts';
import { DEFAULT_FORM_SETTINGS } from '../../src/core/forms/form-design.ts';
import type { LocalText } from '../../src/core/local-text.ts';
import { API, inviteAndSignIn, ok, roleByCode, workspaceByCode } from './authorization.ts';
import type { TestApp } from './test-app.ts';

/** A repair request: what an approval flow branches on (cost) and what approvers may edit or not see. */
export const REPAIR_DESIGN: FormDesign = {
  version: 1,
  items: [
    { key: 'summary', type: 'text', label: 'Summary', required: true },
    { key: 'cost', type: 'money', label: 'Estimated cost', required: true, rules: { min: 0 } },
    { key: 'priority', type: 'select', label: 'Priority', options: [{ value: 'normal', label: 'Normal' }, { value: 'urgent', label: 'Urgent' }] },
    { key: 'budgetCode', type: 'text', label: 'Budget code' },
    { key: 'tenantPhone', type: 'mobile', label: 'Tenant phone' },
  ],
};

/** Manager review, then (over 5,000) both finance approvers, then a CC to the viewer. */
export function repairFlow(ids: { finance: number[]; cc: number }): FlowDefinition {
  return {
    version: 1,
    nodes: [
      { id: 'manager', type: 'approval', name: 'Manager review', assignees: [{ kind: 'manager' }], mode: 'any' },
      {
        id: 'byCost',
        type: 'branch',
        name: 'By cost',
        branches: [
          {
            id: 'large',
            name: 'Over 5,000',
            condition: { all: [{ field: 'cost', op: 'gt', value: 5000 }] },
            nodes: [{ id: 'finance', type: 'approval', name: 'Finance', assignees: ids.finance.map((userId) => ({ kind: 'user', userId })), mode: 'all' }],
          },
          { id: 'small', name: 'Otherwise', condition: null, nodes: [] },
        ],
      },
      { id: 'tell', type: 'cc', name: 'Inform the tenant liaison', recipients: [{ kind: 'user', userId: ids.cc }] },
    ],
  };
}

/** At the finance step the cost may be corrected, the budget code stays read-only and the tenant's phone is hidden. */
export const REPAIR_SETTINGS: FormSettings = {
  ...DEFAULT_FORM_SETTINGS,
  titleField: 'summary',
  numbering: { rule: 'RR-{####}' },
  fieldPermissions: { finance: { cost: 'editable', tenantPhone: 'hidden' } },
};

/** Creates a form with the design, settings and flow, and publishes it; returns the form id. */
export async function publishFormWithFlow(t: TestApp, token: string, flow: FlowDefinition | null, name: LocalText = 'Repair request'): Promise<number> {
  const form = await ok<FormDetail>(t, 'POST', 'form/create', token, { name, design: REPAIR_DESIGN });
  const withSettings = await ok<FormDetail>(t, 'POST', 'form/settings/update', token, { id: form.id, revision: form.revision, settings: REPAIR_SETTINGS });
  await ok(t, 'POST', 'flow/definition/save', token, { formId: form.id, revision: withSettings.revision, flow });
  await ok(t, 'POST', 'form/publish', token, { id: form.id });
  return form.id;
}

/** Two finance approvers invited into Northwind as workspace members (they hold flow:approve). */
export async function inviteFinanceApprovers(t: TestApp, adminToken: string) {
  const member = await roleByCode(t, adminToken, 'member');
  const hq = await workspaceByCode(t, adminToken, 'NW-HQ');
  const [mark, fiona] = await Promise.all(
    ['mark', 'fiona'].map((username) => inviteAndSignIn(t, adminToken, { username, workspaceIds: [hq.id], roleIds: [member.id] })),
  );
  return { mark: mark!, fiona: fiona! };
}

export const createRecord = (t: TestApp, token: string, formId: number, data: Record<string, unknown>) =>
  ok<FormRecord>(t, 'POST', 'record/create', token, { formId, data });

export const taskList = (t: TestApp, token: string, status: 'pending' | 'done' | 'cc') =>
  ok<FlowTaskPage>(t, 'POST', 'flow/task/list', token, { status, pageSize: 100 });

/** The signed-in user's pending task on the record. */
export async function pendingTaskOn(t: TestApp, token: string, recordId: number): Promise<FlowTaskItem> {
  const task = (await taskList(t, token, 'pending')).list.find((item) => item.recordId === recordId);
  if (!task) throw new Error(`no pending task on record ${recordId}`);
  return task;
}

/** Calls a flow command; the result carries the HTTP status for refusals. */
export const flowCommand = (t: TestApp, token: string, path: string, body: unknown) =>
  t.call<FlowCommandResult>('POST', `${API}/flow/${path}`, { token, body });

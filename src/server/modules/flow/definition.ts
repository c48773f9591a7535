import type { FlowDefinitionEnvelope, FlowDefinitionSaveBody } from '../../../core/contracts/flows.ts';
import { walkFlowNodes, type Assignee, type FlowDefinition } from '../../../core/flows/flow-definition.ts';
import { validateFlowDefinition } from '../../../core/flows/validate-flow-definition.ts';
import type { FormDesign } from '../../../core/forms/form-design.ts';
import type { Clock } from '../../clock.ts';
import { writeJsonOrNull } from '../../db/json-column.ts';
import { readFlowOrNull, readFormDesign, upgradeSentFlow } from '../../db/stored-configs.ts';
import { notFoundAt } from '../../db/tenant-references.ts';
import type { TenantScope } from '../../db/tenant-scope.ts';
import { refused } from '../../errors.ts';
import { findForm, writeDraft } from '../form/service.ts';
import type { FormVersionCache } from '../form/versions.ts';

/** Every assignee and CC recipient with the path that names it (`nodes[1].assignees[0]`). */
function* assigneesOf(flow: FlowDefinition): Generator<{ assignee: Assignee; path: string }> {
  for (const { node, path } of walkFlowNodes(flow.nodes)) {
    if (node.type === 'approval') for (const [i, assignee] of node.assignees.entries()) yield { assignee, path: `${path}.assignees[${i}]` };
    if (node.type === 'cc') for (const [i, assignee] of node.recipients.entries()) yield { assignee, path: `${path}.recipients[${i}]` };
  }
}

/**
 * A flow as the server accepts it: the meta-schema and structure rules against the form's
 * design (400 naming `flow.<path>`), then every user and role it names must be of the tenant
 * (404 naming the entry, as for any id of another tenant).
 */
export async function checkFlow(scope: TenantScope, sent: unknown, design: FormDesign): Promise<FlowDefinition> {
  const flow = upgradeSentFlow(sent);
  const problems = validateFlowDefinition(flow, design);
  if (problems.length) throw refused(problems, 'flow');
  const checked = flow as FlowDefinition;
  const entries = [...assigneesOf(checked)];
  const userIds = entries.flatMap(({ assignee }) => (assignee.kind === 'user' ? [assignee.userId] : []));
  const roleIds = entries.flatMap(({ assignee }) => (assignee.kind === 'role' ? [assignee.roleId] : []));
  const [members, roles] = await Promise.all([
    userIds.length ? scope.selectFrom('tenant_member').select('user_id').where('user_id', 'in', userIds).execute() : [],
    roleIds.length ? scope.selectFrom('role').select('id').where('id', 'in', roleIds).execute() : [],
  ]);
  const knownUsers = new Set(members.map((m) => m.user_id));
  const knownRoles = new Set(roles.map((r) => r.id));
  for (const { assignee, path } of entries) {
    if (assignee.kind === 'user' && !knownUsers.has(assignee.userId)) throw notFoundAt(`flow.${path}.userId`, 'User');
    if (assignee.kind === 'role' && !knownRoles.has(assignee.roleId)) throw notFoundAt(`flow.${path}.roleId`, 'Role');
  }
  return checked;
}

export async function readFlowDefinition(scope: TenantScope, versions: FormVersionCache, formId: number): Promise<FlowDefinitionEnvelope> {
  const form = await findForm(scope, formId);
  const published = form.current_version === null ? undefined : await versions.get(scope, formId, form.current_version);
  return {
    formId,
    revision: form.revision,
    flow: readFlowOrNull(form.flow),
    publishedFlow: (published?.flow as FlowDefinition | null | undefined) ?? null,
  };
}

/** Saves the draft flow (checked against the draft design); it goes live with the form's next version. */
export async function saveFlowDefinition(
  deps: { scope: TenantScope; clock: Clock; versions: FormVersionCache },
  body: FlowDefinitionSaveBody,
): Promise<FlowDefinitionEnvelope> {
  const form = await findForm(deps.scope, body.formId);
  const flow = body.flow === null ? null : await checkFlow(deps.scope, body.flow, readFormDesign(form.design));
  await writeDraft(deps.scope, deps.clock, body.formId, body.revision, { flow: writeJsonOrNull(flow) }, 'The flow of form');
  return readFlowDefinition(deps.scope, deps.versions, body.formId);
}

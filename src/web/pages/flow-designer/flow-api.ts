import { FLOW_PATHS, type FlowDefinitionEnvelope, type FlowDefinitionSaveBody } from '../../../core/contracts/flows.ts';
import { FORM_PATHS, type FormDetail, type FormListItem } from '../../../core/contracts/form.ts';
import { ORG_PATHS, type OrgMember, type OrgRole } from '../../../core/contracts/org.ts';
import type { PageResult } from '../../../core/envelope.ts';
import type { CallOptions, Http } from '../../api/endpoints.ts';

// The screen shows a failure where it happened (load panel, save banner), not as a toast.
const QUIET: CallOptions = { showErrorToast: false };

/** The calls of the flow designer: forms to pick, the form's draft flow, and the directory for assignees. */
export function flowDesignerApi(http: Http) {
  return {
    forms: (pageSize: number) => http.get<PageResult<FormListItem>>(FORM_PATHS.list, { pageNum: 1, pageSize }, QUIET),
    form: (id: number) => http.get<FormDetail>(FORM_PATHS.detail, { id }, QUIET),
    definition: (formId: number) => http.get<FlowDefinitionEnvelope>(FLOW_PATHS.definition, { formId }, QUIET),
    save: (body: FlowDefinitionSaveBody) => http.post<FlowDefinitionEnvelope>(FLOW_PATHS.saveDefinition, body, QUIET),
    roles: () => http.get<OrgRole[]>(ORG_PATHS.roles, undefined, QUIET),
    members: (keyword: string, limit: number) => http.get<OrgMember[]>(ORG_PATHS.members, { keyword: keyword || undefined, limit }, QUIET),
  };
}

export type FlowDesignerApi = ReturnType<typeof flowDesignerApi>;

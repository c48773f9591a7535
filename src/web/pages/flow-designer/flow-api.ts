import type { FlowDefinitionEnvelope, FlowDefinitionSaveBody } from '../../../core/contracts/flows.ts';
import type { FormDetail, FormListItem } from '../../../core/contracts/form.ts';
import type { OrgMember, OrgRole } from '../../../core/contracts/org.ts';
import type { PageResult } from '../../../core/envelope.ts';
import type { CallOptions, Http } from '../../api/endpoints.ts';

const ALLPLAN = '/proptech_allplan';
// The screen shows a failure where it happened (load panel, save banner), not as a toast.
const QUIET: CallOptions = { showErrorToast: false };

/** The calls of the flow designer: forms to pick, the form's draft flow, and the directory for assignees. */
export function flowDesignerApi(http: Http) {
  return {
    forms: (pageSize: number) => http.get<PageResult<FormListItem>>(`${ALLPLAN}/form/list`, { pageNum: 1, pageSize }, QUIET),
    form: (id: number) => http.get<FormDetail>(`${ALLPLAN}/form/detail`, { id }, QUIET),
    definition: (formId: number) => http.get<FlowDefinitionEnvelope>(`${ALLPLAN}/flow/definition`, { formId }, QUIET),
    save: (body: FlowDefinitionSaveBody) => http.post<FlowDefinitionEnvelope>(`${ALLPLAN}/flow/definition/save`, body, QUIET),
    roles: () => http.get<OrgRole[]>(`${ALLPLAN}/org/roles`, undefined, QUIET),
    members: (keyword: string, limit: number) => http.get<OrgMember[]>(`${ALLPLAN}/org/members`, { keyword: keyword || undefined, limit }, QUIET),
  };
}

export type FlowDesignerApi = ReturnType<typeof flowDesignerApi>;

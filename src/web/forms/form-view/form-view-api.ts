import { useMemo } from 'react';
import { ADDRESS_PATHS } from '../../../core/contracts/address.ts';
import { FLOW_PATHS, type FlowCommandResult, type FlowTimelineEntry } from '../../../core/contracts/flows.ts';
import { FORM_PATHS, type FormOption, type FormVersionDetail } from '../../../core/contracts/form.ts';
import { RECORD_PATHS, type FormRecord, type RecordDetail, type RecordOption } from '../../../core/contracts/record.ts';
import { STAGING_PATHS, type StagingDetail, type StagingItem } from '../../../core/contracts/staging.ts';
import { ORG_PATHS, type Department, type OrgMember } from '../../../core/contracts/org.ts';
import type { PageResult } from '../../../core/envelope.ts';
import type { AddressNode } from '../../../core/entities.ts';
import type { RecordData } from '../../../core/forms/form-design.ts';
import type { CallOptions, Http } from '../../api/endpoints.ts';
import { useStores } from '../../stores/stores-context.tsx';

// Screens show failures themselves: beside the field a 400 names, or in their error state.
const QUIET: CallOptions = { showErrorToast: false };

/** What file/upload answers (the file store's contract). */
export interface UploadedFile {
  fileId: string;
  name: string;
  size: number;
  type: string;
  url: string;
}

/** The calls the form view and the fill screens make, typed. */
export function formViewApi(http: Http) {
  const get = <T>(path: string, query?: Record<string, unknown>) => http.get<T>(path, query, QUIET);
  const post = <T>(path: string, body: unknown) => http.post<T>(path, body, QUIET);
  return {
    formOptions: () => get<FormOption[]>(FORM_PATHS.options),
    version: (id: number, version: number) => get<FormVersionDetail>(FORM_PATHS.version, { id, version }),
    recordDetail: (id: number) => get<RecordDetail>(RECORD_PATHS.detail, { id }),
    createRecord: (formId: number, data: RecordData, draftId?: number) => post<FormRecord>(RECORD_PATHS.create, { formId, data, ...(draftId ? { draftId } : {}) }),
    updateRecord: (id: number, revision: number, data: RecordData) => post<FormRecord>(RECORD_PATHS.update, { id, revision, data }),
    recordOptions: (formId: number, keyword?: string) => get<RecordOption[]>(RECORD_PATHS.options, { formId, keyword: keyword || undefined }),
    drafts: (pageNum: number, pageSize: number) => get<PageResult<StagingItem>>(STAGING_PATHS.list, { pageNum, pageSize }),
    draft: (id: number) => get<StagingDetail>(STAGING_PATHS.detail, { id }),
    saveDraft: (body: { id?: number; formId: number; recordId?: number; data: RecordData }) => post<StagingItem>(STAGING_PATHS.save, body),
    deleteDraft: (id: number) => post<null>(STAGING_PATHS.delete, { id }),
    timeline: (recordId: number) => get<FlowTimelineEntry[]>(FLOW_PATHS.timeline, { recordId }),
    approve: (taskId: number, comment?: string, data?: RecordData) =>
      post<FlowCommandResult>(FLOW_PATHS.approve, { taskId, ...(comment ? { comment } : {}), ...(data ? { data } : {}) }),
    reject: (taskId: number, comment: string, to: string) => post<FlowCommandResult>(FLOW_PATHS.reject, { taskId, comment, to }),
    transfer: (taskId: number, userId: number, comment?: string) =>
      post<FlowCommandResult>(FLOW_PATHS.transfer, { taskId, userId, ...(comment ? { comment } : {}) }),
    resubmit: (recordId: number, revision: number, data: RecordData) => post<FlowCommandResult>(FLOW_PATHS.resubmit, { recordId, revision, data }),
    withdraw: (recordId: number) => post<FlowCommandResult>(FLOW_PATHS.withdraw, { recordId }),
    departments: () => get<Department[]>(ORG_PATHS.departments),
    members: (keyword?: string) => get<OrgMember[]>(ORG_PATHS.members, { keyword: keyword || undefined }),
    provinces: () => get<AddressNode[]>(ADDRESS_PATHS.provinces),
    addressChildren: (parentId: number) => get<AddressNode[]>(ADDRESS_PATHS.sub, { parentId }),
  };
}

export type FormViewApi = ReturnType<typeof formViewApi>;

export function useFormViewApi(): FormViewApi {
  const stores = useStores();
  return useMemo(() => formViewApi(stores.api.http), [stores]);
}

/** Where the browser imports a form version's validator module from (import() sends no headers, so the token rides in the query). */
export function validatorUrl(formId: number, version: number, token: string): string {
  const query = new URLSearchParams({ id: String(formId), version: String(version), token });
  return `/api${FORM_PATHS.validator}?${query.toString()}`;
}

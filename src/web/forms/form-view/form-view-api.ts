import { useMemo } from 'react';
import type { FlowCommandResult, FlowTimelineEntry } from '../../../core/contracts/flows.ts';
import type { FormOption, FormVersionDetail } from '../../../core/contracts/form.ts';
import type { FormRecord, RecordDetail, RecordOption } from '../../../core/contracts/record.ts';
import type { StagingDetail, StagingItem } from '../../../core/contracts/staging.ts';
import type { Department, OrgMember } from '../../../core/contracts/org.ts';
import type { PageResult } from '../../../core/envelope.ts';
import type { AddressNode } from '../../../core/entities.ts';
import type { RecordData } from '../../../core/forms/form-design.ts';
import type { CallOptions, Http } from '../../api/endpoints.ts';
import { useStores } from '../../stores/stores-context.tsx';

const ALLPLAN = '/proptech_allplan';
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
  const get = <T>(path: string, query?: Record<string, unknown>) => http.get<T>(`${ALLPLAN}/${path}`, query, QUIET);
  const post = <T>(path: string, body: unknown) => http.post<T>(`${ALLPLAN}/${path}`, body, QUIET);
  return {
    formOptions: () => get<FormOption[]>('form/options'),
    version: (id: number, version: number) => get<FormVersionDetail>('form/version', { id, version }),
    recordDetail: (id: number) => get<RecordDetail>('record/detail', { id }),
    createRecord: (formId: number, data: RecordData, draftId?: number) => post<FormRecord>('record/create', { formId, data, ...(draftId ? { draftId } : {}) }),
    updateRecord: (id: number, revision: number, data: RecordData) => post<FormRecord>('record/update', { id, revision, data }),
    recordOptions: (formId: number, keyword?: string) => get<RecordOption[]>('record/options', { formId, keyword: keyword || undefined }),
    drafts: (pageNum: number, pageSize: number) => get<PageResult<StagingItem>>('staging/list', { pageNum, pageSize }),
    draft: (id: number) => get<StagingDetail>('staging/detail', { id }),
    saveDraft: (body: { id?: number; formId: number; recordId?: number; data: RecordData }) => post<StagingItem>('staging/save', body),
    deleteDraft: (id: number) => post<null>('staging/delete', { id }),
    timeline: (recordId: number) => get<FlowTimelineEntry[]>('flow/record/timeline', { recordId }),
    approve: (taskId: number, comment?: string, data?: RecordData) =>
      post<FlowCommandResult>('flow/task/approve', { taskId, ...(comment ? { comment } : {}), ...(data ? { data } : {}) }),
    reject: (taskId: number, comment: string, to: string) => post<FlowCommandResult>('flow/task/reject', { taskId, comment, to }),
    transfer: (taskId: number, userId: number, comment?: string) =>
      post<FlowCommandResult>('flow/task/transfer', { taskId, userId, ...(comment ? { comment } : {}) }),
    resubmit: (recordId: number, revision: number, data: RecordData) => post<FlowCommandResult>('flow/record/resubmit', { recordId, revision, data }),
    withdraw: (recordId: number) => post<FlowCommandResult>('flow/record/withdraw', { recordId }),
    departments: () => get<Department[]>('org/departments'),
    members: (keyword?: string) => get<OrgMember[]>('org/members', { keyword: keyword || undefined }),
    provinces: () => get<AddressNode[]>('address/province/all'),
    addressChildren: (parentId: number) => get<AddressNode[]>('address/sub', { parentId }),
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
  return `/api${ALLPLAN}/form/validator?${query.toString()}`;
}

import { ADDRESS_PATHS } from '../../../core/contracts/address.ts';
import { FLOW_PATHS, type FlowTaskList, type FlowTaskPage } from '../../../core/contracts/flows.ts';
import { FORM_PATHS, type FormOption, type FormVersionDetail } from '../../../core/contracts/form.ts';
import { PREFERENCE_PATHS } from '../../../core/contracts/preference.ts';
import {
  RECORD_PATHS,
  type ImportResult,
  type RecordExportBody,
  type RecordListBody,
  type RecordPage,
  type SearchConfig,
  type SearchConfigEntry,
} from '../../../core/contracts/record.ts';
import { ORG_PATHS, type Department, type OrgMember } from '../../../core/contracts/org.ts';
import { RESOURCE_PATHS } from '../../../core/contracts/resource.ts';
import type { AddressNode, PreferenceConfig } from '../../../core/entities.ts';
import type { CallOptions, Http } from '../../api/endpoints.ts';
import type { BlobResponse } from '../../api/request-types.ts';

// Reads fail into the screen's own error state; writes that the screen reports itself stay quiet too.
const QUIET: CallOptions = { showErrorToast: false };

export type ImportUpload = (path: string, file: File, options: { fields: Record<string, string> }) => Promise<ImportResult>;

/** The calls of the form catalogue, the record list and my tasks, typed. */
export function formDataApi(http: Http, upload: ImportUpload) {
  const get = <T>(path: string, query?: Record<string, unknown>) => http.get<T>(path, query, QUIET);
  const post = <T>(path: string, body: unknown, options: CallOptions = QUIET) => http.post<T>(path, body, options);
  return {
    heldPoints: (module: string) => http.post<string[]>(RESOURCE_PATHS.heldPoints, { module }, QUIET),
    formOptions: () => get<FormOption[]>(FORM_PATHS.options),
    formVersion: (id: number, version: number) => get<FormVersionDetail>(FORM_PATHS.version, { id, version }),
    records: (body: RecordListBody) => post<RecordPage>(RECORD_PATHS.list, body),
    deleteRecords: (ids: number[]) => post<null>(RECORD_PATHS.delete, { ids }, {}),
    exportRecords: (body: RecordExportBody): Promise<BlobResponse> =>
      http.post(RECORD_PATHS.export, body, { responseType: 'blob' }),
    importRecords: (formId: number, file: File) => upload(RECORD_PATHS.import, file, { fields: { formId: String(formId) } }),
    searchConfig: (formId: number) => get<SearchConfigEntry>(RECORD_PATHS.searchConfig, { formId }),
    saveSearchConfig: (formId: number, config: SearchConfig) => post<SearchConfigEntry>(RECORD_PATHS.saveSearchConfig, { formId, config }, {}),
    preference: (configType: string, bizId: string) => get<PreferenceConfig[]>(PREFERENCE_PATHS.list, { configType, bizId }),
    savePreference: (configType: string, bizId: string, configValue: unknown) =>
      post<PreferenceConfig>(PREFERENCE_PATHS.save, { configType, bizId, configValue }, {}),
    /** Forgets the caller's settings of a form's list: its columns and its saved search. */
    resetFormDefaults: (formId: number) => http.get<{ removed: number }>(PREFERENCE_PATHS.resetFormDefaults, { formId: String(formId) }, {}),
    tasks: (status: FlowTaskList, pageNum: number, pageSize: number) => post<FlowTaskPage>(FLOW_PATHS.tasks, { status, pageNum, pageSize }),
    members: (keyword?: string) => get<OrgMember[]>(ORG_PATHS.members, { keyword: keyword || undefined, limit: 200 }),
    departments: () => get<Department[]>(ORG_PATHS.departments),
    provinces: () => get<AddressNode[]>(ADDRESS_PATHS.provinces),
    addressChildren: (parentId: number) => get<AddressNode[]>(ADDRESS_PATHS.sub, { parentId }),
  };
}

export type FormDataApi = ReturnType<typeof formDataApi>;

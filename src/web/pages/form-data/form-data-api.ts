import type { FlowTaskList, FlowTaskPage } from '../../../core/contracts/flows.ts';
import type { FormOption, FormVersionDetail } from '../../../core/contracts/form.ts';
import type {
  ImportResult,
  RecordExportBody,
  RecordListBody,
  RecordPage,
  SearchConfig,
  SearchConfigEntry,
} from '../../../core/contracts/record.ts';
import type { Department, OrgMember } from '../../../core/contracts/org.ts';
import type { AddressNode, PreferenceConfig } from '../../../core/entities.ts';
import type { CallOptions, Http } from '../../api/endpoints.ts';
import type { BlobResponse } from '../../api/request-types.ts';

const ALLPLAN = '/proptech_allplan';
// Reads fail into the screen's own error state; writes that the screen reports itself stay quiet too.
const QUIET: CallOptions = { showErrorToast: false };

export type ImportUpload = (path: string, file: File, options: { fields: Record<string, string> }) => Promise<ImportResult>;

/** The calls of the form catalogue, the record list and my tasks, typed. */
export function formDataApi(http: Http, upload: ImportUpload) {
  const get = <T>(path: string, query?: Record<string, unknown>) => http.get<T>(`${ALLPLAN}/${path}`, query, QUIET);
  const post = <T>(path: string, body: unknown, options: CallOptions = QUIET) => http.post<T>(`${ALLPLAN}/${path}`, body, options);
  return {
    heldPoints: (module: string) => http.post<string[]>(`${ALLPLAN}/resource/OrdinaryUser/functionPoints`, { module }, QUIET),
    formOptions: () => get<FormOption[]>('form/options'),
    formVersion: (id: number, version: number) => get<FormVersionDetail>('form/version', { id, version }),
    records: (body: RecordListBody) => post<RecordPage>('record/list', body),
    deleteRecords: (ids: number[]) => post<null>('record/delete', { ids }, {}),
    exportRecords: (body: RecordExportBody): Promise<BlobResponse> =>
      http.post(`${ALLPLAN}/record/export`, body, { responseType: 'blob' }),
    importRecords: (formId: number, file: File) => upload(`${ALLPLAN}/flowFile/field/import`, file, { fields: { formId: String(formId) } }),
    searchConfig: (formId: number) => get<SearchConfigEntry>('dataBoard/formList/config/list', { formId }),
    saveSearchConfig: (formId: number, config: SearchConfig) => post<SearchConfigEntry>('dataBoard/formList/updateSearchConfig', { formId, config }, {}),
    preference: (configType: string, bizId: string) => get<PreferenceConfig[]>('preference/config/list', { configType, bizId }),
    savePreference: (configType: string, bizId: string, configValue: unknown) =>
      post<PreferenceConfig>('preference/config/createOrUpdate', { configType, bizId, configValue }, {}),
    tasks: (status: FlowTaskList, pageNum: number, pageSize: number) => post<FlowTaskPage>('flow/task/list', { status, pageNum, pageSize }),
    members: (keyword?: string) => get<OrgMember[]>('org/members', { keyword: keyword || undefined, limit: 200 }),
    departments: () => get<Department[]>('org/departments'),
    provinces: () => get<AddressNode[]>('address/province/all'),
    addressChildren: (parentId: number) => get<AddressNode[]>('address/sub', { parentId }),
  };
}

export type FormDataApi = ReturnType<typeof formDataApi>;

import type { PageResult } from '../../../core/envelope.ts';
import type { FlowDefinitionEnvelope } from '../../../core/contracts/flows.ts';
import type {
  FormCreateBody,
  FormDetail,
  FormListItem,
  FormListQuery,
  FormOption,
  FormSettingsBody,
  FormUpdateBody,
  FormVersionDetail,
  FormVersionItem,
} from '../../../core/contracts/forms.ts';
import type { CallOptions, Http } from '../../api/endpoints.ts';

const ALLPLAN = '/proptech_allplan';
// Failed writes are shown beside the design or the settings field they name, not as a toast.
const QUIET: CallOptions = { showErrorToast: false };

/** The form designer's calls (forms, versions, settings, the draft flow's nodes), typed. */
export function designerApi(http: Http) {
  const get = <T>(path: string, query?: Record<string, unknown>) => http.get<T>(`${ALLPLAN}/${path}`, query, QUIET);
  const post = <T>(path: string, body: unknown) => http.post<T>(`${ALLPLAN}/${path}`, body, QUIET);
  return {
    forms: (query: FormListQuery) => get<PageResult<FormListItem>>('form/list', { ...query }),
    detail: (id: number) => get<FormDetail>('form/detail', { id }),
    create: (body: FormCreateBody) => post<FormDetail>('form/create', body),
    update: (body: FormUpdateBody) => post<FormDetail>('form/update', body),
    remove: (id: number) => post<null>('form/delete', { id }),
    publish: (id: number) => post<FormVersionItem>('form/publish', { id }),
    versions: (id: number) => get<FormVersionItem[]>('form/versions', { id }),
    version: (id: number, version: number) => get<FormVersionDetail>('form/version', { id, version }),
    formOptions: () => get<FormOption[]>('form/options'),
    saveSettings: (body: FormSettingsBody) => post<FormDetail>('form/settings/update', body),
    flow: (formId: number) => get<FlowDefinitionEnvelope>('flow/definition', { formId }),
  };
}

export type DesignerApi = ReturnType<typeof designerApi>;

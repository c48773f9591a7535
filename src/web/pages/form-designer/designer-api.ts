import type { PageResult } from '../../../core/envelope.ts';
import type { FlowDefinitionEnvelope } from '../../../core/contracts/flows.ts';
import type {
  FormCreateBody,
  FormDetail,
  FormListItem,
  FormOption,
  FormPreviewResult,
  FormSettingsBody,
  FormUpdateBody,
  FormVersionDetail,
  FormVersionItem,
} from '../../../core/contracts/form.ts';
import type { FormDesign } from '../../../core/forms/form-design.ts';
import type { CallOptions, Http } from '../../api/endpoints.ts';

const ALLPLAN = '/proptech_allplan';
// Failed writes are shown beside the design or the settings field they name, not as a toast.
const QUIET: CallOptions = { showErrorToast: false };
/** The largest page the server gives (forms per tenant stay well below it). */
const ALL_FORMS = 500;

/** The form designer's calls (forms, versions, settings, the draft flow's nodes), typed. */
export function designerApi(http: Http) {
  const get = <T>(path: string, query?: Record<string, unknown>) => http.get<T>(`${ALLPLAN}/${path}`, query, QUIET);
  const post = <T>(path: string, body: unknown) => http.post<T>(`${ALLPLAN}/${path}`, body, QUIET);
  return {
    /** Every form of the tenant: the designer's list and pickers show them on one page. */
    allForms: async () => (await get<PageResult<FormListItem>>('form/list', { pageNum: 1, pageSize: ALL_FORMS })).list,
    detail: (id: number) => get<FormDetail>('form/detail', { id }),
    create: (body: FormCreateBody) => post<FormDetail>('form/create', body),
    update: (body: FormUpdateBody) => post<FormDetail>('form/update', body),
    remove: (id: number) => post<null>('form/delete', { id }),
    publish: (id: number) => post<FormVersionItem>('form/publish', { id }),
    versions: (id: number) => get<FormVersionItem[]>('form/versions', { id }),
    version: (id: number, version: number) => get<FormVersionDetail>('form/version', { id, version }),
    formOptions: () => get<FormOption[]>('form/options'),
    saveSettings: (body: FormSettingsBody) => post<FormDetail>('form/settings/update', body),
    /** The working design compiled for the live preview (stored nowhere). */
    preview: (design: FormDesign) => post<FormPreviewResult>('form/preview', { design }),
    flow: (formId: number) => get<FlowDefinitionEnvelope>('flow/definition', { formId }),
  };
}

export type DesignerApi = ReturnType<typeof designerApi>;

/** The preview's validation module, imported by the browser (which sends no headers with import()). */
export function previewValidatorUrl(key: string, token: string): string {
  return `/api${ALLPLAN}/form/preview/validator?${new URLSearchParams({ key, token }).toString()}`;
}

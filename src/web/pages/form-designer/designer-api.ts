import type { PageResult } from '../../../core/envelope.ts';
import { FLOW_PATHS, type FlowDefinitionEnvelope } from '../../../core/contracts/flows.ts';
import {
  FORM_PATHS,
  type FormCreateBody,
  type FormDetail,
  type FormListItem,
  type FormOption,
  type FormPreviewResult,
  type FormSettingsBody,
  type FormUpdateBody,
  type FormVersionDetail,
  type FormVersionItem,
} from '../../../core/contracts/form.ts';
import type { FormDesign } from '../../../core/forms/form-design.ts';
import type { CallOptions, Http } from '../../api/endpoints.ts';

// Failed writes are shown beside the design or the settings field they name, not as a toast.
const QUIET: CallOptions = { showErrorToast: false };
/** The largest page the server gives (forms per tenant stay well below it). */
const ALL_FORMS = 500;

/** The form designer's calls (forms, versions, settings, the draft flow's nodes), typed. */
export function designerApi(http: Http) {
  const get = <T>(path: string, query?: Record<string, unknown>) => http.get<T>(path, query, QUIET);
  const post = <T>(path: string, body: unknown) => http.post<T>(path, body, QUIET);
  return {
    /** Every form of the tenant: the designer's list and pickers show them on one page. */
    allForms: async () => (await get<PageResult<FormListItem>>(FORM_PATHS.list, { pageNum: 1, pageSize: ALL_FORMS })).list,
    detail: (id: number) => get<FormDetail>(FORM_PATHS.detail, { id }),
    create: (body: FormCreateBody) => post<FormDetail>(FORM_PATHS.create, body),
    update: (body: FormUpdateBody) => post<FormDetail>(FORM_PATHS.update, body),
    remove: (id: number) => post<null>(FORM_PATHS.delete, { id }),
    publish: (id: number) => post<FormVersionItem>(FORM_PATHS.publish, { id }),
    versions: (id: number) => get<FormVersionItem[]>(FORM_PATHS.versions, { id }),
    version: (id: number, version: number) => get<FormVersionDetail>(FORM_PATHS.version, { id, version }),
    formOptions: () => get<FormOption[]>(FORM_PATHS.options),
    saveSettings: (body: FormSettingsBody) => post<FormDetail>(FORM_PATHS.updateSettings, body),
    /** The working design compiled for the live preview (stored nowhere). */
    preview: (design: FormDesign) => post<FormPreviewResult>(FORM_PATHS.preview, { design }),
    flow: (formId: number) => get<FlowDefinitionEnvelope>(FLOW_PATHS.definition, { formId }),
  };
}

export type DesignerApi = ReturnType<typeof designerApi>;

/** The preview's validation module, imported by the browser (which sends no headers with import()). */
export function previewValidatorUrl(key: string, token: string): string {
  return `/api${FORM_PATHS.previewValidator}?${new URLSearchParams({ key, token }).toString()}`;
}

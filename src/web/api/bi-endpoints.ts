import {
  BI_PATHS,
  type BiRelation,
  type BiSettings,
  type BiSettingsBody,
  type BiView,
  type BiViewCheck,
  type BiViewCreateBody,
  type BiViewUpdateBody,
} from '../../core/contracts/bi.ts';
import type { CallOptions, Http } from './endpoints.ts';

// The screens show failures in place.
const QUIET: CallOptions = { showErrorToast: false };

/** The calls of the BI settings screen and of the plates that follow its defaults. */
export function biApi(http: Http) {
  return {
    settings: () => http.get<BiSettings>(BI_PATHS.settings, undefined, QUIET),
    update: (body: BiSettingsBody) => http.post<BiSettings>(BI_PATHS.updateSettings, body, QUIET),
    views: () => http.get<BiView[]>(BI_PATHS.views, undefined, QUIET),
    relations: () => http.get<BiRelation[]>(BI_PATHS.viewRelations, undefined, QUIET),
    checkView: (sql: string) => http.post<BiViewCheck>(BI_PATHS.checkView, { sql }, QUIET),
    createView: (body: BiViewCreateBody) => http.post<BiView>(BI_PATHS.createView, body, QUIET),
    updateView: (body: BiViewUpdateBody) => http.post<BiView>(BI_PATHS.updateView, body, QUIET),
    deleteView: (id: number) => http.post<null>(BI_PATHS.deleteView, { id }, QUIET),
  };
}

export type BiApi = ReturnType<typeof biApi>;

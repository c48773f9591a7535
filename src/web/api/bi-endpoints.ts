import type {
  BiRelation,
  BiSettings,
  BiSettingsBody,
  BiView,
  BiViewCheck,
  BiViewCreateBody,
  BiViewUpdateBody,
} from '../../core/contracts/bi.ts';
import type { CallOptions, Http } from './endpoints.ts';

const BI = '/proptech_allplan/bi/setting';
const VIEW = '/proptech_allplan/bi/view';
// The screens show failures in place.
const QUIET: CallOptions = { showErrorToast: false };

/** The calls of the BI settings screen and of the plates that follow its defaults. */
export function biApi(http: Http) {
  return {
    settings: () => http.get<BiSettings>(BI, undefined, QUIET),
    update: (body: BiSettingsBody) => http.post<BiSettings>(`${BI}/update`, body, QUIET),
    views: () => http.get<BiView[]>(`${VIEW}/list`, undefined, QUIET),
    relations: () => http.get<BiRelation[]>(`${VIEW}/relations`, undefined, QUIET),
    checkView: (sql: string) => http.post<BiViewCheck>(`${VIEW}/check`, { sql }, QUIET),
    createView: (body: BiViewCreateBody) => http.post<BiView>(`${VIEW}/create`, body, QUIET),
    updateView: (body: BiViewUpdateBody) => http.post<BiView>(`${VIEW}/update`, body, QUIET),
    deleteView: (id: number) => http.post<null>(`${VIEW}/delete`, { id }, QUIET),
  };
}

export type BiApi = ReturnType<typeof biApi>;

import type { BiSettings, BiSettingsBody } from '../../core/contracts/bi.ts';
import type { CallOptions, Http } from './endpoints.ts';

const BI = '/proptech_allplan/bi/setting';
// The screens show failures in place.
const QUIET: CallOptions = { showErrorToast: false };

/** The calls of the BI settings screen and of the plates that follow its defaults. */
export function biApi(http: Http) {
  return {
    settings: () => http.get<BiSettings>(BI, undefined, QUIET),
    update: (body: BiSettingsBody) => http.post<BiSettings>(`${BI}/update`, body, QUIET),
  };
}

import { PREFERENCE_PATHS } from '../../core/contracts/preference.ts';
import type { PreferenceConfig } from '../../core/entities.ts';
import type { CallOptions, Http } from './endpoints.ts';

const QUIET: CallOptions = { showErrorToast: false };

/**
 * A person's own setting of a screen (columns, saved searches), kept per user by the server
 * under a name of the screen's: read back, or null when none was kept.
 */
export function ownPreferences(http: Http) {
  return {
    preference: async (configType: string): Promise<unknown> =>
      (await http.get<PreferenceConfig[]>(PREFERENCE_PATHS.list, { configType, bizId: '' }, QUIET))[0]?.configValue ?? null,
    savePreference: (configType: string, configValue: unknown) => http.post<PreferenceConfig>(PREFERENCE_PATHS.save, { configType, bizId: '', configValue }, QUIET),
  };
}

import { ALLPLAN_PREFIX, strictObject, type Validated } from './common.ts';

const configTypeSchema = { type: 'string', minLength: 1, maxLength: 64, pattern: '^[A-Za-z0-9_.:-]+$' } as const;
const bizIdSchema = { type: 'string', maxLength: 128 } as const;

/** Each user's stored screen settings. */
export const PREFERENCE_PATHS = {
  list: `${ALLPLAN_PREFIX}/preference/config/list`,
  save: `${ALLPLAN_PREFIX}/preference/config/createOrUpdate`,
  resetFormDefaults: `${ALLPLAN_PREFIX}/preference/config/formDefaultSetting/reset`,
} as const;

export const preferenceListQuery = strictObject({ configType: configTypeSchema, bizId: bizIdSchema });
export type PreferenceListQuery = Validated<typeof preferenceListQuery>;

/** `configValue` is any JSON the screen keeps (columns, widths, filters); the body limit bounds its size. */
export const preferenceSaveBody = strictObject(
  { configType: configTypeSchema, bizId: bizIdSchema, configValue: {} },
  ['configType', 'configValue'],
);
export type PreferenceSaveBody = Validated<typeof preferenceSaveBody>;

export const formDefaultResetQuery = strictObject({ formId: { type: 'string', minLength: 1, maxLength: 128 } }, [
  'formId',
]);
export type FormDefaultResetQuery = Validated<typeof formDefaultResetQuery>;

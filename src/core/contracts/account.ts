import { ALLPLAN_PREFIX, passwordSchema, strictObject, type Validated } from './common.ts';
import { FILE_ID_PATTERN, FILESTORE_PREFIX } from './files.ts';

/** The account endpoints: the signed-in user's own account and avatar. */
export const ACCOUNT_PATHS = {
  current: `${ALLPLAN_PREFIX}/account/current`,
  updatePassword: `${ALLPLAN_PREFIX}/account/updatePassword`,
  updateAvatar: `${ALLPLAN_PREFIX}/account/update/avatar`,
} as const;

export const updatePasswordBody = strictObject(
  { password: { type: 'string', minLength: 1, maxLength: 128 }, newPassword: passwordSchema },
  ['password', 'newPassword'],
);
export type UpdatePasswordBody = Validated<typeof updatePasswordBody>;

/**
 * An avatar is an image the user uploaded to the file store, named by its address there, or
 * none (null). Never an outside address: the page's security policy would block it.
 */
const AVATAR_URL_PATTERN = `^/api${FILESTORE_PREFIX}/file/(${FILE_ID_PATTERN.slice(1, -1)})$`;
const AVATAR_URL = new RegExp(AVATAR_URL_PATTERN);

export const updateAvatarBody = strictObject({ avatar: { type: ['string', 'null'], maxLength: 64, pattern: AVATAR_URL_PATTERN } }, ['avatar']);
export type UpdateAvatarBody = Validated<typeof updateAvatarBody>;

/** The address an avatar stored in the file store is saved under. */
export const avatarUrlOf = (fileId: string) => `/api${FILESTORE_PREFIX}/file/${fileId}`;

/** The file an avatar names; null for none, and for anything else stored before (an outside address counts as none). */
export function avatarFileId(avatar: string | null | undefined): string | null {
  return (avatar && AVATAR_URL.exec(avatar)?.[1]) || null;
}

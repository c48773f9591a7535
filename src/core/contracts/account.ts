import { ALLPLAN_PREFIX, passwordSchema, strictObject, type Validated } from './common.ts';

/** The account endpoints: the signed-in user's own account and avatar. */
export const ACCOUNT_PATHS = {
  current: `${ALLPLAN_PREFIX}/account/current`,
  updatePassword: `${ALLPLAN_PREFIX}/account/updatePassword`,
  updateAvatar: `${ALLPLAN_PREFIX}/account/update/avatar`,
  avatarUpload: `${ALLPLAN_PREFIX}/account/avatar/upload`,
  /** An avatar image by its name; the server registers it with `:name`. */
  avatar: (name: string) => `${ALLPLAN_PREFIX}/account/avatar/${name}`,
} as const;

export const updatePasswordBody = strictObject(
  { password: { type: 'string', minLength: 1, maxLength: 128 }, newPassword: passwordSchema },
  ['password', 'newPassword'],
);
export type UpdatePasswordBody = Validated<typeof updatePasswordBody>;

/** The avatar is a reference to an image: a file-store path or an http(s) address. */
export const updateAvatarBody = strictObject(
  { avatar: { type: 'string', minLength: 1, maxLength: 1024, pattern: '^(/|https?://)[^\\s<>"]*$' } },
  ['avatar'],
);
export type UpdateAvatarBody = Validated<typeof updateAvatarBody>;

import { passwordSchema, strictObject } from './common.ts';

export const updatePasswordBody = strictObject(
  { password: { type: 'string', minLength: 1, maxLength: 128 }, newPassword: passwordSchema },
  ['password', 'newPassword'],
);
export interface UpdatePasswordBody {
  password: string;
  newPassword: string;
}

/** The avatar is a reference to an image: a file-store path or an http(s) address. */
export const updateAvatarBody = strictObject(
  { avatar: { type: 'string', minLength: 1, maxLength: 1024, pattern: '^(/|https?://)[^\\s<>"]*$' } },
  ['avatar'],
);
export interface UpdateAvatarBody {
  avatar: string;
}

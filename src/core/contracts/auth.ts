import {
  ALLPLAN_PREFIX,
  emailSchema,
  idSchema,
  mobilePhoneSchema,
  passwordSchema,
  personNameSchema,
  strictObject,
  verificationCodeSchema,
  type Validated,
} from './common.ts';

/** Sign-in, registration and password reset (the spec's `login/` endpoints). */
export const AUTH_PATHS = {
  passwordLogin: `${ALLPLAN_PREFIX}/login/passwordLogin`,
  tenants: `${ALLPLAN_PREFIX}/login/list/tenant`,
  loginByToken: `${ALLPLAN_PREFIX}/login/login/byToken`,
  logout: `${ALLPLAN_PREFIX}/login/logout`,
  verificationCode: `${ALLPLAN_PREFIX}/login/getVerificationCode`,
  passwordRegister: `${ALLPLAN_PREFIX}/login/passwordRegister`,
  emailVerificationCode: `${ALLPLAN_PREFIX}/login/getVerificationCode/email`,
  resetPasswordByEmail: `${ALLPLAN_PREFIX}/login/resetPsw/email`,
} as const;

export const passwordLoginBody = strictObject(
  {
    account: { type: 'string', minLength: 1, maxLength: 254 },
    password: { type: 'string', minLength: 1, maxLength: 128 },
  },
  ['account', 'password'],
);
export type PasswordLoginBody = Validated<typeof passwordLoginBody>;

export const loginByTokenBody = strictObject(
  { tenantId: idSchema, loginType: { type: 'string', enum: ['WEB'] } },
  ['tenantId', 'loginType'],
);
export type LoginByTokenBody = Validated<typeof loginByTokenBody>;

export const verificationCodeQuery = strictObject(
  { mobilePhone: mobilePhoneSchema, scene: { type: 'string', enum: ['REGISTER'] } },
  ['mobilePhone', 'scene'],
);
export type VerificationCodeQuery = Validated<typeof verificationCodeQuery>;

export const passwordRegisterBody = strictObject(
  {
    mobilePhone: mobilePhoneSchema,
    verificationCode: verificationCodeSchema,
    password: passwordSchema,
    name: personNameSchema,
  },
  ['mobilePhone', 'verificationCode', 'password', 'name'],
);
export type PasswordRegisterBody = Validated<typeof passwordRegisterBody>;

export const emailCodeQuery = strictObject({ email: emailSchema }, ['email']);
export type EmailCodeQuery = Validated<typeof emailCodeQuery>;

export const resetPasswordByEmailBody = strictObject(
  { email: emailSchema, verificationCode: verificationCodeSchema, newPassword: passwordSchema },
  ['email', 'verificationCode', 'newPassword'],
);
export type ResetPasswordByEmailBody = Validated<typeof resetPasswordByEmailBody>;

/** Verification codes: 6 digits, 10 minutes, single use, 5 wrong tries, one send per minute. */
export const VERIFICATION_CODE_TTL_MS = 10 * 60 * 1000;
export const VERIFICATION_CODE_MAX_TRIES = 5;
export const VERIFICATION_CODE_RESEND_MS = 60 * 1000;
/** A token lives 12 hours from issue, like the client's token cookie. */
export const TOKEN_LIFETIME_MS = 12 * 60 * 60 * 1000;

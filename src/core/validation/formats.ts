/**
 * Client-side format rules of spec §5, one implementation shared by browser and server.
 * Each is registered as an ajv format (see ./ajv.ts), so a JSON Schema field with
 * `format: "mobilePhone"` is checked the same way on both sides.
 */

const ID_WEIGHTS = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
const ID_CHECK_CHARS = '10X98765432';

/** 18-character resident identity number (GB 11643): region, birth date, sequence, check digit. */
export function isNationalIdNumber(value: string): boolean {
  if (!/^[1-9]\d{5}(18|19|20)\d{2}\d{2}\d{2}\d{3}[\dXx]$/.test(value)) return false;
  const year = Number(value.slice(6, 10));
  const month = Number(value.slice(10, 12));
  const day = Number(value.slice(12, 14));
  const birth = new Date(Date.UTC(year, month - 1, day));
  if (birth.getUTCFullYear() !== year || birth.getUTCMonth() !== month - 1 || birth.getUTCDate() !== day) {
    return false;
  }
  let sum = 0;
  for (let i = 0; i < 17; i++) sum += Number(value[i]) * (ID_WEIGHTS[i] ?? 0);
  return ID_CHECK_CHARS[sum % 11] === value[17]!.toUpperCase();
}

/** Mainland mobile number, optionally prefixed +86 or 0086. */
export const MOBILE_PHONE_PATTERN = /^(?:\+86|0086)?1[3-9]\d{9}$/;

/**
 * E-mail: letters, digits, underscore and hyphen in the local part and the domain.
 * Dots separate segments on both sides (so `jane.doe@site.example` passes) but never lead,
 * trail or repeat.
 */
export const EMAIL_PATTERN = /^[A-Za-z0-9_-]+(?:\.[A-Za-z0-9_-]+)*@[A-Za-z0-9_-]+(?:\.[A-Za-z0-9_-]+)+$/;

/** Landline: area code (0 and 2–3 digits), a hyphen, then 7 or 8 digits. */
export const LANDLINE_PATTERN = /^0\d{2,3}-\d{7,8}$/;

/** Postal code: exactly 6 digits. */
export const POSTAL_CODE_PATTERN = /^\d{6}$/;

/** Percentage: permissive, a signed decimal with an optional trailing percent sign. */
export const PERCENTAGE_PATTERN = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)%?$/;

/** Number: permissive, a signed decimal. */
export const NUMBER_PATTERN = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)$/;

/** Strip the optional country prefix so +8613800000000 and 13800000000 are one account. */
export function normalizeMobilePhone(value: string): string {
  return value.replace(/^(?:\+86|0086)/, '');
}

export type FormatName =
  | 'nationalId'
  | 'mobilePhone'
  | 'email'
  | 'landline'
  | 'postalCode'
  | 'percentage'
  | 'numeric';

export const FORMAT_CHECKS: Record<FormatName, (value: string) => boolean> = {
  nationalId: isNationalIdNumber,
  mobilePhone: (v) => MOBILE_PHONE_PATTERN.test(v),
  email: (v) => EMAIL_PATTERN.test(v),
  landline: (v) => LANDLINE_PATTERN.test(v),
  postalCode: (v) => POSTAL_CODE_PATTERN.test(v),
  percentage: (v) => PERCENTAGE_PATTERN.test(v),
  numeric: (v) => NUMBER_PATTERN.test(v),
};

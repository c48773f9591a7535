import type { Rule } from 'antd/es/form';
import type { TFunction } from 'i18next';
import { passwordSchema } from '../../../core/contracts/common.ts';
import { FORMAT_CHECKS, type FormatName } from '../../../core/validation/formats.ts';

/** An antd form rule from a src/core format, so the browser checks exactly what the server checks. */
export function formatRule(format: FormatName, message: string): Rule {
  return {
    validator: (_rule, value: unknown) =>
      !value || (typeof value === 'string' && FORMAT_CHECKS[format](value)) ? Promise.resolve() : Promise.reject(new Error(message)),
  };
}

/** A field that must hold more than white space; `message` is the field's own translated prompt. */
export function requiredRule(message: string): Rule {
  return { required: true, whitespace: true, message };
}

/** Same limits as the server's password schema (src/core/contracts/common.ts). */
export function passwordRules(t: TFunction): Rule[] {
  const min = passwordSchema.minLength;
  const max = passwordSchema.maxLength;
  return [
    requiredRule(t('login:passwordRules.required')),
    { min, message: t('login:passwordRules.minLength', { min }) },
    { max, message: t('login:passwordRules.maxLength', { max }) },
  ];
}

export function confirmRule(t: TFunction, field: string): Rule {
  return ({ getFieldValue }) => ({
    validator: (_rule, value: unknown) =>
      !value || value === getFieldValue(field) ? Promise.resolve() : Promise.reject(new Error(t('login:passwordRules.mismatch'))),
  });
}

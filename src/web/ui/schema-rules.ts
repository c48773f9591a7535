import type { Rule } from 'antd/es/form';
import type { TFunction } from 'i18next';
import type { JsonSchema } from '../../core/contracts/common.ts';
import { everyText, isLocalTexts } from '../../core/local-text.ts';
import { FORMAT_CHECKS, type FormatName } from '../../core/validation/formats.ts';

interface PropertySchema {
  type?: string | string[];
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  format?: string;
  enum?: readonly unknown[];
  /** A stored text (src/core/local-text.ts): a string, or an object of languages each such a string. */
  anyOf?: readonly PropertySchema[];
}

function propertyOf(body: JsonSchema, field: string): PropertySchema {
  const properties = (body.properties ?? {}) as Record<string, PropertySchema>;
  const property = properties[field];
  if (!property) throw new Error(`The request schema has no field ${field}`);
  return property;
}

function isRequired(body: JsonSchema, field: string): boolean {
  return ((body.required ?? []) as string[]).includes(field);
}

const check = (ok: (value: string) => boolean, message: string): Rule => ({
  validator: (_rule, value: unknown) =>
    value === undefined || value === null || value === '' || (typeof value === 'string' && ok(value))
      ? Promise.resolve()
      : Promise.reject(new Error(message)),
});

/**
 * antd rules for one string field of a request schema of src/core/contracts, so a form checks
 * what the server will check: required, length, pattern, format and allowed values. The
 * browser cannot compile schemas with ajv (the page's script policy forbids generated code),
 * so the keywords the contracts use are read here. `invalid` is the field's own hint shown
 * when the pattern, format or allowed values refuse the value.
 */
export function schemaRules(t: TFunction, body: JsonSchema, field: string, invalid = t('admin:validation.invalid')): Rule[] {
  const property = propertyOf(body, field);
  const text = property.anyOf?.find((variant) => variant.type === 'string');
  if (text) return localTextRules(t, text, isRequired(body, field), invalid);
  const rules: Rule[] = [];
  if (isRequired(body, field)) rules.push({ required: true, whitespace: true, message: t('admin:validation.required') });
  if (property.minLength !== undefined && property.minLength > 1) {
    rules.push({ min: property.minLength, message: t('admin:validation.minLength', { min: property.minLength }) });
  }
  if (property.maxLength !== undefined) {
    rules.push({ max: property.maxLength, message: t('admin:validation.maxLength', { max: property.maxLength }) });
  }
  if (property.pattern !== undefined) {
    // ajv reads patterns with the unicode flag.
    const pattern = new RegExp(property.pattern, 'u');
    rules.push(check((value) => pattern.test(value), invalid));
  }
  if (property.format !== undefined && property.format in FORMAT_CHECKS) {
    rules.push(check(FORMAT_CHECKS[property.format as FormatName], invalid));
  }
  if (property.enum !== undefined) {
    const allowed = property.enum;
    rules.push(check((value) => allowed.includes(value), invalid));
  }
  return rules;
}

/** The rules of a text in several languages: each language's text is held to the string's rules. */
function localTextRules(t: TFunction, text: PropertySchema, required: boolean, invalid: string): Rule[] {
  const pattern = text.pattern === undefined ? undefined : new RegExp(text.pattern, 'u');
  const problem = (value: unknown): string | undefined => {
    // A text of spaces only is no text, as for a plain field (`whitespace: true`).
    const texts = everyText(isLocalTexts(value) || typeof value === 'string' ? value : null).filter((each) => each.trim());
    if (texts.length === 0) return required ? t('admin:validation.required') : undefined;
    for (const each of texts) {
      if (text.minLength !== undefined && text.minLength > 1 && each.length < text.minLength) return t('admin:validation.minLength', { min: text.minLength });
      if (text.maxLength !== undefined && each.length > text.maxLength) return t('admin:validation.maxLength', { max: text.maxLength });
      if (pattern && !pattern.test(each)) return invalid;
    }
    return undefined;
  };
  return [
    {
      required,
      validator: (_rule, value: unknown) => {
        const message = problem(value);
        return message ? Promise.reject(new Error(message)) : Promise.resolve();
      },
    },
  ];
}

/** A copy of a form's values without empty optional strings, which the schema would refuse. */
export function withoutEmpty<T extends object>(values: T): T {
  return Object.fromEntries(
    Object.entries(values).filter(([, value]) => value !== undefined && value !== null && !(typeof value === 'string' && value.trim() === '')),
  ) as T;
}

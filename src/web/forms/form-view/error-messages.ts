import type { RJSFValidationError } from '@rjsf/utils';
import type { TFunction } from 'i18next';
import type { FieldError } from '../../../core/forms/form-design.ts';

/** ajv keywords with a message of their own; any other keyword says the value is invalid. */
const KNOWN = new Set(['required', 'minimum', 'maximum', 'minLength', 'maxLength', 'pattern', 'format', 'minItems', 'maxItems', 'multipleOf', 'enum', 'type', 'uniqueItems', 'const']);

/** Formats with a message of their own (src/core formats and ajv-formats' date and date-time). */
const FORMATS = new Set(['mobilePhone', 'email', 'nationalId', 'landline', 'postalCode', 'date', 'date-time']);

/**
 * The i18n key and values of one ajv error. A required property is reported by ajv on its
 * parent object; rjsf already moves it onto the property, so only the keyword matters here.
 */
export function errorMessageKey(error: Pick<RJSFValidationError, 'name' | 'params'>): { key: string; values: Record<string, unknown> } {
  const name = error.name ?? '';
  const params = (error.params ?? {}) as Record<string, unknown>;
  if (!KNOWN.has(name)) return { key: 'view.errors.invalid', values: {} };
  if (name === 'multipleOf') {
    const step = Number(params.multipleOf);
    const decimals = step >= 1 ? 0 : Math.max(0, Math.round(-Math.log10(step)));
    return { key: 'view.errors.multipleOf', values: { count: decimals } };
  }
  if (name === 'format' && FORMATS.has(String(params.format))) return { key: `view.errors.formats.${String(params.format)}`, values: {} };
  return { key: `view.errors.${name}`, values: { limit: params.limit, format: params.format } };
}

/** The words for a keyword's failure at `field`: the designer's pattern message when it is a pattern they wrote one for. */
function keywordText(error: Pick<RJSFValidationError, 'name' | 'params'>, field: string, t: TFunction, patternMessages: Record<string, string>): string {
  const custom = error.name === 'pattern' ? patternMessages[field] : undefined;
  const { key, values } = errorMessageKey(error);
  return custom ?? t(key, { ns: 'forms', ...values });
}

/**
 * A server error's words beside its field, in the user's language when the server named its
 * keyword (the same words the browser's own check uses), else the server's message without the
 * field's name in front.
 */
export function fieldErrorText(error: FieldError, t: TFunction, patternMessages: Record<string, string>): string {
  if (error.keyword) return keywordText({ name: error.keyword, params: error.params }, error.field, t, patternMessages);
  const at = error.message.indexOf(': ');
  return error.field && at >= 0 ? error.message.slice(at + 2) : error.message;
}

/** rjsf's errors with messages in the user's language; a pattern's own message wins when the design gave one. */
export function translateErrors(errors: RJSFValidationError[], t: TFunction, patternMessages: Record<string, string>): RJSFValidationError[] {
  return errors.map((error) => {
    const message = keywordText(error, (error.property ?? '').replace(/^\./, ''), t, patternMessages);
    return { ...error, message, stack: `${error.property ?? ''} ${message}` };
  });
}

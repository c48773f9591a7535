import type { FormInstance } from 'antd';
import { getI18n } from 'react-i18next';
import { ApiError } from '../api/api-error.ts';
import { messageOf } from '../api/error-message.ts';
import { problemSentence, problemsOfFailure } from './problem-sentence.ts';

/** `config.widgets[0].props.x: must be …` -> that path and the text after it; null when the message names no path. */
export function pathOfMessage(message: string): { path: string; text: string } | null {
  const match = /^([A-Za-z_$][\w$]*(?:\[\d+\]|\.[\w$-]+)*): (.+)$/s.exec(message);
  return match ? { path: match[1]!, text: match[2]! } : null;
}

/** `points[2]: must be …` -> `points`; null when the message names no field of the form. */
export function fieldOfMessage(message: string, fields: readonly string[]): { field: string; text: string } | null {
  const named = pathOfMessage(message);
  const field = named ? /^[A-Za-z_$][\w$]*/.exec(named.path)![0] : '';
  if (!named || !fields.includes(field)) return null;
  return { field, text: named.text };
}

/**
 * Puts a failed write's message beside the field it concerns: a 400 that names a field of
 * the form, or a 409 (a taken code or name) on `conflictField`. Answers the message to show
 * above the form instead, or '' when a field shows it.
 */
export function placeServerError(
  form: FormInstance,
  failure: unknown,
  fields: readonly string[],
  conflictField?: (message: string) => string | undefined,
): string {
  const message = messageOf(failure, '');
  if (!(failure instanceof ApiError) || failure.kind !== 'http') return message;
  if (failure.status === 400) {
    // A refused field is said in the reader's language under the field itself.
    const placed = problemsOfFailure(failure).filter((p) => fields.includes(/^[A-Za-z_$][\w$]*/.exec(p.path)?.[0] ?? ''));
    if (placed.length) {
      const t = getI18n().t;
      form.setFields(placed.map((p) => ({ name: /^[A-Za-z_$][\w$]*/.exec(p.path)![0], errors: [problemSentence(t, p, t('errors:part.whole'))] })));
      return '';
    }
    const named = fieldOfMessage(message, fields);
    if (named) {
      form.setFields([{ name: named.field, errors: [named.text] }]);
      return '';
    }
  }
  if (failure.status === 409 && conflictField) {
    const field = conflictField(message);
    if (field && fields.includes(field)) {
      form.setFields([{ name: field, errors: [message] }]);
      return '';
    }
  }
  return message;
}

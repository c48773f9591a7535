import { deepEquals, ErrorSchemaBuilder, getByPath, toPath, type ErrorSchema } from '@rjsf/utils';
import { useMemo, useState } from 'react';
import type { FieldError, RecordData } from '../../../core/forms/form-design.ts';
import type { TFunction } from 'i18next';
import { ApiError } from '../../api/api-error.ts';
import { messageOf } from '../../api/error-message.ts';

/** The field errors a refused record write carries (`data.errors`, see invalidRecord on the server). */
export function fieldErrorsOf(failure: unknown): FieldError[] {
  if (!(failure instanceof ApiError)) return [];
  const errors = (failure.data as { errors?: unknown } | null)?.errors;
  return Array.isArray(errors) ? (errors as unknown[]).filter(isFieldError) : [];
}

function isFieldError(error: unknown): error is FieldError {
  return typeof error === 'object' && error !== null && 'field' in error && typeof error.field === 'string' && 'message' in error && typeof error.message === 'string';
}

/** rjsf's error schema of field errors: `items[2].amount` -> { items: { 2: { amount: { __errors } } } }. */
export function serverErrorSchema(errors: readonly FieldError[], text: (error: FieldError) => string): ErrorSchema | undefined {
  const located = errors.filter((e) => e.field);
  if (!located.length) return undefined;
  const builder = new ErrorSchemaBuilder();
  for (const error of located) builder.addErrors(text(error), toPath(error.field));
  return builder.ErrorSchema;
}

/**
 * The server's field errors that still stand: those whose field keeps the value that was sent
 * (`sent`; the screen's value when they came if the form sent nothing itself). The screen's
 * value may still lag behind what was sent, by a change waiting in a transition: such an error
 * shows once the value catches up.
 */
export function useStandingServerErrors(errors: readonly FieldError[], value: RecordData, sent: RecordData | null): readonly FieldError[] {
  const [arrival, setArrival] = useState({ errors, value: sent ?? value });
  if (arrival.errors !== errors) setArrival({ errors, value: sent ?? value });
  return useMemo(
    // A path as a list: getByPath takes a bare string as one key, so `items[1].name` would never be found.
    () => (errors.length ? errors.filter((e) => !e.field || deepEquals(getByPath(value, toPath(e.field)), getByPath(arrival.value, toPath(e.field)))) : errors),
    [errors, value, arrival],
  );
}

/**
 * What the banner above a refused form says: with field errors, how many fields to look at
 * (each message stands beside its field, in the form's words); otherwise the server's message.
 */
export function refusalSummary(failure: unknown, fallback: string, t: TFunction): string {
  const fields = new Set(fieldErrorsOf(failure).map((e) => e.field).filter(Boolean));
  return fields.size ? t('forms:view.fieldsRefused', { count: fields.size }) : messageOf(failure, fallback);
}

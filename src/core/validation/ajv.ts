import Ajv, { type ErrorObject, type Options } from 'ajv';
import addFormats from 'ajv-formats';
import { LOCAL_TEXT_SCHEMA } from '../local-text.ts';
import { FORMAT_CHECKS, type FormatName } from './formats.ts';

/**
 * The one ajv set-up used by the server (request validation) and the browser (forms):
 * the standard formats plus Plinth's own from ./formats.ts, which override ajv-formats'
 * `email` with the spec's rule; and the texts in several languages the meta-schemas refer to.
 */
export function createAjv(options: Options = {}): Ajv {
  const ajv = new Ajv({ allowUnionTypes: true, coerceTypes: false, useDefaults: true, ...options });
  addFormats(ajv, ['date', 'time', 'date-time', 'uri', 'uri-reference', 'uuid']);
  for (const [name, check] of Object.entries(FORMAT_CHECKS) as [FormatName, (v: string) => boolean][]) {
    ajv.addFormat(name, { type: 'string', validate: check });
  }
  // Added without checking it against the meta-schema: that check compiles code, which the
  // browser's Content-Security-Policy forbids (the schema is ours and tested).
  ajv.addSchema(LOCAL_TEXT_SCHEMA, undefined, undefined, false);
  return ajv;
}

/** Dotted field path of an ajv error, e.g. `configValue.columns[2]`; the missing property for `required`. */
export function errorFieldPath(error: ErrorObject): string {
  const segments = error.instancePath
    .split('/')
    .slice(1)
    .map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'));
  if (error.keyword === 'required') segments.push(String(error.params.missingProperty));
  if (error.keyword === 'additionalProperties') segments.push(String(error.params.additionalProperty));
  return segments.reduce((path, s) => (/^\d+$/.test(s) ? `${path}[${s}]` : path ? `${path}.${s}` : s), '');
}

/** A sentence naming the field, e.g. `password: must NOT have fewer than 8 characters`. */
export function describeValidationError(error: ErrorObject): string {
  const field = errorFieldPath(error);
  let message = error.message ?? 'is invalid';
  if (error.keyword === 'required') message = 'is required';
  if (error.keyword === 'additionalProperties') message = 'is not an allowed field';
  if (error.keyword === 'format') message = `must be a valid ${String(error.params.format)}`;
  return field ? `${field}: ${message}` : message;
}

/** Building blocks for the request schemas shared by the API and the browser forms. */
import type { FromSchema, JSONSchema } from 'json-schema-to-ts';
import { PAGE_SIZE_MAX } from '../envelope.ts';
import { localTextSchema } from '../local-text.ts';

export type JsonSchema = Record<string, unknown>;

/**
 * Where the platform's endpoints sit, under `/api` (the spec fixes it). Each contract module
 * spells its own paths on it, once, in a `*_PATHS` object that the server registers and the
 * web app calls.
 */
export const ALLPLAN_PREFIX = '/proptech_allplan';

export const passwordSchema = { type: 'string', minLength: 8, maxLength: 128 } as const;
export const verificationCodeSchema = { type: 'string', pattern: '^\\d{6}$' } as const;
export const mobilePhoneSchema = { type: 'string', maxLength: 20, format: 'mobilePhone' } as const;
export const emailSchema = { type: 'string', maxLength: 254, format: 'email' } as const;
export const idSchema = { type: 'integer', minimum: 1, maximum: 2147483647 } as const;
/** The revision a screen loaded (the optimistic lock): a stale one answers 409. */
export const revisionSchema = { type: 'integer', minimum: 1 } as const;
/** A person's name: any script, but no angle brackets, and not only spaces. */
export const personNameSchema = { type: 'string', minLength: 1, maxLength: 64, pattern: '^[^<>]*[^<>\\s][^<>]*$' } as const;

/** A display name (of a role, group, workspace or template): any script, 1-64 characters, no angle brackets, not only spaces. */
export const displayNameSchema = { type: 'string', minLength: 1, maxLength: 64, pattern: '^[^<>]*[^<>\\s][^<>]*$' } as const;
export const descriptionSchema = { type: 'string', maxLength: 500, pattern: '^[^<>]*$', default: '' } as const;

/** A list of ids, each once; a whole replacement of what it names. */
export const idListSchema = (maxItems = 2000) => ({ type: 'array', items: idSchema, maxItems, uniqueItems: true }) as const;

export const pagingProperties = {
  pageNum: { type: 'integer', minimum: 1, maximum: 1000000, default: 1 },
  pageSize: { type: 'integer', minimum: 1, maximum: PAGE_SIZE_MAX, default: 20 },
} as const;

/**
 * An object schema that refuses fields it does not name. It keeps the literal types of what
 * it is given (`const` type parameters), so a request type is derived from the schema with
 * {@link Validated} instead of being written a second time.
 */
export function strictObject<const P extends Record<string, JsonSchema>, const R extends readonly (keyof P & string)[] = []>(
  properties: P,
  required?: R,
): { type: 'object'; additionalProperties: false; properties: P; required: R } {
  return { type: 'object', additionalProperties: false, properties, required: required ?? ([] as unknown as R) };
}

/**
 * A request as the handler receives it: validated, with the schema's defaults filled in
 * (ajv runs with useDefaults). json-schema-to-ts reads the schema's type; it adds no code.
 */
export type Validated<S extends JSONSchema> = FromSchema<S>;
/** A request as a caller may send it: properties the schema gives a default may be left out. */
export type Sent<S extends JSONSchema> = FromSchema<S, { keepDefaultedPropertiesOptional: true }>;

/** `?id=` of the detail reads, and `{ id }` of the deletes. */
export const idQuery = strictObject({ id: idSchema }, ['id']);
export const idBody = strictObject({ id: idSchema }, ['id']);
export type IdParams = Validated<typeof idQuery>;

/** A menu entry a stored screen (page, plate) adds for itself: under `parentId`, optionally titled and with an icon; null takes it out. */
export const menuEntrySchema = {
  ...strictObject(
    {
      parentId: idSchema,
      title: localTextSchema({ minLength: 1, maxLength: 120, pattern: '\\S' }),
      icon: { type: 'string', maxLength: 64, pattern: '^[A-Za-z0-9]*$' },
    },
    ['parentId'],
  ),
  type: ['object', 'null'],
} as const;
/** A menu entry as sent; null (taking it out) is the caller's other choice. */
export type MenuEntry = Exclude<Validated<typeof menuEntrySchema>, null>;

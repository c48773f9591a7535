import type { ValidateFunction } from 'ajv';
import formDesignSchema from '../../../schemas/meta/form-design.schema.json';
import { createAjv } from '../validation/ajv.ts';
import { checkFormDesign, FORM_DESIGN_AJV_OPTIONS } from './form-design-problems.ts';
import type { Problem } from '../validation/problems.ts';
import type { JsonSchema } from './form-design.ts';
import { RECORD_AJV_OPTIONS } from './record-validation.ts';

/**
 * Checks a form design with the meta-schema compiled by ajv at run time (the server, tools
 * and tests). The browser runs the same rules (form-design-problems.ts) over validation code
 * generated at build time, because its script policy forbids compiling.
 */

let validateMeta: ValidateFunction | undefined;

export function validateFormDesign(design: unknown): Problem[] {
  validateMeta ??= createAjv({ ...FORM_DESIGN_AJV_OPTIONS }).compile(formDesignSchema);
  // One instance per design: ajv keeps every schema it compiled, and these are throwaway.
  const records = createAjv(RECORD_AJV_OPTIONS);
  const checkValue = (schema: JsonSchema, value: unknown) => {
    const validate = records.compile(schema);
    return validate(value) ? null : (validate.errors ?? []);
  };
  return checkFormDesign(design, validateMeta, checkValue);
}

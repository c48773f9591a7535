import type { RJSFSchema, ValidatorType } from '@rjsf/utils';
import { createPrecompiledValidator, type ValidatorFunctions } from '@rjsf/validator-ajv8';
import { RECORD_AJV_OPTIONS } from '../../core/forms/record-validation.ts';
import { createAjv } from '../../core/validation/ajv.ts';
import { validatorRuntime, type ValidatorModuleFactory, type ValidatorRuntime } from '../../core/validation/validator-runtime.ts';

/*
 * Record validation in the browser. The page's script policy forbids ajv compiling there, so
 * the server sends each form version's schema as ajv standalone code (GET form/validator,
 * src/server/modules/form/validator-code.ts), generated with the options and formats the
 * server validates with; this module supplies that code's run-time helpers and formats and
 * hands the result to rjsf as a precompiled validator.
 */

let runtime: ValidatorRuntime | undefined;

/** ajv's helpers and the src/core formats, as the generated code asks for them (an ajv instance that never compiles). */
export function formValidationRuntime(): ValidatorRuntime {
  runtime ??= validatorRuntime(createAjv(RECORD_AJV_OPTIONS));
  return runtime;
}

export type FormValidator = ValidatorType<Record<string, unknown>, RJSFSchema>;

const loaded = new Map<string, Promise<FormValidator>>();

/**
 * The rjsf validator of a form version: imports the module at `url` (same origin, which the
 * script policy allows) and wraps its validate functions. A version never changes, so each
 * URL is loaded once; a failed load is forgotten so it can be tried again.
 */
export function loadFormValidator(url: string, schema: RJSFSchema): Promise<FormValidator> {
  let validator = loaded.get(url);
  if (!validator) {
    validator = import(/* @vite-ignore */ url).then((module: { default: ValidatorModuleFactory }) => {
      const functions = module.default(formValidationRuntime()) as unknown as ValidatorFunctions;
      return createPrecompiledValidator<Record<string, unknown>, RJSFSchema>(functions, schema);
    });
    validator.catch(() => loaded.delete(url));
    loaded.set(url, validator);
  }
  return validator;
}

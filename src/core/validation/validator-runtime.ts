import type Ajv from 'ajv';
import equal from 'ajv/dist/runtime/equal.js';
import ucs2length from 'ajv/dist/runtime/ucs2length.js';

/**
 * What a served validator module (GET form/validator: ajv standalone code) needs at run time.
 * The module has no imports of its own: it asks `runtime.require(name)` for ajv's helpers and
 * for the formats, so it runs in the browser (where the CSP forbids ajv compiling) and in Node.
 */

/** The name the generated code uses for the formats object (ajv `code.formats`). */
export const VALIDATOR_FORMATS_MODULE = 'plinth:formats';

export interface ValidatorRuntime {
  require(name: string): unknown;
}

/** A served module's default export: the validate functions by schema `$id` (rjsf's precompiled-validator map). */
export type ValidatorModuleFactory = (runtime: ValidatorRuntime) => Record<string, unknown>;

// CommonJS helpers arrive as the function (bundlers) or as `{ default: function }` (Node).
const helper = (module: unknown) => ({ default: (module as { default?: unknown }).default ?? module });

/**
 * The runtime for validators generated with `ajv`'s options: its formats object must be the one
 * of an ajv set up like the server's (createAjv), because the generated code reads each format
 * the way that instance defined it (function, pattern or `{ validate }`).
 */
export function validatorRuntime(ajv: Pick<Ajv, 'formats'>): ValidatorRuntime {
  const modules: Record<string, unknown> = {
    'ajv/dist/runtime/equal': helper(equal),
    'ajv/dist/runtime/ucs2length': helper(ucs2length),
    [VALIDATOR_FORMATS_MODULE]: ajv.formats,
  };
  return {
    require(name) {
      if (!Object.hasOwn(modules, name)) throw new Error(`validator module asks for ${name}, which the runtime does not provide`);
      return modules[name];
    },
  };
}

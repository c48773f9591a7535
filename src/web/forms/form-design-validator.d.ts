declare module 'virtual:plinth/form-design-validator' {
  import type { ValidateFunction } from 'ajv';
  /** schemas/meta/form-design.schema.json, generated at build time (scripts/vite/vite-form-design-validator-plugin.ts). */
  export const formDesignValidator: ValidateFunction;
}

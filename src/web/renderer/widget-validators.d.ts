declare module 'virtual:plinth/widget-props-validators' {
  import type { ValidateFunction } from 'ajv';
  /** Widget props schema `$id` -> its validation, generated at build time (scripts/vite/vite-widget-validators-plugin.ts). */
  export const validators: Readonly<Record<string, ValidateFunction>>;
}

declare module 'virtual:plinth/page-config-validators' {
  import type { ValidateFunction } from 'ajv';
  /**
   * The page meta-schema and every widget type's props schema (no defaults), generated at
   * build time for the page rules of src/core/pages/page-config-problems.ts.
   */
  export const pageConfigValidators: { page: ValidateFunction; props: Readonly<Record<string, ValidateFunction>> };
}

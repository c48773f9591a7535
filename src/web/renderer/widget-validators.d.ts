declare module 'virtual:plinth/widget-props-validators' {
  import type { ValidateFunction } from 'ajv';
  /** Widget props schema `$id` -> its validation, generated at build time (vite-widget-validators-plugin.ts). */
  export const validators: Readonly<Record<string, ValidateFunction>>;
}

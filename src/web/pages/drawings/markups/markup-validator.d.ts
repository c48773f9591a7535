declare module 'virtual:plinth/markup-validator' {
  import type { ValidateFunction } from 'ajv';
  /** schemas/meta/drawing-markup.schema.json, generated at build time (scripts/vite/vite-markup-validator-plugin.ts). */
  export const markupValidator: ValidateFunction;
}

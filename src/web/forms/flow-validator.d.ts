declare module 'virtual:plinth/flow-validator' {
  import type { ValidateFunction } from 'ajv';
  /** schemas/meta/flow.schema.json, generated at build time (scripts/vite/vite-flow-validator-plugin.ts). */
  export const flowValidator: ValidateFunction;
}

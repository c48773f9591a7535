import fs from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';
import { FORM_DESIGN_AJV_OPTIONS } from '../../src/core/forms/form-design-problems.ts';
import { createAjv } from '../../src/core/validation/ajv.ts';
import { standaloneModule } from './vite-widget-validators-plugin.ts';

export const FORM_DESIGN_VALIDATOR_MODULE = 'virtual:plinth/form-design-validator';
const RESOLVED = `\0${FORM_DESIGN_VALIDATOR_MODULE}`;

/**
 * The form design meta-schema as validation code generated at build time with the server's
 * options, for the designer's live checks (form-design-problems.ts): the browser's script
 * policy forbids ajv compiling there. Exports `formDesignValidator`.
 */
export function formDesignValidatorSource(metaDir: string): { code: string; file: string } {
  const file = path.join(metaDir, 'form-design.schema.json');
  const schema = JSON.parse(fs.readFileSync(file, 'utf8')) as { $id: string };
  const ajv = createAjv({ ...FORM_DESIGN_AJV_OPTIONS, code: { source: true, esm: true } });
  ajv.addSchema(schema);
  return { code: `${standaloneModule(ajv, { formDesign: schema.$id })}export const formDesignValidator = formDesign;\n`, file };
}

/** Serves {@link FORM_DESIGN_VALIDATOR_MODULE} to the build, the dev server and the tests. */
export function formDesignValidatorPlugin(metaDir = 'schemas/meta'): Plugin {
  const meta = path.resolve(metaDir);
  return {
    name: 'plinth-form-design-validator',
    resolveId: (id) => (id === FORM_DESIGN_VALIDATOR_MODULE ? RESOLVED : undefined),
    load(id) {
      if (id !== RESOLVED) return undefined;
      const source = formDesignValidatorSource(meta);
      this.addWatchFile(source.file);
      return source.code;
    },
  };
}

import fs from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';
import { createAjv } from '../../src/core/validation/ajv.ts';
import { standaloneModule } from './vite-widget-validators-plugin.ts';

export const MARKUP_VALIDATOR_MODULE = 'virtual:plinth/markup-validator';
const RESOLVED = `\0${MARKUP_VALIDATOR_MODULE}`;

/**
 * The drawing markup schema (schemas/meta/drawing-markup.schema.json) as validation code
 * generated at build time with the server's options, so the markup canvas checks a markup
 * with the same rules before it sends it (the browser's script policy forbids ajv compiling
 * there). Exports `markupValidator`.
 */
export function markupValidatorSource(metaDir: string): { code: string; file: string } {
  const file = path.join(metaDir, 'drawing-markup.schema.json');
  const schema = JSON.parse(fs.readFileSync(file, 'utf8')) as { $id: string };
  const ajv = createAjv({ useDefaults: false, code: { source: true, esm: true } });
  ajv.addSchema(schema);
  return { code: `${standaloneModule(ajv, { markup: schema.$id })}export const markupValidator = markup;\n`, file };
}

/** Serves {@link MARKUP_VALIDATOR_MODULE} to the build, the dev server and the tests. */
export function markupValidatorPlugin(metaDir = 'schemas/meta'): Plugin {
  const meta = path.resolve(metaDir);
  return {
    name: 'plinth-markup-validator',
    resolveId: (id) => (id === MARKUP_VALIDATOR_MODULE ? RESOLVED : undefined),
    load(id) {
      if (id !== RESOLVED) return undefined;
      const source = markupValidatorSource(meta);
      this.addWatchFile(source.file);
      return source.code;
    },
  };
}

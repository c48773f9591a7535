import fs from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';
import { FLOW_AJV_OPTIONS } from '../../src/core/flows/flow-definition.ts';
import { createAjv } from '../../src/core/validation/ajv.ts';
import { standaloneModule } from './vite-widget-validators-plugin.ts';

export const FLOW_VALIDATOR_MODULE = 'virtual:plinth/flow-validator';
const RESOLVED = `\0${FLOW_VALIDATOR_MODULE}`;

/**
 * The flow meta-schema as validation code generated at build time with the server's options,
 * for the flow designer's live checks (the browser's script policy forbids ajv compiling
 * there). Exports `flowValidator`.
 */
export function flowValidatorSource(metaDir: string): { code: string; file: string } {
  const file = path.join(metaDir, 'flow.schema.json');
  const schema = JSON.parse(fs.readFileSync(file, 'utf8')) as { $id: string };
  const ajv = createAjv({ ...FLOW_AJV_OPTIONS, code: { source: true, esm: true } });
  ajv.addSchema(schema);
  return { code: `${standaloneModule(ajv, { flow: schema.$id })}export const flowValidator = flow;\n`, file };
}

/** Serves {@link FLOW_VALIDATOR_MODULE} to the build, the dev server and the tests. */
export function flowValidatorPlugin(metaDir = 'schemas/meta'): Plugin {
  const meta = path.resolve(metaDir);
  return {
    name: 'plinth-flow-validator',
    resolveId: (id) => (id === FLOW_VALIDATOR_MODULE ? RESOLVED : undefined),
    load(id) {
      if (id !== RESOLVED) return undefined;
      const source = flowValidatorSource(meta);
      this.addWatchFile(source.file);
      return source.code;
    },
  };
}

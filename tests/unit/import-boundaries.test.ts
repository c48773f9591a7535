import path from 'node:path';
import { ESLint } from 'eslint';
import tseslint from 'typescript-eslint';
import { beforeAll, describe, expect, it } from 'vitest';

/**
 * The folder boundaries of eslint.config.js (docs/boundaries.md), proved on probe imports:
 * each text is linted as if it were a file at `file`, with the project's own configuration.
 */
const ROOT = path.resolve(import.meta.dirname, '../..');

let eslint: ESLint;
beforeAll(() => {
  // A probe's path is in no TypeScript program (the file does not exist), so the probes are
  // linted without types: the import rules read only the text.
  eslint = new ESLint({ cwd: ROOT, overrideConfig: tseslint.configs.disableTypeChecked });
});

async function refusals(file: string, source: string): Promise<string[]> {
  const [result] = await eslint.lintText(`${source}\nexport const probe = value;\n`, { filePath: path.join(ROOT, file) });
  // A probe that could not be read would let every import through.
  expect(result!.messages.filter((m) => m.fatal)).toEqual([]);
  return result!.messages.filter((m) => m.ruleId === 'no-restricted-imports').map((m) => m.message);
}

describe('import boundaries', () => {
  it('refuses an import from src/core into src/server', async () => {
    const messages = await refusals('src/core/probe.ts', "import { value } from '../server/config.ts';");
    expect(messages).toEqual([expect.stringContaining('src/core is shared by the browser and the server')]);
  });

  it.each([
    ['src/core/pages/probe.ts', "import { value } from '../../web/app-services.ts';"],
    ['src/core/pages/probe.ts', "import { value } from '../../../widgets/registry.ts';"],
    ['src/core/probe.ts', "import { value } from 'node:fs';"],
    ['src/web/pages/plates/probe.ts', "import { value } from '../../../server/config.ts';"],
    ['widgets/chart/probe.ts', "import { value } from '../../src/server/config.ts';"],
    ['src/web/stores/probe.ts', "import { value } from '../pages/plates/editor/palette.ts';"],
    ['src/web/stores/probe.ts', "import { value } from '../../server/config.ts';"],
    ['src/web/ui/probe.ts', "import { value } from '../pages/documents/doc-library-store.ts';"],
    ['src/web/ui/probe.ts', "import { value } from '../../server/config.ts';"],
    ['src/web/drawing-kit/probe.ts', "import { value } from '../pages/drawings/markups/markup-store.ts';"],
    ['src/server/db/migrations/probe.ts', "import { value } from '../../modules/filestore/file-links.ts';"],
    ['src/server/db/probe.ts', "export { value } from '../modules/filestore/file-links.ts';"],
  ])('refuses %s: %s', async (file, source) => {
    expect(await refusals(file, source)).toHaveLength(1);
  });

  it.each([
    ['src/web/stores/probe.ts', "import { value } from '../../core/pages/page-config.ts';"],
    ['src/web/pages/probe.ts', "import { value } from '../../core/contracts/files.ts';"],
    ['src/web/pages/probe.ts', "import { value } from '../ui/use-save.ts';"],
    ['src/server/modules/probe.ts', "import { value } from '../db/json-column.ts';"],
    ['src/server/db/probe.ts', "import { value } from '../../core/forms/record-files.ts';"],
    ['tests/api/probe.ts', "import { value } from '../../src/server/config.ts';"],
    ['bench/probe.ts', "import { value } from '../src/server/modules/filestore/file-links.ts';"],
  ])('lets %s: %s', async (file, source) => {
    expect(await refusals(file, source)).toEqual([]);
  });
});

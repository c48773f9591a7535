import fs from 'node:fs';
import path from 'node:path';
import { configDefaults, defineConfig } from 'vitest/config';
import { flowValidatorPlugin } from './scripts/vite/vite-flow-validator-plugin.ts';
import { markupValidatorPlugin } from './scripts/vite/vite-markup-validator-plugin.ts';
import { formDesignValidatorPlugin } from './scripts/vite/vite-form-design-validator-plugin.ts';
import { widgetValidatorsPlugin } from './scripts/vite/vite-widget-validators-plugin.ts';

const SERVER_TESTS = ['tests/unit/**/*.test.{ts,tsx}', 'tests/api/**/*.test.ts'];

/**
 * The unit and API files that run on their own (see below): those that replace a module with
 * `vi.mock`, and those with a DOM of their own (`@vitest-environment`), whose React work left
 * queued in a shared scheduler would run after their window is gone and fail the next file.
 */
function filesRunApart(): string[] {
  const found: string[] = [];
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const file = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(file);
      else if (/\.test\.tsx?$/.test(entry.name) && /\bvi\.(mock|doMock)\(|@vitest-environment/.test(fs.readFileSync(file, 'utf8'))) found.push(file.split(path.sep).join('/'));
    }
  };
  for (const dir of ['tests/unit', 'tests/api']) walk(dir);
  return found;
}
const APART = filesRunApart();
/** The unit and API files run two at a time, one per core (a project's worker count is its own). */
const SERVER_RUN = { maxWorkers: 2, sequence: { groupOrder: 0 } };

export default defineConfig({
  // Widget props and form design validation are generated code, as in the build.
  plugins: [widgetValidatorsPlugin('widgets'), formDesignValidatorPlugin('schemas/meta'), flowValidatorPlugin('schemas/meta'), markupValidatorPlugin('schemas/meta')],
  test: {
    setupFiles: ['tests/helpers/password-cost.ts', 'tests/helpers/dom-teardown.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // A busy two-core machine may take more than the default second to show what a poll waits
    // for; a poll that succeeds returns at once, so only a failure waits this long.
    expect: { poll: { timeout: 10_000 } },
    pool: 'forks',
    reporters: ['default', './tests/summary-reporter.ts'],
    projects: [
      {
        extends: true,
        // The unit and API files share each worker's imported modules (the whole server, once per
        // worker instead of once per file: a third of their time). Each file still starts its own
        // app on its own database; what a file mocks or leaves in its DOM would reach the next, so
        // those files run apart.
        test: { name: 'server', include: SERVER_TESTS, exclude: [...configDefaults.exclude, ...APART], isolate: false, ...SERVER_RUN },
      },
      ...(APART.length ? [{ extends: true as const, test: { name: 'server-apart', include: APART, isolate: true, ...SERVER_RUN } }] : []),
      // One file at a time (E2E_WORKERS sets more, on a larger machine): on two cores, one file's
      // Chromium keeps them three-quarters busy, so a second browser file beside it gains about a
      // tenth. `npm run test:lanes` runs the server files beside them (scripts/test-lanes.ts). A
      // browser test that fails is run once more (E2E_RETRY=0 for none): on a machine this busy a
      // page may show what a test waits for after its wait; the summary names each that needed it.
      {
        extends: true,
        test: {
          name: 'browser',
          include: ['tests/e2e/**/*.test.ts'],
          maxWorkers: Number(process.env.E2E_WORKERS ?? 1),
          retry: Number(process.env.E2E_RETRY ?? 1),
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});

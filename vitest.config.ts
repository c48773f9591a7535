import { defineConfig } from 'vitest/config';
import { flowValidatorPlugin } from './src/web/forms/vite-flow-validator-plugin.ts';
import { formDesignValidatorPlugin } from './src/web/forms/vite-form-design-validator-plugin.ts';
import { widgetValidatorsPlugin } from './src/web/renderer/vite-widget-validators-plugin.ts';

const E2E = 'tests/e2e/**/*.test.ts';

export default defineConfig({
  // Widget props and form design validation are generated code, as in the build.
  plugins: [widgetValidatorsPlugin('widgets'), formDesignValidatorPlugin('schemas/meta'), flowValidatorPlugin('schemas/meta')],
  test: {
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: 'forks',
    // Two lanes, run side by side by tests/run-lanes.ts (npm test): the browser tests one file
    // at a time (each drives Chromium and a server of its own), and the unit and API tests.
    projects: [
      { extends: true, test: { name: 'e2e', include: [E2E], fileParallelism: false } },
      { extends: true, test: { name: 'unit-api', include: ['tests/**/*.test.ts', 'tests/**/*.test.tsx'], exclude: [E2E, '**/node_modules/**'] } },
    ],
    reporters: ['default', './tests/summary-reporter.ts'],
  },
});

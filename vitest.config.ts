import { defineConfig } from 'vitest/config';
import { flowValidatorPlugin } from './scripts/vite/vite-flow-validator-plugin.ts';
import { markupValidatorPlugin } from './scripts/vite/vite-markup-validator-plugin.ts';
import { formDesignValidatorPlugin } from './scripts/vite/vite-form-design-validator-plugin.ts';
import { widgetValidatorsPlugin } from './scripts/vite/vite-widget-validators-plugin.ts';

export default defineConfig({
  // Widget props and form design validation are generated code, as in the build.
  plugins: [widgetValidatorsPlugin('widgets'), formDesignValidatorPlugin('schemas/meta'), flowValidatorPlugin('schemas/meta'), markupValidatorPlugin('schemas/meta')],
  test: {
    include: ['tests/**/*.test.ts', 'tests/**/*.test.tsx'],
    setupFiles: ['tests/helpers/password-cost.ts', 'tests/helpers/dom-teardown.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // A busy two-core machine may take more than the default second to show what a poll waits
    // for; a poll that succeeds returns at once, so only a failure waits this long.
    expect: { poll: { timeout: 10_000 } },
    pool: 'forks',
    // One file at a time: the browser tests wait on real timers and animations, and a second
    // file running beside them on a two-core machine makes them miss. `npm run test:server`
    // runs the unit and API files two at a time first, with no browser beside them.
    maxWorkers: 1,
    reporters: ['default', './tests/summary-reporter.ts'],
  },
});

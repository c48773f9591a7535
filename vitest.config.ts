import { defineConfig } from 'vitest/config';
import { widgetValidatorsPlugin } from './src/web/renderer/vite-widget-validators-plugin.ts';

export default defineConfig({
  // Widget props validation is generated code, as in the build.
  plugins: [widgetValidatorsPlugin('widgets')],
  test: {
    include: ['tests/**/*.test.ts', 'tests/**/*.test.tsx'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: 'forks',
    reporters: ['default', './tests/summary-reporter.ts'],
  },
});

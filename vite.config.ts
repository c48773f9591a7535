import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { localesPlugin } from './scripts/vite/vite-locales-plugin.ts';
import { flowValidatorPlugin } from './scripts/vite/vite-flow-validator-plugin.ts';
import { markupValidatorPlugin } from './scripts/vite/vite-markup-validator-plugin.ts';
import { formDesignValidatorPlugin } from './scripts/vite/vite-form-design-validator-plugin.ts';
import { widgetValidatorsPlugin } from './scripts/vite/vite-widget-validators-plugin.ts';

export default defineConfig({
  plugins: [react(), localesPlugin('locales'), widgetValidatorsPlugin('widgets'), formDesignValidatorPlugin('schemas/meta'), flowValidatorPlugin('schemas/meta'), markupValidatorPlugin('schemas/meta')],
  base: '/',
  publicDir: false,
  build: {
    outDir: 'dist/web',
    emptyOutDir: true,
    // The CSP forbids inline scripts: keep Vite from inlining its module preload helper.
    modulePreload: { polyfill: false },
    assetsInlineLimit: 0,
  },
  server: {
    proxy: { '/api': 'http://localhost:8080' },
  },
});

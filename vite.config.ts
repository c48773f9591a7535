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
    // What every screen loads goes in two long-cached chunks: left to itself the bundler makes a
    // chunk of each antd component and icon, and a screen's first load asked for about 190 files
    // (now about 80), a sixth of its time to show.
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            { name: 'framework', test: /node_modules[\\/](react|react-dom|scheduler|mobx|mobx-react-lite|i18next|react-i18next|react-router|react-router-dom|dayjs)[\\/]/, priority: 30 },
            { name: 'antd', test: /node_modules[\\/](antd|@ant-design|@rc-component|rc-[a-z-]+|@babel[\\/]runtime|classnames|@emotion|stylis)[\\/]/, priority: 20, minShareCount: 2 },
          ],
        },
      },
    },
  },
  server: {
    proxy: { '/api': 'http://localhost:8080' },
  },
});

import js from '@eslint/js';
import globals from 'globals';
import tseslint from 'typescript-eslint';

// The folder boundaries. Imports inside the tree are relative (there are no path aliases), so
// an import leaves its folder by climbing `../` and naming another: these patterns match that.
// Tests, bench and scripts live outside these folders and may reach across.
const NODE_OR_REACT = {
  group: ['node:*', 'react', 'react-dom'],
  message: 'src/core runs in the browser and on the server: no Node or React imports.',
};
const OUT_OF_CORE = {
  regex: '^(\\.\\./)+(src/)?(server|web|widgets)/',
  message: 'src/core is shared by the browser and the server: it imports nothing from src/server, src/web or widgets/.',
};
const INTO_SERVER = {
  regex: '^(\\.\\./)+(src/)?server/',
  message: 'The web app and the widgets reach the server through its API (src/core/contracts), never by importing src/server.',
};
const INTO_MODULES = {
  regex: '^(\\.\\./)+modules/',
  message: 'src/server/db sits below the modules and imports none; a migration carries its own copy of what it needs.',
};
const INTO_SCREENS = {
  regex: '^(\\.\\./)+pages/',
  message: 'Global stores outlive the screens: src/web/stores imports nothing from src/web/pages.',
};
const UI_INTO_SCREENS = {
  regex: '^(\\.\\./)+pages/',
  message: 'The UI kit serves every screen: src/web/ui imports nothing from src/web/pages.',
};
const KIT_INTO_SCREENS = {
  regex: '^(\\.\\./)+pages/',
  message: 'The drawing kit (sheet view, markup shapes, drawing API) serves the drawing screens and the drawing widget: src/web/drawing-kit imports nothing from src/web/pages.',
};

export default tseslint.config(
  { ignores: ['dist/', 'data/', 'node_modules/', 'test-results/', 'bench/results/', 'media/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  // The type-checked rules (no-floating-promises and friends) on every TypeScript file, read
  // through one program: tsconfig.json, which holds the whole tree (docs/boundaries.md).
  {
    files: ['**/*.ts', '**/*.tsx'],
    extends: [tseslint.configs.recommendedTypeCheckedOnly],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      // An async function without await is meant: it meets a promise-returning interface (Fastify plugins, handlers and hooks, Kysely's driver, the blob store, test doubles) or turns a throw into a rejection.
      '@typescript-eslint/require-await': 'off',
      // react-router's navigate settles once the next screen is drawn and does not reject (a failing route shows its error element): no screen waits for it.
      '@typescript-eslint/no-floating-promises': ['error', { allowForKnownSafeCalls: [{ from: 'package', package: 'react-router', name: 'NavigateFunction' }] }],
    },
  },
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': ['error', { allow: ['warn', 'error'] }],
    },
  },
  // Which folder may import which (docs/boundaries.md). A rule set for a folder replaces the
  // one of the folder around it, so src/web/stores and src/web/ui repeat the web app's.
  {
    files: ['src/core/**'],
    rules: { 'no-restricted-imports': ['error', { patterns: [NODE_OR_REACT, OUT_OF_CORE] }] },
  },
  {
    files: ['src/web/**', 'widgets/**'],
    rules: { 'no-restricted-imports': ['error', { patterns: [INTO_SERVER] }] },
  },
  {
    files: ['src/web/stores/**'],
    rules: { 'no-restricted-imports': ['error', { patterns: [INTO_SERVER, INTO_SCREENS] }] },
  },
  {
    files: ['src/web/ui/**'],
    rules: { 'no-restricted-imports': ['error', { patterns: [INTO_SERVER, UI_INTO_SCREENS] }] },
  },
  {
    files: ['src/web/drawing-kit/**'],
    rules: { 'no-restricted-imports': ['error', { patterns: [INTO_SERVER, KIT_INTO_SCREENS] }] },
  },
  {
    files: ['src/server/db/**'],
    rules: { 'no-restricted-imports': ['error', { patterns: [INTO_MODULES] }] },
  },
  {
    files: ['tests/**'],
    rules: {
      // A test keeps a method to call it later on its own object (a stub's original, a prototype's).
      '@typescript-eslint/unbound-method': 'off',
      // Vitest types its asymmetric matchers (expect.any, expect.stringMatching...) as any, to stand in for any value.
      '@typescript-eslint/no-unsafe-assignment': 'off',
    },
  },
  {
    files: ['bench/**', 'src/server/main.ts', 'src/server/web-build.ts', 'tests/summary-reporter.ts', 'scripts/**'],
    rules: { 'no-console': 'off' },
  },
);

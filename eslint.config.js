// Import rules (docs/architecture.md "Layers and import rules"), enforced so that a new folder is protected without anyone remembering:
// shared imports neither server nor web (nor Node); web and server never import each other; a web feature
// never imports another feature (pages in app/ compose them) and components/lib never import features or app;
// a server module reaches another module only through that module's service files or use cases; services never import
// Fastify; nothing in src imports tests, scripts or bench; no import cycles.
import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import importX from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import reactHooks from 'eslint-plugin-react-hooks';
import jsxA11y from 'eslint-plugin-jsx-a11y';

const dirs = (path) =>
  readdirSync(path, { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .map((d) => d.name);
const features = dirs('src/web/features');
const modules = dirs('src/server/modules');

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', '.tmp/**', 'data/**', 'test-results/**', 'playwright-report/**'] },
  // A disable comment that no longer silences anything is removed, so the ones left each mark a real exception.
  { linterOptions: { reportUnusedDisableDirectives: 'error' } },
  // Every TypeScript file (app, tests, scripts, configs) gets typescript-eslint's recommended rules.
  { files: ['**/*.{ts,tsx}'], extends: [tseslint.configs.recommended] },
  {
    files: ['**/*.{ts,tsx}'],
    rules: {
      // A leading underscore marks a value left out on purpose (a column dropped from a spread, an unused callback argument).
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', ignoreRestSiblings: true }],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    languageOptions: { parser: tseslint.parser, parserOptions: { ecmaFeatures: { jsx: true } } },
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: './tsconfig.json' })],
      // import-x reads only the files whose extension it is told of (by default .js, .mjs, .cjs) and parses them with
      // the parser named here: without these two settings every .ts import was skipped and no-cycle never ran.
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
    },
    rules: {
      // ignoreExternal: a cycle is only ever ours, so node_modules are not walked.
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            { target: './src/shared', from: ['./src/server', './src/web'], message: 'src/shared is isomorphic: it imports neither server nor web.' },
            { target: './src/web', from: './src/server', message: 'The web app talks to the server over HTTP only.' },
            { target: './src/server', from: './src/web', message: 'The server never imports the web app.' },
            { target: './src', from: ['./tests', './scripts', './bench'], message: 'Nothing in src imports tests, scripts or bench.' },
            {
              target: ['./src/web/components', './src/web/lib'],
              from: ['./src/web/features', './src/web/app'],
              message: 'Shared web folders never import features or app.',
            },
            { target: './src/web/features', from: './src/web/app', message: 'Features never import app/: app/ composes features.' },
            ...features.map((f) => ({
              target: `./src/web/features/${f}`,
              from: './src/web/features',
              except: [`./${f}`],
              message: 'A feature never imports another feature: compose them in src/web/app.',
            })),
            ...modules.map((m) => ({
              target: `./src/server/modules/${m}`,
              from: './src/server/modules',
              except: [
                `./${m}`,
                ...modules
                  .filter((o) => o !== m)
                  .flatMap((o) => [
                    ...readdirSync(`src/server/modules/${o}`)
                      .filter((f) => /service\.ts$/.test(f))
                      .map((f) => `./${o}/${f}`),
                    // A module whose operations are one use case per file offers them all.
                    ...(dirs(`src/server/modules/${o}`).includes('use-cases') ? [`./${o}/use-cases`] : []),
                  ]),
              ],
              message: "A module uses another module only through that module's service files or use cases.",
            })),
          ],
        },
      ],
    },
  },
  {
    files: ['src/shared/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ group: ['node:*', 'fastify', 'react', 'react-dom'], message: 'src/shared is pure and isomorphic.' }] }],
    },
  },
  {
    files: ['src/server/modules/**/*service.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['fastify', 'fastify-*', '@fastify/*'], message: 'Services take plain arguments and never import Fastify.' }] },
      ],
    },
  },
  // React's rules of hooks and the React Compiler's checks (components pure, no state set during render or in effects).
  { files: ['src/web/**/*.{ts,tsx}'], extends: [reactHooks.configs.flat.recommended] },
  // Accessibility of what the web app renders: labels, roles, keyboard access, alt text.
  {
    files: ['src/web/**/*.tsx'],
    extends: [jsxA11y.flatConfigs.recommended],
    // Our form primitives (components/ui/input.tsx) are checked like the elements they render.
    settings: { 'jsx-a11y': { components: { Label: 'label', Input: 'input', Textarea: 'textarea', Select: 'select', Button: 'button' } } },
    // Choice labels wrap their control and a title with a description: their text sits three elements deep.
    rules: {
      'jsx-a11y/label-has-associated-control': ['error', { depth: 3 }],
      // `role` on our own components is a prop of theirs (DashboardShell's role="client" is the account's role), not ARIA.
      'jsx-a11y/aria-role': ['error', { ignoreNonDOM: true }],
    },
  },
  // Plain JavaScript (build scripts, benchmarks, this file) is not typechecked: ESLint's recommended rules find
  // undefined names and unused code there, with Node's globals.
  {
    files: ['**/*.{js,mjs}'],
    extends: [js.configs.recommended],
    languageOptions: { globals: globals.node },
    rules: { 'no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', ignoreRestSiblings: true }] },
  },
  // Scripts the browser journeys load into the page run in the browser.
  { files: ['tests/e2e/fixtures/**/*.js'], languageOptions: { globals: globals.browser } },
);

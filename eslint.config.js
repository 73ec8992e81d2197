import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import importPlugin from 'eslint-plugin-import';
import { floorZones } from './scripts/floors.mjs';

export default tseslint.config(
  { ignores: ['out/**', 'dist/**', 'node_modules/**', 'test-results/**', 'playwright-report/**'] },
  js.configs.recommended,
  ...tseslint.configs.strict,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }],
      'no-console': 'off',
    },
  },
  {
    files: ['renderer/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      // The process boundary: the renderer may take only the IPC contract's
      // types and the shared, dependency-free rules of electron/common/ from
      // the main side, and nothing from Node or Electron. A value from the
      // contract would pull zod (and what the schemas import) into the window,
      // so electron/ipc/ gives types only (`import type`).
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '(^|/)electron/(?!ipc/(contract|channels|result|api-types)$|common/)',
              message: 'The renderer may import only the IPC contract and electron/common/.',
            },
            {
              regex: '(^|/)electron/ipc/(contract|channels|result|api-types)$',
              allowTypeImports: true,
              message:
                'The renderer takes only types from electron/ipc/ (import type): a value from the contract would bring zod into the window. Shared values live in electron/common/.',
            },
            {
              regex: '^(node:|electron$)',
              message: 'The renderer has no Node or Electron access.',
            },
          ],
        },
      ],
    },
  },
  {
    // The core must run without Electron (CLI, tests): only the shell imports it.
    files: ['electron/**/*.ts'],
    ignores: ['electron/main.ts', 'electron/preload.ts', 'electron/shell/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: 'electron',
              message: 'Only electron/main.ts, preload.ts and shell/ may import electron.',
            },
          ],
        },
      ],
    },
  },
  {
    // Node reads the core as ES modules (the command line's tests, the e2e
    // bridge): a JSON file is imported only with its type said, or nothing loads.
    files: ['electron/**/*.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector:
            "ImportDeclaration[importKind!='type'][source.value=/\\.json$/][attributes.length=0]",
          message: "Import a JSON file with { type: 'json' }: Node loads no module without it.",
        },
      ],
    },
  },
  {
    // The shape holds without review: a file over 400 lines, or a function
    // over 150, does two things; and a module that imports itself through
    // others has no order to read it in (and may see half-built values).
    files: ['electron/**/*.ts', 'renderer/**/*.{ts,tsx}'],
    plugins: { import: importPlugin },
    settings: {
      'import/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      'import/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import/resolver': { node: { extensions: ['.ts', '.tsx', '.js', '.mjs'] } },
    },
    rules: {
      'max-lines': ['error', { max: 400 }],
      'max-lines-per-function': ['error', { max: 150, skipBlankLines: true, skipComments: true }],
      'import/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
  {
    // The floors (scripts/floors.mjs): a folder imports from its own floor and
    // those below, never up, types included; no exceptions.
    files: ['electron/**/*.ts'],
    plugins: { import: importPlugin },
    rules: {
      'import/no-restricted-paths': ['error', { zones: floorZones() }],
    },
  },
  {
    // The independent fake of the service is written from its interface
    // alone: were it to share the app's code (its client, its sandbox), a test
    // against it could pass because the two agree, not because the app is right.
    files: ['test/fakes/verification/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/electron/**', '**/renderer/**'],
              message: 'The fake is written from the interface alone: nothing of the app.',
            },
          ],
        },
      ],
    },
  },
);

import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import { boundaries } from './tools/eslint/boundaries.mjs';

export default tseslint.config(
  {
    ignores: ['**/dist/**', '**/node_modules/**', '**/__generated__/**', '**/.data/**', '**/coverage/**', '**/test-results/**', '**/playwright-report/**'],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    plugins: { embark: { rules: { boundaries } } },
    languageOptions: { globals: { ...globals.node }, ecmaVersion: 2023, sourceType: 'module' },
    rules: {
      'embark/boundaries': 'error',
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-console': ['error', { allow: ['warn', 'error', 'info'] }],
    },
  },
  {
    files: ['shell/src/**', 'employee-mfe/src/**', 'admin-mfe/src/**', 'shared-ui/src/**'],
    plugins: { 'react-hooks': reactHooks },
    languageOptions: { globals: { ...globals.browser } },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
  {
    // Remotes must not import the gateway's code, even through a path; schema.graphql is the contract.
    files: ['employee-mfe/src/**', 'admin-mfe/src/**', 'shell/src/**', 'shared-ui/src/**'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ group: ['**/gateway/**', '@embark/gateway*'], message: 'Front ends use schema.graphql through generated types, never gateway code.' }] }],
    },
  },
);

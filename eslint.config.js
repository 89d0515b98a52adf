import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import { webLayersPlugin } from './web/src/architecture/webLayers.js';

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      // server/scripts/build.mjs writes beside dist and swaps the result in; npm test builds
      // while the linters run.
      '**/dist.*/**',
      '**/dist-ssr/**',
      '.data/**',
      '**/.data/**',
      'e2e/artifacts/**',
      '**/.scratch/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    languageOptions: {
      parserOptions: {
        projectService: { allowDefaultProject: ['vitest.config.ts'] },
        tsconfigRootDir: import.meta.dirname,
      },
    },
    rules: {
      eqeqeq: ['error', 'always'],
      curly: ['error', 'all'],
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    // The contract is imported by everyone and imports nothing of ours.
    files: ['packages/contract/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: ['@portal/server*', '@portal/web*', '**/server/**', '**/web/**'] },
      ],
    },
  },
  {
    // The web never imports server code.
    files: ['web/**/*.{ts,tsx}'],
    rules: { 'no-restricted-imports': ['error', { patterns: ['@portal/server*', '**/server/**'] }] },
  },
  {
    // Web layers: app → features → entities → app/session → components/api; no feature imports
    // another feature's files (web/src/architecture/webLayers.js, README "Web seams").
    files: ['web/src/**/*.{ts,tsx}'],
    plugins: { web: webLayersPlugin },
    rules: { 'web/layers': 'error' },
  },
  {
    files: ['**/*.{js,mjs}'],
    languageOptions: { globals: { process: 'readonly', console: 'readonly', URL: 'readonly' } },
  },
);

// ESLint (flat config): typescript-eslint's recommended rules; formatting is Prettier's (npm run format).
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import prettier from 'eslint-config-prettier';

const nodeGlobals = { require: 'readonly', module: 'writable', process: 'readonly', __dirname: 'readonly', console: 'readonly' };

export default tseslint.config(
  {
    ignores: [
      'node_modules/',
      'dist/',
      'dist-bench/',
      'dist-test/',
      'data/',
      'coverage/',
      'test-artifacts/',
      'clients/typescript/schema.ts',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  prettier,
  // a stale eslint-disable comment is an error: a suppression outlives the reason it was written for
  { linterOptions: { reportUnusedDisableDirectives: 'error' } },
  {
    // rules that need the types (the TypeScript program of tsconfig.json, through the project service)
    files: ['src/**/*.ts', 'test/**/*.ts', 'ormconfig.ts'],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      // a promise nobody awaits loses its rejection (an unhandled rejection ends the process)
      '@typescript-eslint/no-floating-promises': 'error',
      // a promise where a boolean or a void callback is expected (an `if`, an event handler)
      '@typescript-eslint/no-misused-promises': 'error',
      '@typescript-eslint/await-thenable': 'error',
      // a switch over a union handles each member, or says what the rest do (`default`)
      '@typescript-eslint/switch-exhaustiveness-check': 'error',
    },
  },
  {
    rules: {
      // `_name` marks a binding kept on purpose (a destructured-away field, an unused callback argument)
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_', ignoreRestSiblings: true },
      ],
    },
  },
  // tests read JSON answers of every shape: `any` there is the honest type
  { files: ['test/**/*.ts', 'src/**/*.spec.ts'], rules: { '@typescript-eslint/no-explicit-any': 'off' } },
  {
    files: ['**/*.js', '**/*.cjs'],
    languageOptions: { sourceType: 'commonjs', globals: nodeGlobals },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
);

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

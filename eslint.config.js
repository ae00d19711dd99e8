// ESLint runs after Prettier in `npm run lint`: TypeScript's recommended rules (syntax only, no type information,
// to stay fast) and React's rules of hooks for the two clients.
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  // A disable comment that silences nothing is an error: it would hide the next real finding on its line.
  { linterOptions: { reportUnusedDisableDirectives: 'error' } },
  { ignores: ['dist/', 'dist-server/', 'coverage/', 'test-results/', 'playwright-report/', 'public/', 'tests/.tmp/'] },
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    rules: {
      // A leading underscore names a value left out on purpose (`const { password: _p, ...rest } = user`).
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_', ignoreRestSiblings: true },
      ],
      // `let { server, seconds } = ...` stays `let` when one of the two is assigned again.
      'prefer-const': ['error', { destructuring: 'all' }],
    },
  },
  {
    // Build scripts run on Node outside tsc's program; these are the globals they use.
    files: ['**/*.{js,mjs}'],
    languageOptions: { globals: { process: 'readonly', console: 'readonly', URL: 'readonly' } },
  },
  {
    files: ['src/client/**/*.{ts,tsx}', 'src/desktop/**/*.{ts,tsx}', 'src/mobile/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
);

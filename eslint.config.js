// @ts-check
/**
 * Lint. TypeScript: ESLint's recommended rules and typescript-eslint's `strictTypeChecked` and
 * `stylisticTypeChecked` presets, type-aware over every TypeScript file of the workspace (each package's
 * tsconfig.json, found by the project service), with the few rules below turned off or tuned, each saying why. JavaScript (the jest configs, .ci/,
 * scripts/, the apps' bin/ and scripts/, this file): ESLint's recommended rules with Node's globals; no
 * tsconfig covers those files, so no type-aware rule reads them. Formatting is Prettier's business
 * (.prettierrc.json), not the linter's. docs/development.md says how the choices were made.
 */
import js from '@eslint/js';
import { defineConfig } from 'eslint/config';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default defineConfig(
  // The import fixtures are the platforms' own files, byte for byte (as in .prettierignore).
  { ignores: ['**/dist/**', '**/node_modules/**', '**/coverage/**', 'data/**', '**/test/fixtures/**'] },
  { linterOptions: { reportUnusedDisableDirectives: 'error' } },
  {
    files: ['**/*.js', '**/*.mjs'],
    extends: [js.configs.recommended],
    languageOptions: { ecmaVersion: 'latest', sourceType: 'module', globals: { ...globals.node } },
  },
  {
    files: ['**/*.ts'],
    extends: [js.configs.recommended, tseslint.configs.strictTypeChecked, tseslint.configs.stylisticTypeChecked],
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      // noUncheckedIndexedAccess makes every index `T | undefined`; `!` after an index the code has just
      // bounded is the idiom here, and the rule would trade it for casts or branches that cannot run.
      '@typescript-eslint/no-non-null-assertion': 'off',
      // Drivers and Node hand back less than their types say (PostgreSQL's bigint as a string, `isTTY`
      // undefined off a terminal): `Number(…)`, `String(…)`, `Boolean(…)` there are runtime conversions.
      '@typescript-eslint/no-unnecessary-type-conversion': 'off',
      // `async` without `await` is how a synchronous body meets a Promise-returning interface, and it
      // turns a synchronous throw into a rejection that callers handle; dropping it would change that.
      '@typescript-eslint/require-await': 'off',
      // It takes declared types at their word, and the guards it calls dead are there because they lie:
      // JavaScript callers of the clients, regex groups that did not match, flags that callbacks set.
      '@typescript-eslint/no-unnecessary-condition': 'off',
      // `<T>(text: string): T` is the typed JSON.parse of a column whose JSON the code itself wrote.
      '@typescript-eslint/no-unnecessary-type-parameters': 'off',
      // Its reports are `String(value)` of JSON values typed `unknown` (a column, a field, a parameter):
      // text on purpose. An object in a template literal is still caught (restrict-template-expressions).
      '@typescript-eslint/no-base-to-string': 'off',
      // `delete` by a runtime key is how a variable leaves process.env and a field leaves an answer.
      '@typescript-eslint/no-dynamic-delete': 'off',
      // Numbers read as they should in messages and SQL text; the rest of the strict options stay.
      '@typescript-eslint/restrict-template-expressions': ['error', { allowNumber: true }],
      // `() => void x` and `(e) => console.log(e)` as one-line callbacks are plain enough.
      '@typescript-eslint/no-confusing-void-expression': ['error', { ignoreArrowShorthand: true }],
      // An empty arrow is the no-op callback and the deliberately swallowed rejection (`.catch(() => {})`).
      '@typescript-eslint/no-empty-function': ['error', { allow: ['arrowFunctions'] }],
      // `||` on strings is meant: an empty environment variable or token counts as absent.
      '@typescript-eslint/prefer-nullish-coalescing': ['error', { ignorePrimitives: { string: true } }],
      // `[...text]` splits a string into code points, which is what the code counts and cuts by.
      '@typescript-eslint/no-misused-spread': ['error', { allow: ['string'] }],
      // `_name` marks what is left unused on purpose; a rest sibling is how a key is dropped from a copy.
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_', ignoreRestSiblings: true },
      ],
    },
  },
  {
    // Tests read JSON bodies and poke at fakes: `any` there is checked by the assertions themselves,
    // so the `any` rules are off, and a fake may stand for a class instance (`{} as ServerResponse`);
    // the promise rules stay (an unawaited assertion is a test that cannot fail).
    files: ['**/*.test.ts', '**/test/**/*.ts', '**/*.case.ts'],
    rules: {
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-unsafe-class-instance-assignment': 'off',
    },
  },
);

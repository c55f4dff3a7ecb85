// ESLint (npm run lint): typescript-eslint's strict, type-checked rules over src/, test/, bench/
// and scripts/, with the exceptions below, each for a reason of this code base.
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['dist/', 'packages/*/dist/', 'packages/client/src/schema.d.ts', 'node_modules/', 'data/', 'bench/.data/', '**/*.mjs', 'eslint.config.js'] },
  ...tseslint.configs.strictTypeChecked,
  {
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      // Numbers and booleans in messages are what they look like; objects and nullish values are still caught.
      '@typescript-eslint/restrict-template-expressions': ['error', { allowNumber: true, allowBoolean: true }],
      // tsconfig has noUncheckedIndexedAccess: `list[i]!` marks an index known to be there.
      '@typescript-eslint/no-non-null-assertion': 'off',
      // PostgreSQL returns bigint ids and counts as strings where the row types say number: the
      // Number() casts are needed at run time whatever the types say.
      '@typescript-eslint/no-unnecessary-type-conversion': 'off',
      // `() => void x.push(y)` and `() => x.push(y)` in callbacks read fine.
      '@typescript-eslint/no-confusing-void-expression': ['error', { ignoreArrowShorthand: true, ignoreVoidOperator: true }],
      // Fastify hooks and handlers are async by contract, with or without an await inside.
      '@typescript-eslint/require-await': 'off',
      // `_`-names are deliberately unused (a rest sibling dropped, a required parameter).
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', ignoreRestSiblings: true }],
    },
  },
  {
    // Kysely migrations take Kysely<any>: a migration must not depend on today's row types, and a
    // landed migration is never edited, not even for lint or format (Prettier skips them too).
    files: ['src/core/db/migrations/*.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'off', '@typescript-eslint/no-unused-vars': 'off' },
  },
  {
    // node:test's describe/it return promises the runner awaits itself; response bodies read with
    // res.json() are `any` by design of light-my-request, and the assertions are the check.
    files: ['test/**/*.ts'],
    rules: {
      '@typescript-eslint/no-floating-promises': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
    },
  },
);

import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

const rootActorMessage = 'Create root actors with src/lib/root-actors (same signatures), so that the dev statechart inspector sees them.';

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', 'data/**', 'src/routeTree.gen.ts', 'bench/results/**', 'tests/e2e/screenshots/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-console': 'off',
    },
  },
  {
    // Views render state; reads belong to route loaders and flows to machines, which alone call the API.
    files: ['src/ui/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-globals': [
        'error',
        { name: 'AbortController', message: 'A view does not fetch: cancel a read by leaving its machine state or route.' },
      ],
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/api', '**/api/**'],
              allowTypeImports: true,
              message: 'src/ui may import only types from src/api: reads belong to route loaders (src/loaders), flows to machines (src/machines).',
            },
          ],
        },
      ],
    },
  },
  {
    // Root actors are created in one place, which attaches the dev statechart inspector (src/dev/inspector).
    files: ['src/**/*.{ts,tsx}'],
    ignores: ['src/lib/root-actors.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            { name: 'xstate', importNames: ['createActor', 'interpret'], message: rootActorMessage },
            { name: '@xstate/react', importNames: ['useActorRef', 'useMachine', 'useActor', 'createActorContext'], message: rootActorMessage },
          ],
        },
      ],
    },
  },
  {
    // A server route is declared with its access rule, by contract() (server/http/contract.ts), never bare.
    files: ['server/**/*.ts'],
    ignores: ['server/http/contract.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: '@hono/zod-openapi',
              importNames: ['createRoute'],
              message: 'Declare a route with contract() from server/http/contract.ts, which takes its access rule.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  },
);

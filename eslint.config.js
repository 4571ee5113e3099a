// @ts-check
import js from '@eslint/js';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import { readdirSync } from 'node:fs';
import tseslint from 'typescript-eslint';

/**
 * The web app's features, read from their folders so that a new one is guarded from the start. None
 * imports another (CONVENTIONS.md §1), but for the shared ones, the storyline editor and its "play
 * every path" panel: they have no route, the wizard and the detail page use them through their
 * index.ts only, and they import no other feature.
 */
const WEB_FEATURES = readdirSync(new URL('./apps/web/src/features', import.meta.url), {
  withFileTypes: true,
})
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const SHARED_FEATURES = ['storyline', 'story-paths'];

/** packages/core runs in Node, browsers and the player alike. */
const CORE_NO_PLATFORM = {
  group: ['node:*', 'fs', 'path', 'crypto', 'react', 'react-dom'],
  message: 'packages/core uses no Node or DOM API.',
};

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      'apps/*/dist.*/**',
      '**/node_modules/**',
      'data/**',
      '.e2e-data/**',
      'test-results/**',
      'playwright-report/**',
      'apps/server/src/db/migrations/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    plugins: { 'import-x': importX },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'import-x/no-cycle': 'error',
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            // core is shared by everyone and depends on nobody.
            {
              target: './packages/core',
              from: './apps',
              message: 'packages/core imports no app code.',
            },
            // the server and the web app meet only through packages/core.
            { target: './apps/server', from: './apps/web' },
            { target: './apps/web', from: './apps/server' },
            // the player bundle stands alone: it shares code with nobody but core.
            {
              target: './apps/player',
              from: ['./apps/server', './apps/web'],
              message: 'The player imports no other app.',
            },
            // web: shared → features → app.
            {
              target: ['./apps/web/src/api', './apps/web/src/components', './apps/web/src/lib'],
              from: ['./apps/web/src/features', './apps/web/src/app'],
              message: 'Shared web code must not depend on features or the app.',
            },
            {
              target: './apps/web/src/features',
              from: './apps/web/src/app',
              message: 'Features must not depend on the app layer.',
            },
            {
              target: './apps/web/src/app',
              from: SHARED_FEATURES.map((shared) => `./apps/web/src/features/${shared}`),
              message: 'The shared features have no route: features use them, the app does not.',
            },
            ...WEB_FEATURES.map((feature) => ({
              target: `./apps/web/src/features/${feature}`,
              from: './apps/web/src/features',
              except: SHARED_FEATURES.includes(feature)
                ? [`./${feature}`]
                : [`./${feature}`, ...SHARED_FEATURES.map((shared) => `./${shared}/index.ts`)],
              message: `A feature must not import another feature, but for ${SHARED_FEATURES.map((shared) => `features/${shared}/index.ts`).join(' and ')}; those import none.`,
            })),
          ],
        },
      ],
    },
  },
  {
    // core runs in Node, browsers and the player alike: no platform APIs.
    files: ['packages/core/**/*.ts'],
    languageOptions: { globals: {} },
    rules: {
      'no-restricted-imports': ['error', { patterns: [CORE_NO_PLATFORM] }],
      'no-restricted-globals': ['error', 'window', 'document', 'process', 'Buffer', 'localStorage'],
    },
  },
  {
    // core's rules are zod-free, so that the player imports them by subpath without zod: only the
    // schema modules (*.schema.ts) and the root entry import zod or a schema module's values.
    files: ['packages/core/**/*.ts'],
    ignores: [
      'packages/core/src/**/*.schema.ts',
      'packages/core/src/**/*.schema.test.ts',
      'packages/core/src/index.ts',
    ],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [{ name: 'zod', message: 'Only *.schema.ts modules of core import zod.' }],
          patterns: [
            CORE_NO_PLATFORM,
            {
              group: ['*.schema.ts'],
              allowTypeImports: true,
              message: 'A rule imports no schema (schemas import rules); `import type` is fine.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/server/src/**/*.ts'],
    ignores: [
      'apps/server/src/config/env.ts',
      'apps/server/src/**/*.test.ts',
      'apps/server/src/test/**',
    ],
    rules: {
      'no-restricted-properties': [
        'error',
        {
          object: 'process',
          property: 'env',
          message: 'Read configuration through config/env.ts.',
        },
      ],
    },
  },
  {
    files: ['apps/server/src/**/*.service.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['fastify', '@fastify/*', 'drizzle-orm', 'drizzle-orm/*'],
              message: 'Services hold rules: no HTTP, no SQL.',
            },
          ],
        },
      ],
    },
  },
  {
    // the player is a small bundle for the /watch page: browser only, no UI framework. Its tests
    // and build configuration (the Vite configs and their plugins in vite/) run in Node.
    files: ['apps/player/**/*.ts'],
    ignores: [
      'apps/player/**/*.test.ts',
      'apps/player/**/test/**',
      'apps/player/*.config.ts',
      'apps/player/vite/**',
    ],
    languageOptions: { globals: { ...globals.browser } },
    rules: {
      'no-restricted-imports': [
        'error',
        {
          // core's root entry carries zod: the player imports core's zod-free subpaths.
          paths: [
            {
              name: '@plotline/core',
              allowTypeImports: true,
              message:
                "The player carries no zod: import the value from a subpath ('@plotline/core/publishing').",
            },
            { name: 'zod', message: 'The player carries no zod.' },
          ],
          patterns: [
            {
              group: ['react', 'react-dom', '@mui/*', 'node:*'],
              message: 'The player bundle stays small: no UI framework, no Node.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
);

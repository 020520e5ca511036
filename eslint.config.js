import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import globals from 'globals';
import importPlugin from 'eslint-plugin-import';
import tableOwners from './eslint-rules/table-owners.js';

// Physical-direction Tailwind utilities break RTL layouts; only logical ones are allowed.
const physicalClass =
  /(^|\s|["'`])-?(ml|mr|pl|pr|left|right|rounded-l|rounded-r|rounded-tl|rounded-tr|rounded-bl|rounded-br|border-l|border-r|scroll-ml|scroll-mr)-[0-9a-z[]|(^|\s|["'`])text-(left|right)(\s|$|["'`])/;

const apiSrc = new URL('./apps/api/src/', import.meta.url);
const apiModules = readdirSync(new URL('modules/', apiSrc));
/** Everything in apps/api/src: the modules' directories and the rest, one entry each. */
const apiParts = readdirSync(apiSrc).flatMap((entry) =>
  entry === 'modules'
    ? apiModules.map((m) => `./apps/api/src/modules/${m}`)
    : [`./apps/api/src/${entry}`],
);

/** Which part of the tree may import which (docs/decisions/016-module-boundaries.md). */
const boundaryZones = [
  // A module's front door (modules/<x>/index.ts) is the only file anything outside it imports.
  ...apiModules.map((module) => ({
    target: apiParts.filter((part) => part !== `./apps/api/src/modules/${module}`),
    from: `./apps/api/src/modules/${module}`,
    except: ['./index.ts'],
    message: `Import the ${module} module through its front door, modules/${module}/index.ts.`,
  })),
  {
    target: './packages/contracts',
    from: ['./apps', './tools'],
    message: 'The contracts are shared by everyone and import no application.',
  },
  {
    target: './apps/web',
    from: ['./apps/api', './tools'],
    message: 'The web app talks to the API over HTTP only.',
  },
  {
    target: './apps/api/src',
    from: './apps/web',
    message: 'The API does not import the web app.',
  },
  {
    target: './tools/salla-sandbox',
    from: './apps',
    message: 'The sandbox stands in for Salla and knows nothing of Nuqat.',
  },
  {
    target: ['./apps/api/src/lib', './apps/api/src/db'],
    from: ['./apps/api/src/modules', './apps/api/src/plugins'],
    message: 'lib/ and db/ are below the modules and plugins that use them.',
  },
  // One zone per feature: it may import itself, no other feature.
  ...readdirSync(new URL('./apps/web/src/features/', import.meta.url)).map((feature) => ({
    target: `./apps/web/src/features/${feature}`,
    from: './apps/web/src/features',
    except: [`./${feature}`],
    message: 'Features do not import each other; shared pieces go to components/ or lib/.',
  })),
  {
    target: [
      './apps/web/src/features',
      './apps/web/src/components',
      './apps/web/src/lib',
      './apps/web/src/shopper',
      './apps/web/src/snippet',
    ],
    from: './apps/web/src/app',
    message: 'app/ composes the features; nothing below it imports app/.',
  },
  {
    target: ['./apps/web/src/components', './apps/web/src/lib'],
    from: './apps/web/src/features',
    message: 'Shared components and lib know no feature.',
  },
  {
    target: ['./apps/web/src/shopper', './apps/web/src/snippet'],
    from: ['./apps/web/src/features', './apps/web/src/app'],
    message:
      'The shopper page and the storefront snippet ship on their own, without the back-office.',
  },
];

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', '.data/**', 'coverage/**', 'e2e/artifacts/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': ['error', { allow: ['warn', 'error'] }],
    },
  },
  {
    // Type-aware: a promise nobody awaits or catches loses its error (and, in a handler, the
    // request's outcome).
    files: [
      'apps/api/src/**/*.ts',
      'apps/web/src/**/*.{ts,tsx}',
      'packages/contracts/src/**/*.ts',
      'tools/salla-sandbox/src/**/*.ts',
    ],
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
    },
  },
  {
    // The layout's promises (docs/decisions/016-module-boundaries.md), checked on every file.
    files: [
      'apps/api/src/**/*.ts',
      'apps/web/src/**/*.{ts,tsx}',
      'packages/contracts/src/**/*.ts',
      'tools/salla-sandbox/src/**/*.ts',
    ],
    plugins: { import: importPlugin },
    settings: {
      // Dependencies are parsed as TypeScript, so imports of .ts files resolve.
      'import/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      'import/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import/resolver': {
        typescript: {
          project: [
            'apps/api/tsconfig.json',
            'apps/web/tsconfig.json',
            'packages/contracts/tsconfig.json',
            'tools/salla-sandbox/tsconfig.json',
          ],
        },
      },
    },
    rules: {
      'import/no-restricted-paths': ['error', { zones: boundaryZones }],
    },
  },
  {
    // The Salla sandbox stands in for Salla in tests and in the demo, never in the product.
    files: ['apps/api/src/**/*.ts'],
    ignores: ['apps/api/src/**/*.test.ts', 'apps/api/src/test/**', 'apps/api/src/demo/**'],
    rules: {
      'import/no-restricted-paths': [
        'error',
        {
          zones: [
            ...boundaryZones,
            {
              target: './apps/api/src',
              from: './tools',
              message: 'Only tests and the demo (loaded with DEMO=1) use the Salla sandbox.',
            },
          ],
        },
      ],
    },
  },
  {
    // Repositories are the only files that read or write Drizzle tables (types may travel).
    files: ['apps/api/src/**/*.ts'],
    ignores: [
      'apps/api/src/**/*.repository.ts',
      'apps/api/src/db/**',
      'apps/api/src/**/*.test.ts',
      'apps/api/src/test/**',
    ],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/db/schema/*', '**/db/schema'],
              allowTypeImports: true,
              message: 'Only repositories import Drizzle tables; use or add a repository function.',
            },
          ],
        },
      ],
    },
  },
  {
    // One owner per table (apps/api/src/db/table-owners.json): only it writes the table.
    files: ['apps/api/src/**/*.ts'],
    ignores: ['apps/api/src/**/*.test.ts', 'apps/api/src/test/**', 'apps/api/src/db/**'],
    plugins: { nuqat: tableOwners },
    rules: { 'nuqat/table-owners': 'error' },
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks, 'jsx-a11y': jsxA11y },
    rules: {
      ...reactHooks.configs.recommended.rules,
      ...jsxA11y.flatConfigs.recommended.rules,
      'no-restricted-syntax': [
        'error',
        {
          selector: `Literal[value=/${physicalClass.source.replace(/\//g, '\\/')}/]`,
          message:
            'Use logical Tailwind utilities (ms-/me-/ps-/pe-/start-/end-/text-start/text-end).',
        },
        {
          selector: `TemplateElement[value.raw=/${physicalClass.source.replace(/\//g, '\\/')}/]`,
          message:
            'Use logical Tailwind utilities (ms-/me-/ps-/pe-/start-/end-/text-start/text-end).',
        },
      ],
    },
  },
  {
    files: ['apps/api/src/cli/**', 'scripts/**', 'bench/**', 'tools/**', 'e2e/**', '.ci/**'],
    rules: { 'no-console': 'off' },
  },
);

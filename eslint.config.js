// The import directions of docs/architecture.md §2 are enforced here, so a wrong import fails
// `npm test` rather than a review.
import js from '@eslint/js';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

// The dashboard is a shell (layout, sync indicator) plus one feature per screen, over the
// shared forms layer in src/components/forms; none of them may import another.
const features = [
  'marketing',
  'legal',
  'faq',
  'issue',
  'auth',
  'dashboard',
  'events',
  'business',
  'profile',
  'outbox',
  'poster',
];

// SQL lives in server/db: per-table query modules (queries/), the migrations and the
// client. Routes and services call named query functions, so any statement is found
// by its table's name. A string that starts like an (upper-case) statement is SQL.
const sqlStatement = /^\s*(SELECT|INSERT\s+INTO|UPDATE\s+\w+[\s\w]*\sSET|DELETE\s+FROM|CREATE|DROP|ALTER|VACUUM)\s/;
// The server's layers (architecture §2): routes (and the HTTP plumbing in http/) call
// services, services call the queries in db/. A service knows nothing of HTTP: it throws a
// domain error (server/services/domain-errors.ts) and app.onError gives it its status.
const serverTop = ['./server/app.ts', './server/index.ts', './server/cli', './server/runtime'];
const serverLayers = [
  {
    target: './server/services',
    from: ['./server/http', './server/routes', './server/pages', ...serverTop],
    message: 'Services know no HTTP: throw a domain error (server/services/domain-errors.ts).',
  },
  {
    target: './server/db',
    from: ['./server/services', './server/http', './server/routes', './server/pages', ...serverTop],
    message: 'server/db is the bottom layer: services call it, not the other way round.',
  },
  { target: ['./server/http', './server/pages'], from: ['./server/routes', ...serverTop] },
];

const sqlOutsideDb = [
  ['Literal', 'value'],
  ['TemplateElement', 'value.raw'],
].map(([node, text]) => ({
  selector: `${node}[${text}=/${sqlStatement.source}/]`,
  message: 'SQL belongs in server/db/queries/<table>.ts: add a named query there and call it.',
}));

export default tseslint.config(
  { ignores: ['dist', 'dist-server', 'node_modules', 'test-results', 'playwright-report', 'data', '.tmp'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  { files: ['**/*.{js,mjs}'], languageOptions: { globals: { ...globals.node } } },
  {
    files: ['**/*.{ts,tsx}'],
    plugins: { 'import-x': importX, 'react-hooks': reactHooks },
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    // import-x reads only .js files unless told; no-restricted-paths must follow our .ts/.tsx imports.
    settings: {
      'import-x/extensions': ['.ts', '.tsx'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
    },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      // Cycles are not looked for here: tests/build/modules-import-without-cycles.test.ts walks every
      // import kind in a fraction of a second, where import-x/no-cycle was half of this lint's CPU
      // and skipped type-only imports.
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            // shared runs in the page and the service worker: nothing of ours but itself.
            { target: './src/shared', from: './src', except: ['./shared'] },
            { target: './src/shared', from: './sw' },
            { target: './src/shared', from: './server' },
            // lib, components, stores, content sit below the features and the app.
            ...['lib', 'components', 'stores', 'content'].flatMap((layer) => [
              { target: `./src/${layer}`, from: './src/features' },
              { target: `./src/${layer}`, from: './src/app' },
            ]),
            // Features never import one another, nor the app.
            ...features.flatMap((feature) => [
              { target: `./src/features/${feature}`, from: './src/app' },
              ...features
                .filter((other) => other !== feature)
                .map((other) => ({ target: `./src/features/${feature}`, from: `./src/features/${other}` })),
            ]),
            // The worker sees only shared code; the server only the contract.
            { target: './sw', from: './src', except: ['./shared'] },
            // Public listing pages are rendered with the dashboard preview's own view
            // (src/components/listing: no hooks, no CSS, no DOM) and list the
            // prerendered routes in the sitemap (src/content/page-meta.ts: data);
            // weekly series read the same way on the page and in the dashboard (src/shared/calendar).
            {
              target: './server',
              from: './src',
              except: [
                './shared/contract',
                './shared/calendar',
                './brand.ts',
                './components/listing',
                './components/weekdays.ts',
                './content/page-meta.ts',
              ],
            },
            ...serverLayers,
          ],
        },
      ],
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: 'workbox-window',
              message: 'Only src/lib/sw-bridge.ts and sw-control.ts talk to the service worker.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['src/lib/sw-bridge.ts', 'src/lib/sw-control.ts'],
    rules: { 'no-restricted-imports': 'off' },
  },
  {
    files: ['src/**/*.{ts,tsx}', 'sw/**/*.ts'],
    ignores: ['src/shared/db/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: 'workbox-window',
              message: 'Only src/lib/sw-bridge.ts and sw-control.ts talk to the service worker.',
            },
            { name: 'idb', message: 'Only src/shared/db opens IndexedDB.' },
            ...['react-router', 'react-router-dom'].map((name) => ({
              name,
              importNames: ['Link', 'NavLink'],
              message: "Use src/components/link.tsx: react-router's own add ~2.6 KB to every first visit.",
            })),
          ],
        },
      ],
    },
  },
  {
    files: ['src/lib/sw-bridge.ts', 'src/lib/sw-control.ts'],
    rules: {
      'no-restricted-imports': ['error', { paths: [{ name: 'idb', message: 'Only src/shared/db opens IndexedDB.' }] }],
    },
  },
  {
    files: ['server/**/*.ts'],
    ignores: ['server/db/**'],
    rules: { 'no-restricted-syntax': ['error', ...sqlOutsideDb] },
  },
  {
    // Services import no web framework either (serverLayers keeps them out of our own http/).
    files: ['server/services/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['hono', 'hono/*', '@hono/*'],
              message: 'Services know no HTTP: throw a domain error (server/services/domain-errors.ts).',
            },
          ],
        },
      ],
    },
  },
);

/**
 * Module boundaries of the server (checked by `npm run lint` through scripts/check-modules.mjs).
 *
 * - A module's tables (`modules/<m>/schema.ts`) are its own: no other module's file imports them.
 *   The one exception is a schema file naming another module's table for a foreign key.
 * - Another module is used through its public file, `modules/<m>/index.ts`, only.
 * - Modules form layers: a module imports only modules listed before it in MODULE_ORDER, so there
 *   is no module-level cycle. Where a lower module needs something of a higher one, the higher one
 *   registers a hook with it at start-up or subscribes to its domain event.
 * Test files (`*.test.ts`, `test-*.ts`, `*-test-utils.ts`) may seed and inspect any module.
 * ARCHITECTURE.md explains each layer; the order below is the source of truth.
 */

/** Lowest first (apps/server/module-order.json). */
const MODULE_ORDER = require('./apps/server/module-order.json').order;

const MODULES = '^apps/server/src/modules/';
const TEST_FILES = '(\\.test\\.ts|/test-[a-z0-9-]+\\.ts|-test-utils\\.ts)$';

const orderRules = MODULE_ORDER.flatMap((name, index) => {
  const higher = MODULE_ORDER.slice(index + 1);
  if (higher.length === 0) return [];
  const to = { path: `${MODULES}(${higher.join('|')})/` };
  const comment =
    `"${name}" sits below ${higher.length} modules in MODULE_ORDER (.dependency-cruiser.cjs, ARCHITECTURE.md) ` +
    'and may not import them: invert the dependency (a hook registered at start-up or a domain event).';
  return [
    {
      name: 'module-order',
      severity: 'error',
      comment,
      from: { path: `${MODULES}${name}/`, pathNot: [TEST_FILES, '/schema\\.ts$'] },
      to,
    },
    {
      // A schema file may name a higher module's table for a foreign key, nothing else of it.
      name: 'module-order',
      severity: 'error',
      comment,
      from: { path: `${MODULES}${name}/schema\\.ts$` },
      to: { ...to, pathNot: '/schema\\.ts$' },
    },
  ];
});

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'module-tables-are-private',
      severity: 'error',
      comment:
        "Another module's tables are its own: call a function of its index.ts (or subscribe to its event) instead.",
      from: { path: `${MODULES}([^/]+)/`, pathNot: [TEST_FILES, '/schema\\.ts$'] },
      to: { path: `${MODULES}[^/]+/schema\\.ts$`, pathNot: `${MODULES}$1/` },
    },
    {
      name: 'module-public-file-only',
      severity: 'error',
      comment: 'Use what the other module exports from its index.ts; its other files are internals.',
      from: { path: `${MODULES}([^/]+)/`, pathNot: [TEST_FILES] },
      to: {
        path: `${MODULES}[^/]+/`,
        pathNot: [`${MODULES}$1/`, `${MODULES}[^/]+/(index|schema)\\.ts$`],
      },
    },
    {
      name: 'module-public-file-only',
      severity: 'error',
      comment: 'The composition root (app, worker, jobs) uses modules through their index.ts too.',
      from: { path: '^apps/server/src/[^/]+\\.ts$', pathNot: [TEST_FILES] },
      to: { path: `${MODULES}[^/]+/`, pathNot: `${MODULES}[^/]+/index\\.ts$` },
    },
    {
      name: 'module-unknown',
      severity: 'error',
      comment:
        'Every module is placed in MODULE_ORDER (.dependency-cruiser.cjs) and described in ARCHITECTURE.md.',
      from: { path: `${MODULES}(?!(${MODULE_ORDER.join('|')})/)[^/]+/` },
      to: {},
    },
    ...orderRules,
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(node_modules|dist)/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: require('node:path').join(__dirname, 'apps/server/tsconfig.json') },
  },
};

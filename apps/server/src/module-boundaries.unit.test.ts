import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * The module-boundary rules of `npm run lint` (.dependency-cruiser.cjs) on a small fixture tree:
 * each deliberately broken import is reported under its rule, and a tree that keeps the rules
 * passes. The fixture has two modules, `low` below `high` in its module order.
 */
const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const depcruise = path.join(repo, 'node_modules/dependency-cruiser/bin/dependency-cruise.mjs');
let dir = '';

function write(file: string, text: string) {
  mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
  writeFileSync(path.join(dir, file), text);
}

function cruise(): { status: number | null; out: string } {
  const result = spawnSync(
    process.execPath,
    [depcruise, 'apps/server/src', '--config', '.dependency-cruiser.cjs', '--output-type', 'err'],
    { cwd: dir, encoding: 'utf8' },
  );
  return { status: result.status, out: `${result.stdout}${result.stderr}` };
}

function module(name: string, files: Record<string, string>) {
  for (const [file, text] of Object.entries(files)) write(`apps/server/src/modules/${name}/${file}`, text);
}

beforeAll(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'module-boundaries-'));
  copyFileSync(path.join(repo, '.dependency-cruiser.cjs'), path.join(dir, '.dependency-cruiser.cjs'));
  write('apps/server/module-order.json', JSON.stringify({ order: ['low', 'high'] }));
  write(
    'tsconfig.base.json',
    JSON.stringify({ compilerOptions: { module: 'ESNext', moduleResolution: 'bundler' } }),
  );
  write(
    'apps/server/tsconfig.json',
    JSON.stringify({ extends: '../../tsconfig.base.json', include: ['src'] }),
  );
  module('low', {
    'schema.ts': 'export const lowTable = { name: "low" };\n',
    'service.ts': "import { lowTable } from './schema';\nexport const lowName = () => lowTable.name;\n",
    'index.ts': "export { lowName } from './service';\n",
  });
  module('high', {
    'schema.ts': "import { lowTable } from '../low/schema';\nexport const highTable = { low: lowTable };\n",
    'service.ts':
      "import { lowName } from '../low';\nimport { highTable } from './schema';\nexport const highName = () => lowName() + highTable.low.name;\n",
    'index.ts': "export { highName } from './service';\n",
    'seed.test.ts':
      "import { lowTable } from '../low/schema';\nimport { lowName } from '../low/service';\nexport const seeded = [lowTable, lowName];\n",
  });
});

afterAll(() => rmSync(dir, { recursive: true, force: true }));

// Each test runs dependency-cruiser as a child process: seconds on a busy machine (two took 7 and
// 13 s beside other work), more than the unit project's 5 s default.
const CRUISE_TIMEOUT_MS = 60_000;

describe('module boundaries (npm run lint)', () => {
  it(
    'passes a tree that keeps them: public files, own tables, a foreign key between schemas, tests free',
    () => {
      const { status, out } = cruise();
      expect(out).toContain('no dependency violations found');
      expect(status).toBe(0);
    },
    CRUISE_TIMEOUT_MS,
  );

  it(
    'fails on each broken import, under its rule',
    () => {
      const broken: Record<string, [string, string]> = {
        'module-tables-are-private': [
          'high/tables.ts',
          "import { lowTable } from '../low/schema';\nexport const t = lowTable;\n",
        ],
        'module-public-file-only': [
          'high/internals.ts',
          "import { lowName } from '../low/service';\nexport const n = lowName;\n",
        ],
        'module-order': [
          'low/upward.ts',
          "import { highName } from '../high';\nexport const h = highName;\n",
        ],
        'module-unknown': [
          'stray/service.ts',
          "import { lowName } from '../low';\nexport const s = lowName;\n",
        ],
      };
      for (const [file, text] of Object.values(broken)) write(`apps/server/src/modules/${file}`, text);
      try {
        const { status, out } = cruise();
        expect(status).not.toBe(0);
        for (const [rule, [file]] of Object.entries(broken)) {
          expect(out).toContain(`error ${rule}: apps/server/src/modules/${file}`);
        }
        expect(out).toContain('4 dependency violations');
      } finally {
        for (const [file] of Object.values(broken)) rmSync(path.join(dir, 'apps/server/src/modules', file));
        rmSync(path.join(dir, 'apps/server/src/modules/stray'), { recursive: true });
      }
    },
    CRUISE_TIMEOUT_MS,
  );
});

// `npm run bench [name...]`: runs every benchmark under bench/ (or the named ones). Each prints
// its figure, its baseline measured in the same run, and the ratio to the target.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const wanted = process.argv.slice(2);
const benches = readdirSync(here, { withFileTypes: true })
  .filter((d) => d.isDirectory() && existsSync(path.join(here, d.name, 'run.mjs')))
  .map((d) => d.name)
  .filter((name) => wanted.length === 0 || wanted.includes(name));

const build = spawnSync(process.execPath, [path.join(here, '../scripts/build.mjs')], { stdio: 'inherit' });
if (build.status !== 0) process.exit(build.status ?? 1);

let failed = 0;
for (const name of benches) {
  console.log(`\n### ${name}`);
  const result = spawnSync(process.execPath, [path.join(here, name, 'run.mjs')], { stdio: 'inherit' });
  if (result.status !== 0) failed++;
}
process.exit(failed ? 1 : 0);

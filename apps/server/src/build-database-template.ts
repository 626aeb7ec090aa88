// `node apps/server/dist/build-database-template.js <folder>`: run by scripts/build.mjs after the
// server bundle, it writes the PGlite template new data folders start from.
import { writeDatabaseTemplate } from './database-template';

const target = process.argv[2];
if (!target) {
  console.error('usage: build-database-template <folder>');
  process.exit(64);
}
await writeDatabaseTemplate(target);

import { createHash } from 'node:crypto';
import {
  constants,
  cpSync,
  existsSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import { migrationsFolder, openDatabase, type Database } from './database';

/**
 * A PGlite data folder made at build time (initdb, every migration, pg-boss's tables and queues),
 * shut down cleanly: a new data folder starts as a copy of it instead of running initdb and the
 * migrations (most of a first start's time). Layout: `<template>/data/` (the folder) and
 * `<template>/tag` (`templateTag()` of what it holds). See README.md in this folder.
 */
const DATA = 'data';
const TAG = 'tag';
/**
 * Left in a copied folder until its seeded ids are renewed (PostgreSQL ignores other files in its
 * data folder): a start stopped between the copy and the renewal renews them at the next start.
 */
export const RENEW_IDS_MARKER = 'esigns-renew-seeded-ids';

/** The template the build puts beside the server bundle (`apps/server/dist/pglite-template`). */
export function bundledTemplate(): string {
  return path.join(path.dirname(fileURLToPath(import.meta.url)), 'pglite-template');
}

/**
 * What a template holds: the PGlite version (its data folders are tied to its PostgreSQL) and
 * every migration's timestamp and SQL hash, as Drizzle's migrator reads them.
 */
export function templateTag(folder = migrationsFolder()): string {
  const migrations = readMigrationFiles({ migrationsFolder: folder }).map((m) => [m.folderMillis, m.hash]);
  return createHash('sha256')
    .update(JSON.stringify({ pglite: pgliteVersion(), migrations }))
    .digest('hex');
}

function pgliteVersion(): string {
  const require = createRequire(import.meta.url);
  // The package exports no `package.json`: found from its entry (`<package>/dist/index.cjs`).
  const entry = require.resolve('@electric-sql/pglite');
  const manifest = path.join(path.dirname(entry), '..', 'package.json');
  return (JSON.parse(readFileSync(manifest, 'utf8')) as { version: string }).version;
}

/**
 * Opens the PGlite data folder `dataDir`, made from `template` when the folder is new and the
 * template holds exactly the migrations this server ships (otherwise PGlite runs initdb as
 * before). Rows the migrations seeded are given new ids, so no two installations share them.
 * The caller still runs the migrator: a no-op on an up-to-date template.
 */
export async function openPgliteFolder(
  dataDir: string,
  template: string = bundledTemplate(),
): Promise<{ database: Database; fromTemplate: boolean }> {
  const fromTemplate = copyTemplate(template, dataDir);
  const marker = path.join(dataDir, RENEW_IDS_MARKER);
  const database = openDatabase({ kind: 'pglite', dataDir });
  if (existsSync(marker)) {
    try {
      await renewSeededIds(database);
    } catch (err) {
      await database.close();
      throw err;
    }
    rmSync(marker);
  }
  return { database, fromTemplate };
}

function isNewFolder(dir: string): boolean {
  return !existsSync(dir) || readdirSync(dir).length === 0;
}

function copyTemplate(template: string, dataDir: string): boolean {
  if (!isNewFolder(dataDir)) return false;
  const tagFile = path.join(template, TAG);
  if (!existsSync(tagFile) || readFileSync(tagFile, 'utf8').trim() !== templateTag()) return false;
  // Copied beside, then renamed: a start stopped mid-copy leaves no half data folder behind.
  const partial = `${dataDir}.partial`;
  rmSync(partial, { recursive: true, force: true });
  // A copy-on-write clone where the file system has them (btrfs, XFS, APFS), else a copy.
  cpSync(path.join(template, DATA), partial, { recursive: true, mode: constants.COPYFILE_FICLONE });
  writeFileSync(path.join(partial, RENEW_IDS_MARKER), '');
  rmSync(dataDir, { recursive: true, force: true });
  renameSync(partial, dataDir);
  return true;
}

/**
 * New random ids for the rows the migrations seeded (the subscription catalogue), which the
 * template made once for every installation: each table of `public` whose primary key is one
 * `uuid` column defaulting to `gen_random_uuid()`, and the single-column foreign keys that point
 * at it (foreign-key triggers off for the transaction: both sides change together).
 */
async function renewSeededIds(database: Database): Promise<void> {
  await database.raw(`
    BEGIN;
    SET LOCAL session_replication_role = replica;
    DO $renew$
    DECLARE
      t record;
      row record;
      f record;
      renewed uuid;
    BEGIN
      FOR t IN
        SELECT c.oid, n.nspname, c.relname, a.attname, a.attnum
        FROM pg_constraint k
        JOIN pg_class c ON c.oid = k.conrelid
        JOIN pg_namespace n ON n.oid = c.relnamespace
        JOIN pg_attribute a ON a.attrelid = c.oid AND a.attnum = k.conkey[1]
        JOIN pg_attrdef d ON d.adrelid = c.oid AND d.adnum = a.attnum
        WHERE k.contype = 'p' AND cardinality(k.conkey) = 1 AND n.nspname = 'public'
          AND a.atttypid = 'uuid'::regtype AND pg_get_expr(d.adbin, d.adrelid) = 'gen_random_uuid()'
      LOOP
        FOR row IN EXECUTE format('SELECT %I AS old FROM %I.%I', t.attname, t.nspname, t.relname) LOOP
          renewed := gen_random_uuid();
          EXECUTE format('UPDATE %I.%I SET %I = $1 WHERE %I = $2', t.nspname, t.relname, t.attname, t.attname)
            USING renewed, row.old;
          FOR f IN
            SELECT fn.nspname, fc.relname, fa.attname
            FROM pg_constraint k
            JOIN pg_class fc ON fc.oid = k.conrelid
            JOIN pg_namespace fn ON fn.oid = fc.relnamespace
            JOIN pg_attribute fa ON fa.attrelid = fc.oid AND fa.attnum = k.conkey[1]
            WHERE k.contype = 'f' AND k.confrelid = t.oid AND cardinality(k.conkey) = 1
              AND k.confkey[1] = t.attnum
          LOOP
            EXECUTE format('UPDATE %I.%I SET %I = $1 WHERE %I = $2', f.nspname, f.relname, f.attname, f.attname)
              USING renewed, row.old;
          END LOOP;
        END LOOP;
      END LOOP;
    END
    $renew$;
    COMMIT;
  `);
}

/**
 * Writes a template into `target` (replacing the one there): a new PGlite data folder given to
 * `prepare` (migrations and whatever else every installation starts with), closed, then tagged.
 */
export async function writePgliteTemplate(
  target: string,
  prepare: (database: Database) => Promise<void>,
): Promise<void> {
  const partial = `${target}.partial`;
  rmSync(partial, { recursive: true, force: true });
  const database = openDatabase({ kind: 'pglite', dataDir: path.join(partial, DATA) });
  try {
    await prepare(database);
  } finally {
    await database.close();
  }
  writeFileSync(path.join(partial, TAG), `${templateTag()}\n`);
  rmSync(target, { recursive: true, force: true });
  renameSync(partial, target);
}

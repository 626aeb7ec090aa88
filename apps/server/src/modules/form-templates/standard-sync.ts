import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/database';
import { formTemplates } from './schema';
import { STANDARD_TEMPLATES } from './standard-templates';

/*
 * STANDARD templates live in code (standard-templates.ts) and as rows (company_id null), so that
 * lists, searches and future foreign keys treat them like any template. The rows are written on
 * first use by each process: inserted when missing, rewritten when the definition in the code
 * changed (its hash differs), left alone otherwise. Concurrent processes write the same content.
 */

const hashOf = (value: unknown): string => createHash('sha256').update(JSON.stringify(value)).digest('hex');

const synced = new WeakMap<Db, Promise<void>>();

/** Makes sure the built-in rows match the code; runs once per database handle. */
export function ensureStandardTemplates(db: Db): Promise<void> {
  let done = synced.get(db);
  if (!done) {
    done = writeStandardTemplates(db).catch((err: unknown) => {
      synced.delete(db);
      throw err;
    });
    synced.set(db, done);
  }
  return done;
}

async function writeStandardTemplates(db: Db): Promise<void> {
  const rows = STANDARD_TEMPLATES.map((template) => ({
    id: template.id,
    companyId: null,
    name: template.name,
    code: template.code,
    type: 'STANDARD' as const,
    description: template.description,
    fields: template.fields,
    isRepeatable: template.isRepeatable,
    maxEntries: null,
    primaryForUserType: template.primaryForUserType,
    icon: template.icon,
    definitionHash: hashOf(template),
  }));
  await db
    .insert(formTemplates)
    .values(rows)
    .onConflictDoUpdate({
      target: formTemplates.id,
      set: {
        name: sql`excluded.name`,
        code: sql`excluded.code`,
        description: sql`excluded.description`,
        fields: sql`excluded.fields`,
        isRepeatable: sql`excluded.is_repeatable`,
        primaryForUserType: sql`excluded.primary_for_user_type`,
        icon: sql`excluded.icon`,
        definitionHash: sql`excluded.definition_hash`,
        version: sql`${formTemplates.version} + 1`,
        updatedAt: sql`now()`,
      },
      setWhere: sql`${formTemplates.definitionHash} is distinct from excluded.definition_hash`,
    });
}

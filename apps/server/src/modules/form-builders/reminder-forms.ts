import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/database';
import { formBuilders } from './schema';
import type { FormBuilderRow } from './service';

/**
 * The live ACTIVE forms whose reminders are on (`settings.reminders.enabled`), of one company or
 * all: what form-submissions' reminder sweep walks. A DRAFT, INACTIVE or deleted form reminds
 * nobody.
 */
export async function formsWithReminders(
  db: Pick<Db, 'select'>,
  companyId?: string,
): Promise<FormBuilderRow[]> {
  return db
    .select()
    .from(formBuilders)
    .where(
      and(
        eq(formBuilders.status, 'ACTIVE'),
        isNull(formBuilders.deletedAt),
        sql`(${formBuilders.settings} -> 'reminders' ->> 'enabled') = 'true'`,
        companyId ? eq(formBuilders.companyId, companyId) : undefined,
      ),
    )
    .orderBy(asc(formBuilders.createdAt), asc(formBuilders.id));
}

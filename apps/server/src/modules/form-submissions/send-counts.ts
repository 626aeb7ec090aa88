import { and, eq, inArray, isNull, notInArray, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/database';
import { UNANSWERED_STATUSES } from './close-submissions';
import { formSubmissions } from './schema';

type Reader = Pick<Db, 'select'>;

/**
 * Submissions of the form per filler email (lowercased), among `emails`: all of them (`drafts`
 * true) or the submitted ones only. One-per-person forms skip people who have one.
 */
export async function submissionsByEmail(
  db: Reader,
  formId: string,
  emails: readonly string[],
  options: { drafts: boolean },
): Promise<Map<string, number>> {
  if (emails.length === 0) return new Map();
  const email = sql<string>`lower(${formSubmissions.fillerEmail})`;
  const rows = await db
    .select({ email, n: sql<number>`count(*)::int` })
    .from(formSubmissions)
    .where(
      and(
        eq(formSubmissions.formBuilderId, formId),
        isNull(formSubmissions.deletedAt),
        inArray(email, [...emails]),
        options.drafts ? undefined : notInArray(formSubmissions.status, [...UNANSWERED_STATUSES]),
      ),
    )
    .groupBy(email);
  return new Map(rows.map((r) => [r.email, r.n]));
}

import { and, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/database';
import { formSubmissions } from './schema';

type Reader = Pick<Db, 'select'>;

/** Submitted answers (any status but DRAFT) per form, for availability (`max_submissions`). */
export async function countSubmitted(db: Reader, formIds: readonly string[]): Promise<Map<string, number>> {
  if (formIds.length === 0) return new Map();
  const rows = await db
    .select({ id: formSubmissions.formBuilderId, n: sql<number>`count(*)::int` })
    .from(formSubmissions)
    .where(
      and(
        inArray(formSubmissions.formBuilderId, [...formIds]),
        ne(formSubmissions.status, 'DRAFT'),
        isNull(formSubmissions.deletedAt),
      ),
    )
    .groupBy(formSubmissions.formBuilderId);
  return new Map(rows.map((r) => [r.id, r.n]));
}

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
        options.drafts ? undefined : ne(formSubmissions.status, 'DRAFT'),
      ),
    )
    .groupBy(email);
  return new Map(rows.map((r) => [r.email, r.n]));
}

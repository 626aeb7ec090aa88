import { and, asc, count, eq, sql } from 'drizzle-orm';
import { MAX_ALLOWED_ORIGINS, normalizeHostOrigin, type TAllowedOrigin } from '@esigns/contracts/embedding';
import type { Db } from '../../platform/db/database';
import { AppError, notFound, validationError } from '../../platform/http/app-error';
import { embedAllowedOrigins } from './schema';

type Row = typeof embedAllowedOrigins.$inferSelect;

function view(row: Row): TAllowedOrigin {
  return { _id: row.id, origin: row.origin, created_at: row.createdAt.toISOString() };
}

/** The company's allowed host origins, oldest first. */
export async function listAllowedOrigins(
  db: Pick<Db, 'select'>,
  companyId: string,
): Promise<TAllowedOrigin[]> {
  const rows = await db
    .select()
    .from(embedAllowedOrigins)
    .where(eq(embedAllowedOrigins.companyId, companyId))
    .orderBy(asc(embedAllowedOrigins.createdAt), asc(embedAllowedOrigins.origin));
  return rows.map(view);
}

/** Just the origins (frame-ancestors, postMessage targets). */
export async function allowedOriginsOf(db: Pick<Db, 'select'>, companyId: string): Promise<string[]> {
  const rows = await db
    .select({ origin: embedAllowedOrigins.origin })
    .from(embedAllowedOrigins)
    .where(eq(embedAllowedOrigins.companyId, companyId))
    .orderBy(asc(embedAllowedOrigins.createdAt), asc(embedAllowedOrigins.origin));
  return rows.map((row) => row.origin);
}

/**
 * Adds an origin (normalized as the browser writes it). The same origin twice: 409; past
 * MAX_ALLOWED_ORIGINS: 422. The count and the insert run in one transaction under a lock of the
 * company's rows so two concurrent adds cannot pass the limit together.
 */
export async function addAllowedOrigin(
  db: Db,
  input: { companyId: string; userId: string; origin: string },
): Promise<TAllowedOrigin> {
  const origin = normalizeHostOrigin(input.origin);
  if (!origin) {
    throw validationError([
      {
        key: 'origin',
        path: ['origin'],
        message: 'An https origin without a path (http only for localhost)',
      },
    ]);
  }
  return db.transaction(async (tx) => {
    // Serializes the adds of one company (PostgreSQL); PGlite has a single connection anyway.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`embed-origins:${input.companyId}`}))`);
    const [existing] = await tx
      .select({ id: embedAllowedOrigins.id })
      .from(embedAllowedOrigins)
      .where(and(eq(embedAllowedOrigins.companyId, input.companyId), eq(embedAllowedOrigins.origin, origin)))
      .limit(1);
    if (existing) throw new AppError('CONFLICT', { message: `${origin} is already allowed` });
    const [total] = await tx
      .select({ n: count() })
      .from(embedAllowedOrigins)
      .where(eq(embedAllowedOrigins.companyId, input.companyId));
    if ((total?.n ?? 0) >= MAX_ALLOWED_ORIGINS) {
      throw validationError(
        [
          {
            key: 'origin',
            path: ['origin'],
            message: `At most ${MAX_ALLOWED_ORIGINS} origins: remove one first`,
          },
        ],
        `At most ${MAX_ALLOWED_ORIGINS} allowed origins`,
      );
    }
    const [row] = await tx
      .insert(embedAllowedOrigins)
      .values({ companyId: input.companyId, origin, createdBy: input.userId })
      .returning();
    if (!row) throw new AppError('INTERNAL_ERROR');
    return view(row);
  });
}

/** Removes one of the company's origins (another company's id: 404). */
export async function removeAllowedOrigin(
  db: Pick<Db, 'delete'>,
  companyId: string,
  id: string,
): Promise<void> {
  const removed = await db
    .delete(embedAllowedOrigins)
    .where(and(eq(embedAllowedOrigins.companyId, companyId), eq(embedAllowedOrigins.id, id)))
    .returning({ id: embedAllowedOrigins.id });
  if (removed.length === 0) throw notFound('Allowed origin');
}

import { createHash } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { and, eq, sql } from 'drizzle-orm';
import { isUuid } from '@esigns/contracts/ids';
import { randomToken, safeEqual } from '../../platform/auth/one-time-secrets';
import type { Db } from '../../platform/db/database';
import { AppError } from '../../platform/http/app-error';
import { formGuests } from './schema';

/*
 * Guest sessions: a person outside the company who fills a form is a `form_guests` row (GUEST:
 * proved an email, or was sent a personal link; ANONYMOUS: a public link without secure access)
 * with a random 256-bit session secret stored as its sha256. The secret travels back as the
 * `passcode` header beside `userid` (or `anonymoususerid`) and `formbuilderid`.
 */

export type GuestKind = 'GUEST' | 'ANONYMOUS';
export type GuestRow = typeof formGuests.$inferSelect;

export type GuestIdentity = {
  guestId: string;
  kind: GuestKind;
  email: string | null;
  contactId: string | null;
  formBuilderId: string;
  companyId: string;
};

export type GuestSessionInput = {
  companyId: string;
  formBuilderId: string;
  email: string | null;
  contactId?: string | null;
  kind: GuestKind;
  /** How long the secret works. */
  ttlDays: number;
};

export type GuestSession = { guestId: string; secret: string; expiresAt: Date };

/** Session lengths: a passcode session lasts a day, an anonymous one a week (a form can take long). */
export const GUEST_SESSION_DAYS = 1;
export const ANONYMOUS_SESSION_DAYS = 7;

export const guestSecretHash = (secret: string): string =>
  createHash('sha256').update(secret).digest('base64url');

/**
 * A new session secret for a guest of the form. A GUEST with an email keeps one identity per
 * form (their row is reused and its secret replaced, so their drafts and submissions stay theirs;
 * an older link of theirs stops working); every ANONYMOUS session is a new guest.
 */
export async function createGuestSession(
  db: Pick<Db, 'select' | 'insert' | 'update' | 'execute'>,
  input: GuestSessionInput,
): Promise<GuestSession> {
  const secret = randomToken('fg_');
  const secretHash = guestSecretHash(secret);
  const expiresAt = new Date(Date.now() + input.ttlDays * 86_400_000);
  const email = input.email?.trim().toLowerCase() || null;
  if (input.kind === 'GUEST' && email) {
    // Inside the caller's transaction, two sessions for one email wait for each other (one row).
    await db.execute(
      sql`select pg_advisory_xact_lock(hashtextextended(${`form-guest:${input.formBuilderId}:${email}`}, 0))`,
    );
    const [existing] = await db
      .select({ id: formGuests.id, contactId: formGuests.contactId })
      .from(formGuests)
      .where(
        and(
          eq(formGuests.formBuilderId, input.formBuilderId),
          eq(formGuests.kind, 'GUEST'),
          eq(formGuests.email, email),
        ),
      )
      .limit(1);
    if (existing) {
      await db
        .update(formGuests)
        .set({ secretHash, expiresAt, contactId: input.contactId ?? existing.contactId })
        .where(eq(formGuests.id, existing.id));
      return { guestId: existing.id, secret, expiresAt };
    }
  }
  const [row] = await db
    .insert(formGuests)
    .values({
      companyId: input.companyId,
      formBuilderId: input.formBuilderId,
      kind: input.kind,
      email,
      contactId: input.contactId ?? null,
      secretHash,
      expiresAt,
    })
    .returning({ id: formGuests.id });
  return { guestId: row!.id, secret, expiresAt };
}

const header = (request: FastifyRequest, name: string): string | undefined => {
  const value = request.headers[name];
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;
};

const REFUSED = 'Your form session is not valid or has expired: open the form link again';

/** What a request's guest headers claim, before any read. */
export type GuestClaim = { guestId: string; secret: string; formBuilderId: string | undefined };

/**
 * The guest session a request's headers name, unchecked: null when it names none (no `userid` nor
 * `anonymoususerid`); 401 when the headers cannot be a session.
 */
export function guestClaimOf(request: FastifyRequest): GuestClaim | null {
  const guestId = header(request, 'userid') ?? header(request, 'anonymoususerid');
  if (!guestId) return null;
  const secret = header(request, 'passcode');
  const formBuilderId = header(request, 'formbuilderid');
  if (!secret || !isUuid(guestId) || (formBuilderId !== undefined && !isUuid(formBuilderId))) {
    throw new AppError('UNAUTHORIZED', { message: REFUSED });
  }
  return { guestId, secret, formBuilderId };
}

/**
 * The identity of `row` (the claim's `form_guests` row, undefined when none) when the claim proves
 * it: right secret, not expired, the form named (if any) its form. Else 401 with one message that
 * never says which part was wrong.
 */
export function verifyGuest(claim: GuestClaim, row: GuestRow | undefined): GuestIdentity {
  const matches = row !== undefined && safeEqual(row.secretHash, guestSecretHash(claim.secret));
  if (
    !row ||
    !matches ||
    row.expiresAt.getTime() <= Date.now() ||
    (claim.formBuilderId !== undefined && claim.formBuilderId !== row.formBuilderId)
  ) {
    throw new AppError('UNAUTHORIZED', { message: REFUSED });
  }
  return {
    guestId: row.id,
    kind: row.kind,
    email: row.email,
    contactId: row.contactId,
    formBuilderId: row.formBuilderId,
    companyId: row.companyId,
  };
}

/**
 * The guest the request's headers prove, or null when it names none (no `userid` nor
 * `anonymoususerid`). A named guest with a wrong or expired secret, or another form's
 * (`formbuilderid`), is 401 with one message that never says which part was wrong.
 */
export async function readGuest(
  db: Pick<Db, 'select'>,
  request: FastifyRequest,
): Promise<GuestIdentity | null> {
  const claim = guestClaimOf(request);
  if (!claim) return null;
  const [row] = await db.select().from(formGuests).where(eq(formGuests.id, claim.guestId)).limit(1);
  return verifyGuest(claim, row);
}

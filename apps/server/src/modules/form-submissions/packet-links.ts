import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { isUuid } from '@esigns/contracts/ids';
import type { Db } from '../../platform/db/database';
import { AppError, notFound } from '../../platform/http/app-error';
import type { Platform } from '../../platform/platform';
import { findFormBuilder, readGuest, type GuestIdentity } from './builders-port';
import { formSubmissionEvents, formSubmissions } from './schema';
import { linkContactOf, reissueLink, resendLink, type MailSender, type Tx } from './send-link';
import { isFiller, type SubmissionRow } from './submission-store';

/*
 * The personal links of submissions a workflow packet sent (its form steps), for the packet's
 * recipient side: who a form link's headers prove (`formLinkHolder`), a fresh link handed over
 * instead of mailed (`issueFormLink`), and the link mailed again (`resendFormLink`), each in the
 * caller's transaction, as the form's own resend (`POST /wh/formbuilders/{id}`) does it.
 */

/** The holder of a form link: the submission it opens, its filler's email and the page (without the secret). */
export type FormLinkHolder = { companyId: string; submissionId: string; email: string; pageUrl: string };

/** Guest headers that do not prove a session (wrong or expired secret, another form): null, not a throw. */
async function guestOf(db: Pick<Db, 'select'>, request: FastifyRequest): Promise<GuestIdentity | null> {
  try {
    return await readGuest(db, request);
  } catch (err) {
    if (err instanceof AppError && err.code === 'UNAUTHORIZED') return null;
    throw err;
  }
}

/**
 * The form link the request's guest headers (`userid` + `passcode` + `formbuilderid`, as the
 * public form page sends them) prove, for the first of `submissionIds` its guest fills; null when
 * they prove none (no headers, a wrong or expired session, another person's submission).
 */
export async function formLinkHolder(
  platform: Platform,
  request: FastifyRequest,
  submissionIds: readonly string[],
): Promise<FormLinkHolder | null> {
  const db = platform.database.db;
  const ids = submissionIds.filter(isUuid);
  const guest = ids.length ? await guestOf(db, request) : null;
  if (!guest) return null;
  const rows = await db
    .select()
    .from(formSubmissions)
    .where(
      and(
        inArray(formSubmissions.id, ids),
        eq(formSubmissions.companyId, guest.companyId),
        isNull(formSubmissions.deletedAt),
      ),
    );
  const row = rows.find((r) => isFiller({ kind: 'GUEST', companyId: guest.companyId, guest }, r));
  if (!row) return null;
  const form = await findFormBuilder(db, row.companyId, row.formBuilderId);
  return {
    companyId: row.companyId,
    submissionId: row.id,
    email: (row.fillerEmail ?? guest.email ?? '').toLowerCase(),
    pageUrl: `${platform.config.publicUrl}/public/fb/${form.code}/${row.id}/vp/${guest.guestId}`,
  };
}

/** The company's open submission (DRAFT or SENT_BACK) with an email to reach, locked; else 404 / 409. */
async function openSubmission(tx: Tx, companyId: string, id: string): Promise<SubmissionRow> {
  if (!isUuid(id)) throw notFound('Submission');
  const [row] = await tx
    .select()
    .from(formSubmissions)
    .where(
      and(
        eq(formSubmissions.id, id),
        eq(formSubmissions.companyId, companyId),
        isNull(formSubmissions.deletedAt),
      ),
    )
    .for('update');
  if (!row) throw notFound('Submission');
  if (row.status !== 'DRAFT' && row.status !== 'SENT_BACK') {
    throw new AppError('CONFLICT', { message: 'The form is already submitted: there is nothing to fill' });
  }
  if (!row.fillerEmail || row.fillerKind === 'ANONYMOUS') {
    throw new AppError('CONFLICT', { message: 'The submission has no email to send a link to' });
  }
  return row;
}

async function fillerOf(tx: Tx, row: SubmissionRow) {
  return {
    id: row.id,
    fillerKind: row.fillerKind,
    fillerId: row.fillerId,
    email: row.fillerEmail!,
    name: row.fillerName,
    contactId: await linkContactOf(tx, row.id),
  };
}

/**
 * A fresh personal link to an open submission, handed to the caller instead of mailed (a
 * packet's "next step"): a guest's new session replaces the older one's secret, as a resend does.
 * History `LINK_ISSUED`. Answers the link and the filler's email.
 */
export async function issueFormLink(
  platform: Platform,
  tx: Tx,
  input: { companyId: string; submissionId: string; actor: string; via: string },
): Promise<{ url: string; email: string }> {
  const row = await openSubmission(tx, input.companyId, input.submissionId);
  const form = await findFormBuilder(tx, input.companyId, row.formBuilderId);
  const filler = await fillerOf(tx, row);
  const { link } = await reissueLink(platform, tx, form, filler);
  await tx.insert(formSubmissionEvents).values({
    submissionId: row.id,
    event: 'LINK_ISSUED',
    actor: input.actor,
    details: { guest_id: link.guestId, contact_id: filler.contactId, email: filler.email, via: input.via },
  });
  return { url: link.url, email: filler.email };
}

/** Mails the filler of an open submission a new link (history `LINK_RESENT`), in the caller's transaction. */
export async function resendFormLink(
  platform: Platform,
  tx: Tx,
  input: { companyId: string; submissionId: string; sender: MailSender; actor: string },
): Promise<{ email: string }> {
  const row = await openSubmission(tx, input.companyId, input.submissionId);
  const form = await findFormBuilder(tx, input.companyId, row.formBuilderId);
  const filler = await fillerOf(tx, row);
  await resendLink(platform, tx, form, filler, { sender: input.sender, actor: input.actor });
  return { email: filler.email };
}

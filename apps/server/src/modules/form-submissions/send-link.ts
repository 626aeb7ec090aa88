import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { isUuid } from '@esigns/contracts/ids';
import type { TBranding } from '@esigns/contracts/branding';
import type { TFillerKind } from '@esigns/contracts/form-builders';
import type { Db } from '../../platform/db/database';
import { escapeHtml } from '../../platform/mail/mail-layout';
import type { Platform } from '../../platform/platform';
import { findCompanyById } from '../company';
import { messageContact } from '../contacts';
import { brandingOf } from '../company-users';
import { loadSenderInfo } from '../documents';
import { createGuestSession, type FormBuilderRow } from '../form-builders';
import { formSubmissionEvents, formSubmissions } from './schema';

/*
 * One personal link: the DRAFT submission a person fills, their guest session (people outside the
 * company), the mail with the link, and the history event naming the mail, all written through
 * the caller's transaction, so a link and its mail exist together or not at all.
 */

export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** Days a mailed guest link opens the form. */
export const LINK_TTL_DAYS = 30;

/**
 * Who a send reaches: a company user (USER, id the user: signs in) or a person outside the company
 * (CONTACT or GUEST, id their contact if any: a guest session).
 */
export type Recipient = { kind: TFillerKind; id: string | null; email: string; name: string };

/** What the link mails say about who sent them. */
export type MailSender = { name: string; companyName: string; branding: Partial<TBranding> };

export type SendableForm = Pick<FormBuilderRow, 'id' | 'companyId' | 'code' | 'name' | 'version'>;

export type LinkSent = {
  submissionId: string;
  guestId: string | null;
  expiresAt: Date | null;
  mailId: string;
};

/** The sender of a batch's mails: its creator's name, else the company's. */
export async function mailSenderOf(
  platform: Platform,
  companyId: string,
  userId: string | null,
): Promise<MailSender> {
  const db = platform.database.db;
  if (userId) return loadSenderInfo(db, companyId, userId);
  const company = await findCompanyById(db, companyId);
  return {
    name: company?.name ?? '',
    companyName: company?.name ?? '',
    branding: brandingOf(company?.settings ?? {}),
  };
}

export type Link = { url: string; secret: string | null; guestId: string | null; expiresAt: Date | null };

/** A new link for the filler of `submissionId`: staff sign in, others get a fresh guest session. */
async function newLink(
  platform: Platform,
  tx: Tx,
  form: SendableForm,
  recipient: Recipient,
  submissionId: string,
): Promise<Link> {
  const base = platform.config.publicUrl;
  if (recipient.kind === 'USER') {
    return { url: `${base}/fb/${form.code}/${submissionId}`, secret: null, guestId: null, expiresAt: null };
  }
  const session = await createGuestSession(tx, {
    companyId: form.companyId,
    formBuilderId: form.id,
    email: recipient.email,
    contactId: recipient.id,
    kind: 'GUEST',
    ttlDays: LINK_TTL_DAYS,
  });
  return {
    url: `${base}/public/fb/${form.code}/${submissionId}/vp/${session.guestId}?t=${encodeURIComponent(session.secret)}`,
    secret: session.secret,
    guestId: session.guestId,
    expiresAt: session.expiresAt,
  };
}

async function mailLink(
  platform: Platform,
  tx: Tx,
  form: SendableForm,
  recipient: Recipient,
  link: Link,
  sender: MailSender,
): Promise<string> {
  const from = sender.companyName || sender.name;
  const { id } = await platform.mail.queue(
    {
      to: recipient.email,
      subject: `${from ? `${from}: ` : ''}please fill in ${form.name}`,
      kind: 'form.sent',
      branding: sender.branding,
      heading: 'You have a form to fill in',
      bodyHtml:
        `<p>${recipient.name ? `Hello ${escapeHtml(recipient.name)},` : 'Hello,'}</p>` +
        `<p>${escapeHtml(sender.name || from || 'We')} asked you to fill in <strong>${escapeHtml(form.name)}</strong>. ` +
        'The button opens it; you can save and come back to it with the same link.</p>' +
        (link.expiresAt ? `<p>The link works for ${LINK_TTL_DAYS} days.</p>` : ''),
      button: { label: 'Open the form', url: link.url },
      secrets: link.secret ? [link.url, link.secret] : [link.url],
    },
    { tx, companyId: form.companyId },
  );
  // Other channels of a contact (WhatsApp), with the mail: one message per mail.
  await messageContact(tx, {
    companyId: form.companyId,
    contactId: recipient.kind === 'CONTACT' ? recipient.id : null,
    purpose: 'FORM_LINK',
    targetId: id,
    values: {
      recipient_name: recipient.name || recipient.email,
      form_name: form.name,
      sender_name: sender.name || from,
      company_name: sender.companyName,
      link: link.url,
    },
  });
  return id;
}

/** A company user fills as themself, a contact as that contact (any guest session of theirs for the form), else the link's guest. */
const fillerKindOf = (recipient: Recipient): TFillerKind =>
  recipient.kind === 'USER' ? 'USER' : recipient.kind === 'CONTACT' && recipient.id ? 'CONTACT' : 'GUEST';

/**
 * Creates the person's DRAFT submission (in `batchId` when given) and mails them its link, in
 * `tx`. The filler is the company user (USER, signs in), the contact (CONTACT: the link's guest
 * session carries the contact, so it opens the submission) or, without a contact, the link's
 * guest (GUEST).
 */
export async function sendNewLink(
  platform: Platform,
  tx: Tx,
  form: SendableForm,
  recipient: Recipient,
  options: { sender: MailSender; batchId: string | null; createdBy: string | null },
): Promise<LinkSent> {
  const [row] = await tx
    .insert(formSubmissions)
    .values({
      companyId: form.companyId,
      formBuilderId: form.id,
      formVersion: form.version,
      status: 'DRAFT',
      fillerKind: fillerKindOf(recipient),
      fillerId: recipient.kind === 'USER' || recipient.kind === 'CONTACT' ? recipient.id : null,
      fillerEmail: recipient.email,
      fillerName: recipient.name,
      batchId: options.batchId,
      createdBy: options.createdBy,
    })
    .returning({ id: formSubmissions.id });
  const submissionId = row!.id;
  const link = await newLink(platform, tx, form, recipient, submissionId);
  if (fillerKindOf(recipient) === 'GUEST') {
    await tx
      .update(formSubmissions)
      .set({ fillerId: link.guestId })
      .where(eq(formSubmissions.id, submissionId));
  }
  const mailId = await mailLink(platform, tx, form, recipient, link, options.sender);
  await tx.insert(formSubmissionEvents).values({
    submissionId,
    event: 'LINK_SENT',
    actor: options.createdBy ?? '',
    details: {
      batch_id: options.batchId,
      email_log_id: mailId,
      guest_id: link.guestId,
      contact_id: recipient.kind === 'CONTACT' ? recipient.id : null,
      email: recipient.email,
    },
  });
  return { submissionId, guestId: link.guestId, expiresAt: link.expiresAt, mailId };
}

/** An existing submission's filler, as `resendLink` and the reminders reach them. */
export type SubmissionFiller = {
  id: string;
  fillerKind: TFillerKind;
  fillerId: string | null;
  email: string;
  name: string;
  contactId: string | null;
};

/** The contact named by the submission's latest link event (a GUEST filler's contact), if any. */
export async function linkContactOf(tx: Pick<Db, 'select'>, submissionId: string): Promise<string | null> {
  const [event] = await tx
    .select({ contactId: sql<string | null>`${formSubmissionEvents.details} ->> 'contact_id'` })
    .from(formSubmissionEvents)
    .where(
      and(
        eq(formSubmissionEvents.submissionId, submissionId),
        inArray(formSubmissionEvents.event, ['LINK_SENT', 'LINK_RESENT']),
      ),
    )
    .orderBy(desc(formSubmissionEvents.createdAt))
    .limit(1);
  return event?.contactId && isUuid(event.contactId) ? event.contactId : null;
}

/**
 * A new link to an existing submission: a guest gets a new session (the submission's filler
 * becomes it, so an older link no longer opens it); a company user the same sign-in link.
 */
export async function reissueLink(
  platform: Platform,
  tx: Tx,
  form: SendableForm,
  submission: SubmissionFiller,
): Promise<{ recipient: Recipient; link: Link }> {
  const { email, name } = submission;
  const recipient: Recipient =
    submission.fillerKind === 'USER' || submission.fillerKind === 'CONTACT'
      ? { kind: submission.fillerKind, id: submission.fillerId, email, name }
      : { kind: 'GUEST', id: submission.contactId, email, name };
  const link = await newLink(platform, tx, form, recipient, submission.id);
  await tx
    .update(formSubmissions)
    .set({
      ...(recipient.kind === 'GUEST' && link.guestId ? { fillerId: link.guestId } : {}),
      updatedAt: new Date(),
    })
    .where(eq(formSubmissions.id, submission.id));
  return { recipient, link };
}

/** Mails the filler of an existing submission a new link (`reissueLink`), with a history event. */
export async function resendLink(
  platform: Platform,
  tx: Tx,
  form: SendableForm,
  submission: SubmissionFiller,
  options: { sender: MailSender; actor: string },
): Promise<LinkSent> {
  const { recipient, link } = await reissueLink(platform, tx, form, submission);
  const mailId = await mailLink(platform, tx, form, recipient, link, options.sender);
  await tx.insert(formSubmissionEvents).values({
    submissionId: submission.id,
    event: 'LINK_RESENT',
    actor: options.actor,
    details: {
      email_log_id: mailId,
      guest_id: link.guestId,
      contact_id: submission.contactId,
      email: submission.email,
    },
  });
  return { submissionId: submission.id, guestId: link.guestId, expiresAt: link.expiresAt, mailId };
}

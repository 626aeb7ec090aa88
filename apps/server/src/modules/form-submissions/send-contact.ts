import { and, eq, isNull } from 'drizzle-orm';
import type { z } from 'zod';
import type {
  TFormContactCheck,
  TFormLinkSent,
  ZFormContactCreateRequest,
} from '@esigns/contracts/form-sends';
import { isUuid } from '@esigns/contracts/ids';
import { AppError, notFound } from '../../platform/http/app-error';
import { MAIL_SEND_JOB } from '../../platform/mail/mail-service';
import type { Platform } from '../../platform/platform';
import { contactDirectory, ensureContactsForEmails } from '../contacts';
import { findFormBuilder } from '../form-builders';
import type { AccessContext } from '../permissions';
import { findSendableForm } from './batch-start';
import { assertContactType, formContactType } from './contact-types';
import { formSubmissions } from './schema';
import { submissionsByEmail } from './send-counts';
import { availabilityNow } from './submission-store';
import { linkContactOf, mailSenderOf, resendLink, sendNewLink } from './send-link';

/**
 * `POST /formbuilder-data/contact/check`: the company's contact with the email (or null), how
 * many submissions of the form that email has, and whether they may start one now.
 */
export async function checkFormContact(
  platform: Platform,
  access: AccessContext,
  body: { formbuilder_details_id: string; email: string },
): Promise<TFormContactCheck> {
  const db = platform.database.db;
  const form = await findFormBuilder(db, access.companyId, body.formbuilder_details_id);
  const [contact] = await db
    .select()
    .from(contactDirectory)
    .where(and(eq(contactDirectory.companyId, access.companyId), eq(contactDirectory.email, body.email)))
    .limit(1);
  const [availability, mine] = await Promise.all([
    availabilityNow(db, form),
    submissionsByEmail(db, form.id, [body.email], { drafts: false }),
  ]);
  const count = mine.get(body.email) ?? 0;
  const reason =
    availability !== 'OPEN'
      ? `The form is not open (${availability.toLowerCase().replace(/_/g, ' ')})`
      : form.settings.one_per_person && count > 0
        ? 'This person has already submitted the form, and it takes one submission per person'
        : null;
  return {
    contact: contact
      ? { _id: contact.id, email: contact.email, first_name: contact.firstName, last_name: contact.lastName }
      : null,
    submissions_count: count,
    can_start: reason === null,
    reason,
  };
}

/**
 * `POST /formbuilder-data/contact`: the contact with the email (created when new; an existing
 * contact keeps their names) is sent a personal link to a new DRAFT submission, in one
 * transaction. 409 on a one-per-person form the email already filled.
 */
export async function sendToContact(
  platform: Platform,
  access: AccessContext,
  body: z.output<typeof ZFormContactCreateRequest>,
): Promise<TFormLinkSent> {
  const form = await findSendableForm(platform, access, body.formbuilder_details_id, 'OUTSIDE');
  const sender = await mailSenderOf(platform, access.companyId, access.userId);
  const sent = await platform.database.db.transaction(async (tx) => {
    if (form.settings.one_per_person) {
      const have = await submissionsByEmail(tx, form.id, [body.email], { drafts: true });
      if (have.has(body.email)) {
        throw new AppError('CONFLICT', {
          message:
            'This person already has a submission of this form, and it takes one per person: resend their link',
        });
      }
    }
    const contactTypeId = formContactType(form);
    const ids = await ensureContactsForEmails(
      tx,
      access.companyId,
      access.userId,
      [{ email: body.email, firstName: body.first_name, lastName: body.last_name }],
      { contactTypeId },
    );
    const contactId = ids.get(body.email)!;
    await assertContactType(tx, access.companyId, contactTypeId, [{ key: 'email', index: null, contactId }]);
    const name = [body.first_name, body.last_name].join(' ').trim();
    const link = await sendNewLink(
      platform,
      tx,
      form,
      { kind: 'CONTACT', id: contactId, email: body.email, name },
      { sender, batchId: null, createdBy: access.userId },
    );
    return { ...link, contactId };
  });
  platform.jobs.wake(MAIL_SEND_JOB);
  return {
    formbuilder_data_id: sent.submissionId,
    contact_id: sent.contactId,
    email: body.email,
    expires_at: sent.expiresAt ? sent.expiresAt.toISOString() : null,
  };
}

/**
 * `POST /wh/formbuilders/{id}`: mails the filler of the company's submission `id` a new personal
 * link (a guest's old link stops working). 404 for another company's submission; 409 once it is
 * submitted (nothing left to fill) or when it has no email.
 */
export async function resendSubmissionLink(
  platform: Platform,
  access: AccessContext,
  id: string,
): Promise<TFormLinkSent> {
  if (!isUuid(id)) throw notFound('Submission');
  const db = platform.database.db;
  const [submission] = await db
    .select()
    .from(formSubmissions)
    .where(
      and(
        eq(formSubmissions.id, id),
        eq(formSubmissions.companyId, access.companyId),
        isNull(formSubmissions.deletedAt),
      ),
    )
    .limit(1);
  if (!submission) throw notFound('Submission');
  if (submission.status !== 'DRAFT' && submission.status !== 'SENT_BACK') {
    throw new AppError('CONFLICT', {
      message: 'The submission is already submitted: there is nothing to fill',
    });
  }
  if (!submission.fillerEmail || submission.fillerKind === 'ANONYMOUS') {
    throw new AppError('CONFLICT', { message: 'The submission has no email to send a link to' });
  }
  const form = await findFormBuilder(db, access.companyId, submission.formBuilderId);
  const contactId = await linkContactOf(db, id);
  const sender = await mailSenderOf(platform, access.companyId, access.userId);
  const sent = await db.transaction((tx) =>
    resendLink(
      platform,
      tx,
      form,
      {
        id,
        fillerKind: submission.fillerKind,
        fillerId: submission.fillerId,
        email: submission.fillerEmail!,
        name: submission.fillerName,
        contactId,
      },
      { sender, actor: access.userId },
    ),
  );
  platform.jobs.wake(MAIL_SEND_JOB);
  return {
    formbuilder_data_id: id,
    contact_id: contactId,
    email: submission.fillerEmail,
    expires_at: sent.expiresAt ? sent.expiresAt.toISOString() : null,
  };
}

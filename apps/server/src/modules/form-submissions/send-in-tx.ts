import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { Db } from '../../platform/db/database';
import { AppError } from '../../platform/http/app-error';
import type { Platform } from '../../platform/platform';
import { findFormBuilder } from './builders-port';
import { formSubmissions } from './schema';
import { sendNewLink, type MailSender, type Tx } from './send-link';
import { availabilityNow } from './submission-store';

/*
 * A form sent to one contact inside another module's transaction (a workflow's form step): the
 * contact's DRAFT submission, its link session, the link mail and the LINK_SENT event, all in the
 * caller's transaction. The caller wakes the mail workers after commit.
 */

/**
 * 404 for another company's or a deleted form; 409 when it cannot take a submission now (inactive,
 * closed, full) or only company users fill it. Answers the new submission's id.
 */
export async function sendFormToContact(
  platform: Platform,
  tx: Tx,
  input: {
    companyId: string;
    formBuilderId: string;
    contact: { id: string; email: string; name: string };
    sender: MailSender;
    createdBy: string | null;
  },
): Promise<string> {
  const form = await findFormBuilder(tx, input.companyId, input.formBuilderId);
  const availability = await availabilityNow(tx, form);
  if (availability !== 'OPEN') {
    throw new AppError('CONFLICT', { message: `The form ${form.name} cannot take a submission now` });
  }
  if (form.ownerType === 'COMPANY_USERS') {
    throw new AppError('CONFLICT', { message: `Only company users fill the form ${form.name}` });
  }
  const sent = await sendNewLink(
    platform,
    tx,
    form,
    { kind: 'CONTACT', id: input.contact.id, email: input.contact.email, name: input.contact.name },
    { sender: input.sender, batchId: null, createdBy: input.createdBy },
  );
  return sent.submissionId;
}

/** The answers of submissions by id, flattened to field key -> value (a later key of another step wins). */
export async function submissionAnswers(
  db: Pick<Db, 'select'>,
  companyId: string,
  ids: readonly string[],
): Promise<Map<string, Record<string, unknown>>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: formSubmissions.id, values: formSubmissions.values })
    .from(formSubmissions)
    .where(
      and(
        eq(formSubmissions.companyId, companyId),
        inArray(formSubmissions.id, [...ids]),
        isNull(formSubmissions.deletedAt),
      ),
    );
  return new Map(
    rows.map((r) => [r.id, Object.assign({}, ...Object.values(r.values)) as Record<string, unknown>]),
  );
}

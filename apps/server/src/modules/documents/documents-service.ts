import { and, eq, ne } from 'drizzle-orm';
import { isEmail, type TEmployeeDocument } from '@esigns/contracts/documents';
import { canActOnDocument, type PermissionSlug } from '@esigns/contracts/permissions';
import { isUuid } from '@esigns/contracts/ids';
import { AppError, notFound, validationError } from '../../platform/http/app-error';
import type { Platform } from '../../platform/platform';
import { MAIL_SEND_JOB } from '../../platform/mail/mail-service';
import { findPeople, userIdsByEmails } from '../auth';
import { ensureContactsForEmails } from '../contacts';
import type { AccessContext } from '../permissions';
import { appendDocumentLog } from './document-logs';
import { findEmployeeDocument, type Reader } from './lookups';
import { presentEmployeeDocument } from './present-employee';
import { FINISHED_STATUSES, NO_SECRETS } from './recipients';
import { documentUsers } from './schema';
import { loadSenderInfo } from './sender-info';
import { notifyRecipient } from './notify';
import type { EmployeeRow } from './serializers';

/**
 * Document rights (spec 1 §6, `canActOnDocument`): its sender, a recipient who is not CC, a user
 * it is shared with, an OWNER who is not a receiver on it, or anyone with `slug`.
 */
export async function mayActOnDocument(
  db: Reader,
  access: AccessContext,
  doc: EmployeeRow,
  slug: PermissionSlug,
): Promise<boolean> {
  if (doc.sharedWith.includes(access.userId)) return true;
  const me = (await findPeople(db, [access.userId])).get(access.userId);
  const recipients = await db
    .select({ email: documentUsers.email, type: documentUsers.type, user_type: documentUsers.userType })
    .from(documentUsers)
    .where(eq(documentUsers.employeeDocumentId, doc.id));
  return canActOnDocument(
    { ...access, email: me?.email ?? '' },
    { created_by: doc.senderId, document_users: recipients },
    slug,
  );
}

/** `GET /documents/{document_id}`: the sent document (or draft) with its recipients, no secrets. */
export async function getDocument(
  platform: Platform,
  access: AccessContext,
  id: string,
): Promise<TEmployeeDocument> {
  const db = platform.database.db;
  const doc = await findEmployeeDocument(db, access.companyId, id);
  if (!(await mayActOnDocument(db, access, doc, 'documents:view-all'))) throw notFound('Document');
  return presentEmployeeDocument(db, access.companyId, doc.id, doc);
}

/**
 * `POST /document-users/update-primary-details`: corrects a pending recipient's name or email on
 * a document out for signature. A new email gets a new link (the old one stops working) and, if
 * the recipient is due, a new mail; the change is logged.
 */
export async function updatePrimaryDetails(
  platform: Platform,
  access: AccessContext,
  client: { ip: string; userAgent: string | undefined },
  input: {
    document_id: string;
    document_user_id: string;
    email?: string | undefined;
    first_name?: string | undefined;
    last_name?: string | undefined;
  },
): Promise<TEmployeeDocument> {
  const db = platform.database.db;
  const email = input.email?.trim().toLowerCase();
  if (email !== undefined && !isEmail(email)) {
    throw validationError([{ key: 'email', message: 'Enter a valid email address', path: ['email'] }]);
  }
  const doc = await findEmployeeDocument(db, access.companyId, input.document_id);
  if (!(await mayActOnDocument(db, access, doc, 'documents:manage-all'))) throw notFound('Document');
  if (!isUuid(input.document_user_id)) throw notFound('Recipient');
  const sender = await loadSenderInfo(db, access.companyId, doc.senderId);
  let mailed = false;
  await db.transaction(async (tx) => {
    const locked = await findEmployeeDocument(tx, access.companyId, doc.id, { forUpdate: true });
    if (locked.status !== 'WAITING') {
      throw new AppError('CONFLICT', { message: 'Only a document waiting for signatures can be corrected' });
    }
    const [recipient] = await tx
      .select()
      .from(documentUsers)
      .where(and(eq(documentUsers.id, input.document_user_id), eq(documentUsers.employeeDocumentId, doc.id)))
      .limit(1);
    if (!recipient) throw notFound('Recipient');
    if (FINISHED_STATUSES.includes(recipient.status)) {
      throw new AppError('CONFLICT', { message: 'This recipient has already finished' });
    }
    const emailChanged = email !== undefined && email !== recipient.email;
    if (emailChanged) {
      const [clash] = await tx
        .select({ id: documentUsers.id })
        .from(documentUsers)
        .where(
          and(
            eq(documentUsers.employeeDocumentId, doc.id),
            eq(documentUsers.email, email),
            ne(documentUsers.id, recipient.id),
          ),
        )
        .limit(1);
      if (clash)
        throw validationError([
          { key: 'email', message: `${email} is already a recipient`, path: ['email'] },
        ]);
    }
    const firstName = input.first_name?.trim() ?? recipient.firstName;
    const lastName = input.last_name?.trim() ?? recipient.lastName;
    const links = emailChanged ? await linksForEmail(tx, access, email, firstName, lastName) : {};
    const [updated] = await tx
      .update(documentUsers)
      .set({
        firstName,
        lastName,
        ...(emailChanged ? { email, ...links, ...NO_SECRETS, viewedAt: null } : {}),
      })
      .where(eq(documentUsers.id, recipient.id))
      .returning();
    await appendDocumentLog(tx, {
      companyId: access.companyId,
      employeeDocumentId: doc.id,
      action: 'recipient.updated',
      documentUserId: recipient.id,
      actorUserId: access.userId,
      ip: client.ip,
      userAgent: client.userAgent ?? null,
      details: {
        before: { email: recipient.email, first_name: recipient.firstName, last_name: recipient.lastName },
        after: { email: updated!.email, first_name: firstName, last_name: lastName },
      },
    });
    const wasDue = recipient.status === 'SENT' || recipient.status === 'VIEWED';
    if (emailChanged && wasDue) {
      await notifyRecipient(
        platform,
        tx,
        { companyId: access.companyId, userId: access.userId, ip: client.ip, userAgent: client.userAgent },
        {
          recipient: { ...updated!, status: 'SENT' },
          documentName: locked.name,
          settings: locked.settings,
          sender,
          expiresAt: locked.expiresAt,
        },
      );
      mailed = true;
    }
  });
  if (mailed) platform.jobs.wake(MAIL_SEND_JOB);
  platform.realtime.emitToWorkspace(access.companyId, 'document.updated', { document_id: doc.id });
  return presentEmployeeDocument(db, access.companyId, doc.id);
}

/** The company's contact and the user of an email (a new contact for a new email). */
async function linksForEmail(
  tx: Reader & Pick<Platform['database']['db'], 'insert'>,
  access: AccessContext,
  email: string,
  firstName: string,
  lastName: string,
): Promise<{ contactId: string | null; userId: string | null }> {
  const contactIds = await ensureContactsForEmails(tx, access.companyId, access.userId, [
    { email, firstName, lastName },
  ]);
  const userIds = await userIdsByEmails(tx, [email]);
  return { contactId: contactIds.get(email) ?? null, userId: userIds.get(email) ?? null };
}

import { and, eq } from 'drizzle-orm';
import type { TApplicationUserDetails, TApplicationUserSession } from '@esigns/contracts/application-users';
import { CONTACT_USER_TYPE } from '@esigns/contracts/application-users';
import type { Db } from '../../platform/db/database';
import { AppError } from '../../platform/http/app-error';
import type { Platform } from '../../platform/platform';
import { findAccountById, openContactSession, type ClientInfo } from '../auth';
import { findCompanyById } from '../company';
import { findContactTypes } from '../contacts';
import { companyDateStyle } from '../settings';
import { loadContactContext, type ContactContext } from './access';
import { applicationUsers } from './schema';

type Reader = Pick<Db, 'select'>;

/** The signed-in contact as the client keeps it (`user_details` of a contact session). */
export async function buildContactDetails(
  db: Reader,
  contact: ContactContext,
): Promise<TApplicationUserDetails> {
  const [user, company, types] = await Promise.all([
    findAccountById(db, contact.userId),
    findCompanyById(db, contact.companyId),
    contact.contactTypeId ? findContactTypes(db, contact.companyId, [contact.contactTypeId]) : [],
  ]);
  if (!user || !company) throw new AppError('UNAUTHORIZED', { message: 'Sign in to continue' });
  const type = types[0];
  return {
    _id: user.id,
    contact_id: contact.contactId,
    first_name: user.firstName,
    last_name: user.lastName,
    email: user.email,
    phone: user.phone,
    title: user.title,
    signature: user.signatureKey,
    initial: user.initialKey,
    avatar: user.avatarKey,
    is_contact: true,
    user_type: CONTACT_USER_TYPE,
    account_data_id: contact.accountDataId,
    contact_type: type ? { _id: type.id, name: type.name } : null,
    company_name: company.name,
    company: { _id: company.id, name: company.name, slug: company.slug },
    mf2a_enabled: user.mf2aMethod !== null,
  };
}

/**
 * Opens a contact-area session of a login with ACTIVE portal access in the company (else 401):
 * tokens of a contact family, `last_signin_at` stamped, the contact's details and the company's
 * date format.
 */
export async function openContactSessionReply(
  platform: Platform,
  input: { userId: string; companyId: string; client: ClientInfo },
): Promise<TApplicationUserSession> {
  const db = platform.database.db;
  const { contact, tokens } = await db.transaction(async (tx) => {
    const found = await loadContactContext(tx, input);
    if (!found) throw new AppError('UNAUTHORIZED', { message: 'Your access to this contact area has ended' });
    await tx
      .update(applicationUsers)
      .set({ lastSigninAt: new Date() })
      .where(eq(applicationUsers.id, found.applicationUserId));
    return { contact: found, tokens: await openContactSession(platform, tx, input) };
  });
  const [details, dates] = await Promise.all([
    buildContactDetails(db, contact),
    companyDateStyle(db, contact.companyId),
  ]);
  return {
    ...tokens,
    user_details: details,
    activeWorkSpace: {
      company_id: contact.companyId,
      account_data_id: contact.accountDataId,
      contact_type: details.contact_type,
    },
    globalDateFormat: dates.format,
  };
}

/** Whether the login has ACTIVE portal access in the company (refresh of a contact session). */
export async function hasActiveAccess(db: Reader, userId: string, companyId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: applicationUsers.id })
    .from(applicationUsers)
    .where(
      and(
        eq(applicationUsers.userId, userId),
        eq(applicationUsers.companyId, companyId),
        eq(applicationUsers.status, 'ACTIVE'),
      ),
    )
    .limit(1);
  return row !== undefined;
}

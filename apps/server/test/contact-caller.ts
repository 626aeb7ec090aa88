import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { CONTACT_USER_TYPE } from '@esigns/contracts/application-users';
import { signAccessToken } from '../src/platform/auth/access-token';
import { applicationUsers } from '../src/modules/application-users/schema';
import { contacts } from '../src/modules/contacts/schema';
import { seedUser } from './seed-company';
import type { TestApp } from './test-app';

export type ContactCaller = {
  userId: string;
  contactId: string;
  email: string;
  headers: { authorization: string };
};

/**
 * A contact of `companyId` with ACTIVE portal access and a contact-area access token, written
 * straight to the tables (the invitation and sign-in have their own tests in application-users).
 */
export async function seedContactCaller(
  t: TestApp,
  companyId: string,
  options: { contactTypeId?: string | null; accountDataId?: string | null } = {},
): Promise<ContactCaller> {
  const user = await seedUser(t, 'contact');
  const db = t.platform.database.db;
  const [contact] = await db
    .insert(contacts)
    .values({
      companyId,
      email: user.email,
      firstName: 'Conny',
      lastName: `Tact ${randomUUID().slice(0, 4)}`,
      contactTypeId: options.contactTypeId ?? null,
    })
    .returning({ id: contacts.id });
  await db.insert(applicationUsers).values({
    companyId,
    contactId: contact!.id,
    userId: user.userId,
    status: 'ACTIVE',
    accountDataId: options.accountDataId ?? null,
    activatedAt: new Date(),
  });
  const { token } = await signAccessToken(
    { userId: user.userId, companyId, userType: CONTACT_USER_TYPE, isContact: true },
    t.platform.config.secrets.jwtSecret,
  );
  return { ...user, contactId: contact!.id, headers: { authorization: `Bearer ${token}` } };
}

/** Changes the contact's account record (their OWN scope) after the fact. */
export async function setAccountRecord(t: TestApp, contactId: string, accountDataId: string | null) {
  await t.platform.database.db
    .update(applicationUsers)
    .set({ accountDataId })
    .where(eq(applicationUsers.contactId, contactId));
}

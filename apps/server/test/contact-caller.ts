import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { CONTACT_USER_TYPE } from '@esigns/contracts/application-users';
import { signAccessToken } from '../src/platform/auth/access-token';
import { applicationUsers } from '../src/modules/application-users/schema';
import { contacts } from '../src/modules/contacts/schema';
import type { TEntity } from '@esigns/contracts/entities';
import type { callsOf } from './inject-calls';
import { seedUser, type SeededCompany } from './seed-company';
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

let entitySeq = 0;

/**
 * A GENERAL entity of `company` made by its OWNER through the API (`fields`: its primary template's),
 * its name made unique: the entities contact-area tests give rules on.
 */
export async function seedEntity(
  call: ReturnType<typeof callsOf>,
  company: SeededCompany,
  name: string,
  fields: unknown[],
): Promise<TEntity> {
  entitySeq += 1;
  const res = await call('POST', '/api/entities/create', company.users.OWNER, {
    name: `${name} ${entitySeq}`,
    entity_type: 'GENERAL',
    fields,
  });
  if (res.statusCode !== 200) throw new Error(`entity ${name}: ${res.statusCode} ${res.body}`);
  return (res.json() as { data: TEntity }).data;
}

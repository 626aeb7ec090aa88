/*
 * Test helpers of the contact area (`/ap`): a contact signed in through the real API.
 *
 * Exported: createTestContact, grantAccess, lastContactLink, acceptInvitation, signedInContact,
 * contactSignin, CONTACT_PASSWORD, type ContactSession.
 *
 *   const staff = (await seedCompany(t)).users.OWNER;
 *   const contact = await signedInContact(t, staff);            // staff creates -> grants -> accepted
 *   await t.app.inject({ method: 'GET', url: '/api/application-user/profile', headers: contact.headers });
 */
import { randomUUID } from 'node:crypto';
import { and, desc, eq, sql } from 'drizzle-orm';
import { emailLogs } from '../src/platform/mail/schema';
import { companies } from '../src/modules/company/schema';
import { nextIp } from './accounts';
import type { TestApp } from './test-app';

/** The password contacts made by `signedInContact` choose. */
export const CONTACT_PASSWORD = 'Quiet-harbour-lantern-58';

type Staff = { headers: Record<string, string> };

export type ContactSession = {
  email: string;
  password: string;
  /** The login (`users` row). */
  userId: string;
  contactId: string;
  companyId: string;
  companySlug: string;
  access_token: string;
  refresh_token: string;
  /** `Authorization: Bearer <access token>` of the contact's session. */
  headers: { authorization: string };
};

/** A contact of the staff member's company through `POST /api/contacts`; answers its id and email. */
export async function createTestContact(
  t: TestApp,
  staff: Staff,
  fields: {
    email?: string;
    first_name?: string;
    last_name?: string;
    account_name?: string;
    contact_type_id?: string;
  } = {},
): Promise<{ contactId: string; email: string }> {
  const email = fields.email ?? `contact-${randomUUID().slice(0, 8)}@example.com`;
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/contacts',
    headers: staff.headers,
    payload: { first_name: 'Casey', last_name: 'Contact', ...fields, email },
  });
  if (res.statusCode !== 200) throw new Error(`contact not created: ${res.statusCode} ${res.body}`);
  return { contactId: res.json().data._id as string, email };
}

/** `POST /api/contacts/{id}/portal-access` (throws unless 200); answers the portal access. */
export async function grantAccess(
  t: TestApp,
  staff: Staff,
  contactId: string,
  body: { account_data_id?: string | null } = {},
): Promise<{ status: string; account_data_id: string | null }> {
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/contacts/${contactId}/portal-access`,
    headers: staff.headers,
    payload: body,
  });
  if (res.statusCode !== 200) throw new Error(`access not given: ${res.statusCode} ${res.body}`);
  return res.json().data;
}

/** The token of the newest contact-area link (`invitation` or `reset`) mailed to `email`, from the mail log. */
export async function lastContactLink(
  t: TestApp,
  email: string,
  kind: 'invitation' | 'reset' = 'invitation',
): Promise<string> {
  const [mail] = await t.platform.database.db
    .select({ html: emailLogs.html })
    .from(emailLogs)
    .where(
      and(
        sql`${email} = ANY(${emailLogs.to})`,
        eq(emailLogs.kind, kind === 'invitation' ? 'application-users.invite' : 'application-users.reset'),
      ),
    )
    .orderBy(desc(emailLogs.createdAt))
    .limit(1);
  const token = new RegExp(`/ap/signin\\?company=[^&"]+&(?:amp;)?${kind}=([A-Za-z0-9_%-]+)`).exec(
    mail?.html ?? '',
  )?.[1];
  if (!token) throw new Error(`no ${kind} mail for ${email}`);
  return decodeURIComponent(token);
}

/**
 * `POST /api/application/user-verify` with the newest invitation of `email` and a password (null:
 * none, for an email that already has one); answers the reply's data.
 */
export async function acceptInvitation(
  t: TestApp,
  email: string,
  password: string | null = CONTACT_PASSWORD,
): Promise<Record<string, unknown>> {
  const token = await lastContactLink(t, email);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/application/user-verify',
    payload: password === null ? { token } : { token, password },
    remoteAddress: nextIp(),
  });
  if (res.statusCode !== 200) throw new Error(`invitation not accepted: ${res.statusCode} ${res.body}`);
  return res.json().data;
}

/** `POST /api/application-user-signin` from a fresh address (the raw answer). */
export function contactSignin(t: TestApp, body: { email: string; password: string; company_slug: string }) {
  return t.app.inject({
    method: 'POST',
    url: '/api/application-user-signin',
    payload: body,
    remoteAddress: nextIp(),
  });
}

/**
 * A contact of the staff member's company, given portal access by them, who accepted the
 * invitation (password CONTACT_PASSWORD) and holds the session it opened. `contact` names an
 * existing contact instead of creating one.
 */
export async function signedInContact(
  t: TestApp,
  staff: Staff,
  options: {
    contact?: { contactId: string; email: string };
    fields?: Parameters<typeof createTestContact>[2];
    account_data_id?: string | null;
  } = {},
): Promise<ContactSession> {
  const contact = options.contact ?? (await createTestContact(t, staff, options.fields));
  await grantAccess(
    t,
    staff,
    contact.contactId,
    options.account_data_id === undefined ? {} : { account_data_id: options.account_data_id },
  );
  const data = (await acceptInvitation(t, contact.email)) as {
    access_token: string;
    refresh_token: string;
    user_details: { _id: string; company: { _id: string; slug: string } };
  };
  if (!data.access_token) throw new Error('the accepted invitation opened no session (second factor?)');
  const [company] = await t.platform.database.db
    .select({ slug: companies.slug })
    .from(companies)
    .where(eq(companies.id, data.user_details.company._id));
  return {
    email: contact.email,
    password: CONTACT_PASSWORD,
    userId: data.user_details._id,
    contactId: contact.contactId,
    companyId: data.user_details.company._id,
    companySlug: company?.slug ?? data.user_details.company.slug,
    access_token: data.access_token,
    refresh_token: data.refresh_token,
    headers: { authorization: `Bearer ${data.access_token}` },
  };
}

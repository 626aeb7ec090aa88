import { desc, sql } from 'drizzle-orm';
import type { UserType } from '@esigns/contracts/auth';
import { emailLogs } from '../src/platform/mail/schema';
import { companyUsers } from '../src/modules/company/schema';
import type { TestApp } from './test-app';

let ipSeq = 0;
/** Sign-in routes are rate-limited per IP: each test call comes from its own address. */
export function nextIp(): string {
  ipSeq += 1;
  return `10.${100 + ((ipSeq >> 16) & 63)}.${(ipSeq >> 8) & 255}.${ipSeq & 255}`;
}

export type TestSession = {
  email: string;
  password: string;
  userId: string;
  companyId: string;
  access_token: string;
  refresh_token: string;
};

let seq = 0;
/**
 * A verified user signed in to a new workspace (a BUSINESS one with `company`), through the
 * real API: sign-up, the code from the Outbox, verification, sign-in.
 */
export async function signUpAndSignIn(t: TestApp, options: { company?: string } = {}): Promise<TestSession> {
  seq += 1;
  const email = `u${seq}-${Date.now()}@example.com`;
  const password = 'S3cure-pass';
  const body = { first_name: 'Test', last_name: `User${seq}`, email, password };
  await t.app.inject({
    method: 'POST',
    url: options.company ? '/api/companySignup' : '/api/signup',
    payload: options.company ? { ...body, company_name: options.company } : body,
    remoteAddress: nextIp(),
  });
  const [mail] = await t.platform.database.db
    .select()
    .from(emailLogs)
    .where(sql`${email} = ANY(${emailLogs.to})`)
    .orderBy(desc(emailLogs.createdAt));
  const code = /(\d{6})$/.exec(mail?.subject ?? '')?.[1];
  if (!code) throw new Error(`no verification mail for ${email}`);
  await t.app.inject({
    method: 'POST',
    url: '/api/email/verify',
    payload: { email, code },
    remoteAddress: nextIp(),
  });
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/signin',
    payload: { email, password },
    remoteAddress: nextIp(),
  });
  const data = res.json().data;
  return {
    email,
    password,
    userId: data.user_details._id,
    companyId: data.user_details.current_workspace.company_id,
    access_token: data.access_token,
    refresh_token: data.refresh_token,
  };
}

/**
 * A new user who is a member of `companyId` with `userType`, signed in to that company. The
 * membership row is written directly: invitations have their own tests.
 */
export async function memberOf(t: TestApp, companyId: string, userType: UserType): Promise<TestSession> {
  const user = await signUpAndSignIn(t);
  await t.platform.database.db.insert(companyUsers).values({ companyId, userId: user.userId, userType });
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/switchWorkspace/${companyId}`,
    payload: { refresh_token: user.refresh_token },
    headers: { authorization: `Bearer ${user.access_token}` },
  });
  const data = res.json().data;
  return { ...user, companyId, access_token: data.access_token, refresh_token: data.refresh_token };
}

export function bearer(session: { access_token: string }): { authorization: string } {
  return { authorization: `Bearer ${session.access_token}` };
}

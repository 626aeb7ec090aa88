import { desc, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/test-app';
import { emailLogs } from '../../platform/mail/schema';

// The email log is per company: the owner's own sign-up verification mail belongs to the workspace
// made at sign-up, so the owner finds it there (code and link redacted), and another company does not.

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});

let ip = 0;
const post = (url: string, payload: object, token?: string) => {
  ip += 1;
  return t.app.inject({
    method: 'POST',
    url,
    payload,
    remoteAddress: `10.7.0.${ip}`,
    ...(token ? { headers: { authorization: `Bearer ${token}` } } : {}),
  });
};

async function verificationMail(to: string) {
  const rows = await t.platform.database.db
    .select()
    .from(emailLogs)
    .where(sql`${to} = ANY(${emailLogs.to})`)
    .orderBy(desc(emailLogs.createdAt));
  return rows.find((row) => row.kind === 'auth.verify-email');
}

/** A company owner signed up, verified by the mailed code and signed in: its token. */
async function owner(email: string, company: string): Promise<string> {
  const signup = await post('/api/companySignup', {
    company_name: company,
    first_name: 'Asha',
    last_name: 'Rao',
    email,
    password: 'S3cure-pass',
  });
  expect(signup.statusCode, signup.body).toBe(200);
  const code = /(\d{6})$/.exec((await verificationMail(email))?.subject ?? '')?.[1] ?? '';
  expect((await post('/api/email/verify', { email, code })).statusCode).toBe(200);
  const session = await post('/api/signin', { email, password: 'S3cure-pass' });
  expect(session.statusCode, session.body).toBe(200);
  return session.json().data.access_token as string;
}

const logOf = async (token: string) => {
  const res = await t.app.inject({
    method: 'GET',
    url: '/api/email-logs?limit=100',
    headers: { authorization: `Bearer ${token}` },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.data as { _id: string; kind: string; to: string[]; subject: string }[];
};

describe("the owner's sign-up verification mail", { timeout: 120_000 }, () => {
  it("is logged under the new company: in its owner's email log, code redacted, not in another's", async () => {
    const first = await owner('owner-one@example.com', 'Lakeside Lettings');
    const second = await owner('owner-two@example.com', 'Hilltop Homes');
    const mail = await verificationMail('owner-one@example.com');
    expect(mail?.companyId).toEqual(expect.any(String));

    const own = (await logOf(first)).find((row) => row._id === mail?.id);
    expect(own).toMatchObject({ kind: 'auth.verify-email', to: ['owner-one@example.com'] });
    expect(own?.subject).not.toMatch(/\d{6}$/);
    expect((await logOf(second)).map((row) => row._id)).not.toContain(mail?.id);
  });

  it('is logged under the company again when resent before verifying', async () => {
    const res = await post('/api/companySignup', {
      company_name: 'Riverside Rentals',
      first_name: 'Ira',
      last_name: 'Sen',
      email: 'owner-three@example.com',
      password: 'S3cure-pass',
    });
    expect(res.statusCode, res.body).toBe(200);
    const firstMail = await verificationMail('owner-three@example.com');
    const again = await post('/api/resend/verify', { email: 'owner-three@example.com' });
    expect(again.statusCode, again.body).toBeLessThan(300);
    const resent = await verificationMail('owner-three@example.com');
    expect(resent?.id).not.toBe(firstMail?.id);
    expect(resent?.companyId).toBe(firstMail?.companyId);
  });
});

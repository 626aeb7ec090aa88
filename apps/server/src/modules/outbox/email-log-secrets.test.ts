import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UTC_STYLE } from '@esigns/contracts/dates';
import { buildTestApp, type TestApp } from '../../../test/test-app';
import { signAccessToken } from '../../platform/auth/access-token';
import type { TMailMessage } from '../../platform/mail/mail-service';
import { emailLogs } from '../../platform/mail/schema';
import { startSmtpSink, waitFor } from '../../platform/mail/smtp-sink-test-utils';
import { passwordResetMail, signinCodeMail, verificationMail } from '../auth/mails';
import { invitationMail, setPasswordMail } from '../company-users/mails';
import { publishedCodeMail, signingLink, signingRequestMail } from '../documents/mails';
import { transferCodeMail } from '../transfer-account/mails';
import { signerCodeMail } from '../signing/mails';

/*
 * The finding: a company's admin read, in the Outbox, the signing links, email codes, invitation
 * links and password reset codes the instance mailed on the company's behalf, signed as an
 * outside recipient and took over an account. Company users get a redacted email log; only the
 * operator's key, without SMTP, reads mails as sent.
 */

const COMPANY = randomUUID();
const CODE = '482913';
const TOKEN = 'tok_Zx9QvL2mK7pR4sT8wY1bN6cD3fG5hJ0a';
const PUBLIC_URL = 'http://localhost:3000';
const branding = {};

/** Every mail builder that carries a secret, filled with the same code and token. */
const MAILS: [string, TMailMessage][] = [
  [
    'email verification',
    verificationMail({
      to: 'v@example.com',
      firstName: 'Vi',
      code: CODE,
      link: `${PUBLIC_URL}/verify?token=${TOKEN}`,
    }),
  ],
  [
    'password reset',
    passwordResetMail({
      to: 'r@example.com',
      firstName: 'Ro',
      code: CODE,
      link: `${PUBLIC_URL}/reset?token=${TOKEN}`,
    }),
  ],
  ['sign-in code', signinCodeMail({ to: 's@example.com', firstName: 'Si', code: CODE })],
  [
    'invitation',
    invitationMail({
      to: 'i@example.com',
      firstName: 'In',
      companyName: 'Acme',
      inviterName: 'Ann Admin',
      userType: 'MEMBER',
      roleName: null,
      link: `${PUBLIC_URL}/inviteUser?token=${TOKEN}`,
      expiresAt: new Date('2030-01-01T00:00:00Z'),
      dates: UTC_STYLE,
      branding,
    }),
  ],
  [
    'set password',
    setPasswordMail({
      to: 'p@example.com',
      firstName: 'Pa',
      companyName: 'Acme',
      inviterName: 'Ann Admin',
      code: CODE,
      link: `${PUBLIC_URL}/set-password?token=${TOKEN}`,
      validHours: 72,
      branding,
    }),
  ],
  [
    'signing request',
    signingRequestMail({
      to: 'signer@example.com',
      firstName: 'Sam',
      userType: 'SIGNER',
      documentName: 'NDA',
      senderName: 'Ann Admin',
      senderEmail: 'ann@acme.test',
      companyName: 'Acme',
      subject: '',
      message: '',
      link: signingLink(PUBLIC_URL, randomUUID(), randomUUID(), TOKEN),
      expiresAt: null,
      dates: UTC_STYLE,
      branding,
    }),
  ],
  [
    "recipient's email code",
    signerCodeMail({
      to: 'signer@example.com',
      firstName: 'Sam',
      code: CODE,
      documentName: 'NDA',
      companyName: 'Acme',
      validMinutes: 10,
      branding,
    }),
  ],
  [
    'published template code',
    publishedCodeMail({
      to: 'visitor@example.com',
      firstName: 'Vic',
      code: CODE,
      documentName: 'Application form',
      companyName: 'Acme',
      validMinutes: 10,
      branding,
    }),
  ],
  [
    'ownership transfer code',
    transferCodeMail({
      to: 'heir@example.com',
      code: CODE,
      link: `${PUBLIC_URL}/transfer-account?token=${TOKEN}`,
      expiresAt: new Date('2030-01-01T00:00:00Z'),
      dates: UTC_STYLE,
      companyName: 'Acme',
      ownerName: 'Ann Admin',
      targetName: 'Hal Heir',
      branding,
    }),
  ],
];

let t: TestApp;
let smtp: TestApp;
const ids: Record<string, string> = {};
let legacyId: string;
let admin: Record<string, string>;

async function get(app: TestApp, url: string, headers: Record<string, string>) {
  const res = await app.app.inject({ method: 'GET', url, headers });
  return { status: res.statusCode, body: res.json() };
}

function expectNoSecret(value: string | null): void {
  expect(value ?? '').not.toContain(CODE);
  expect(value ?? '').not.toContain(TOKEN);
}

beforeAll(async () => {
  t = await buildTestApp();
  for (const [name, mail] of MAILS)
    ids[name] = (await t.platform.mail.queue(mail, { companyId: COMPANY })).id;
  // A mail stored before the email log existed: no redacted bodies (the migration only redacts subjects).
  const [legacy] = await t.platform.database.db
    .insert(emailLogs)
    .values({
      companyId: COMPANY,
      to: ['old@example.com'],
      subject: 'Old reset mail',
      redactedSubject: 'Old reset mail',
      html: `<a href="${PUBLIC_URL}/reset?token=${TOKEN}">Reset</a> ${CODE}`,
      text: `Reset: ${PUBLIC_URL}/reset?token=${TOKEN} ${CODE}`,
      kind: 'auth.password-reset',
      status: 'OUTBOX',
    })
    .returning({ id: emailLogs.id });
  legacyId = legacy!.id;
  const { token } = await signAccessToken(
    { userId: randomUUID(), companyId: COMPANY, userType: 'OWNER' },
    t.config.secrets.jwtSecret,
  );
  admin = { authorization: `Bearer ${token}` };
  // An instance with SMTP configured (the port refuses: the mails stay QUEUED, which is fine here).
  smtp = await buildTestApp({ SMTP_URL: 'smtp://127.0.0.1:9?pool=false' });
  await smtp.platform.mail.queue(MAILS[1]![1], { companyId: COMPANY });
});

afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

describe("a company's email log", () => {
  it.each(MAILS.map(([name]) => [name]))('never shows the code or link of a %s mail', async (name) => {
    const list = await get(t, '/api/email-logs?limit=50', admin);
    expect(list.status).toBe(200);
    const row = list.body.data.data.find((r: { _id: string }) => r._id === ids[name]);
    expect(row).toBeDefined();
    expectNoSecret(row.subject);

    const { status, body } = await get(t, `/api/email-logs/${ids[name]}`, admin);
    expect(status).toBe(200);
    expect(body.data.redacted).toBe(true);
    expect(body.data.html).toEqual(expect.any(String));
    expectNoSecret(body.data.subject);
    expectNoSecret(body.data.html);
    expectNoSecret(body.data.text);
    expect(`${body.data.subject} ${body.data.html}`).toMatch(/\[redacted (code|link)\]/);
  });

  it('keeps what the log is for: recipient, kind, status and the wording', async () => {
    const { body } = await get(t, `/api/email-logs/${ids['password reset']}`, admin);
    expect(body.data).toMatchObject({
      to: ['r@example.com'],
      kind: 'auth.password-reset',
      subject: 'Your password reset code: [redacted code]',
    });
    expect(body.data.html).toContain('Choose a new password');
    expect(body.data.html).toContain('[redacted link]');
    expect(body.data.text).toContain('Choose a new password: [redacted link]');
  });

  it('finds nothing when searching for a code', async () => {
    const { body } = await get(t, `/api/email-logs?search=${CODE}`, admin);
    expect(body.data.total).toBe(0);
  });

  it('shows no body for a mail stored before redaction existed', async () => {
    const { status, body } = await get(t, `/api/email-logs/${legacyId}`, admin);
    expect(status).toBe(200);
    expect(body.data).toMatchObject({ subject: 'Old reset mail', html: null, text: null, redacted: true });
  });

  it("refuses the company's admin the operator's Outbox", async () => {
    expect((await get(t, `/api/outbox/${ids['password reset']}`, admin)).status).toBe(403);
    expect((await get(t, '/api/outbox', admin)).status).toBe(403);
  });
});

describe("the operator's Outbox", () => {
  it('reads mails as sent while no SMTP is configured', async () => {
    const key = { 'x-outbox-key': t.config.secrets.outboxKey };
    const { body } = await get(t, `/api/outbox/${ids['password reset']}`, key);
    expect(body.data.redacted).toBe(false);
    expect(body.data.subject).toContain(CODE);
    expect(body.data.html).toContain(TOKEN);
    const search = await get(t, `/api/outbox?search=${CODE}`, key);
    expect(search.body.data.total).toBe(MAILS.filter(([, m]) => m.subject.includes(CODE)).length);
  });

  it('reads only the redacted copies once SMTP_URL is set', async () => {
    const key = { 'x-outbox-key': smtp.config.secrets.outboxKey };
    const list = await get(smtp, '/api/outbox', key);
    expect(list.status).toBe(200);
    const [row] = list.body.data.data;
    expectNoSecret(row.subject);
    const { status, body } = await get(smtp, `/api/outbox/${row._id}`, key);
    expect(status).toBe(200);
    expect(body.data.redacted).toBe(true);
    expectNoSecret(body.data.subject);
    expectNoSecret(body.data.html);
    expectNoSecret(body.data.text);
  });
});

describe("a company's own SMTP", () => {
  it("keeps the mails it carried from the operator's eyes, even without SMTP_URL", async () => {
    const OWN = randomUUID();
    const sink = await startSmtpSink();
    t.platform.mail.setCompanySmtpResolver(async (companyId) =>
      companyId === OWN
        ? {
            version: '1',
            settings: () => ({
              host: '127.0.0.1',
              port: sink.port,
              security: 'NONE',
              username: '',
              password: null,
              fromName: 'Own',
              fromEmail: 'mail@own.test',
            }),
          }
        : null,
    );
    try {
      const { id } = await t.platform.mail.queue(MAILS[1]![1], { companyId: OWN });
      await waitFor(async () => (sink.mails.length > 0 ? true : undefined), 'the mail at the company server');
      const key = { 'x-outbox-key': t.config.secrets.outboxKey };
      const row = await waitFor(async () => {
        const { body } = await get(t, `/api/outbox/${id}`, key);
        return body.data?.status === 'SENT' ? body.data : undefined;
      }, 'the mail to be SENT');
      expect(row).toMatchObject({ transport: 'company', redacted: true });
      expectNoSecret(row.subject);
      expectNoSecret(row.html);
      expectNoSecret(row.text);
      const search = await get(t, `/api/outbox?search=${CODE}&limit=50`, key);
      expect(search.body.data.data.map((r: { _id: string }) => r._id)).not.toContain(id);
      // What the company's server received is the mail as sent.
      expect(sink.mails[0]!.raw).toContain(CODE);

      const { token } = await signAccessToken(
        { userId: randomUUID(), companyId: OWN, userType: 'ADMIN' },
        t.config.secrets.jwtSecret,
      );
      const logged = await get(t, `/api/email-logs/${id}`, { authorization: `Bearer ${token}` });
      expect(logged.body.data).toMatchObject({
        transport: 'company',
        redacted: true,
        template: 'Password reset',
      });
      expectNoSecret(logged.body.data.html);
    } finally {
      t.platform.mail.setCompanySmtpResolver(null);
      await sink.close();
    }
  });
});

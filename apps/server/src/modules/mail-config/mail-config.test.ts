import { Writable } from 'node:stream';
import { and, eq } from 'drizzle-orm';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TOutboxMailRow } from '@esigns/contracts/outbox';
import { seedCompany, type SeededCompany, type SeededUser } from '../../../test/seed-company';
import { buildTestApp, type TestApp } from '../../../test/test-app';
import { emailLogs, type EmailStatus } from '../../platform/mail/schema';
import {
  closedPort,
  mimePart,
  startSmtpSink,
  waitFor,
  type SmtpSink,
} from '../../platform/mail/smtp-sink-test-utils';
import { companySmtpConfigs } from './schema';

const PASSWORD = 'Acme-Smtp-S3cret!';
const WRONG_PASSWORD = 'Not-The-Pa55word';

let t: TestApp;
let acme: SeededCompany;
let other: SeededCompany;
let instance: SmtpSink;
let own: SmtpSink;
const logLines: string[] = [];

beforeAll(async () => {
  instance = await startSmtpSink();
  own = await startSmtpSink({
    login: { username: 'acme', password: PASSWORD },
    rejections: { 'bounce@example.com': 550, 'later@example.com': 451, 'refused@example.com': 550 },
  });
  const stream = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      logLines.push(chunk.toString('utf8'));
      callback();
    },
  });
  t = await buildTestApp(
    // The company servers of these tests listen on 127.0.0.1.
    { SMTP_URL: instance.url, MAIL_FROM: 'e-Signs <no-reply@esigns.test>', SMTP_ALLOW_PRIVATE_HOSTS: '1' },
    { log: pino({ level: 'trace' }, stream) },
  );
  acme = await seedCompany(t, { name: 'Acme Realty' });
  other = await seedCompany(t, { name: 'Other Estates' });
});
afterAll(async () => {
  await t?.close();
  await instance?.close();
  await own?.close();
});

type Method = 'GET' | 'POST';
let callers = 0;
/** Each call from its own address: the save is limited to 10 calls a minute per client. */
const call = (method: Method, url: string, who?: SeededUser, payload?: unknown, remoteAddress?: string) => {
  callers += 1;
  return t.app.inject({
    method,
    url,
    remoteAddress: remoteAddress ?? `10.1.${callers >> 8}.${callers & 255}`,
    ...(payload === undefined ? {} : { payload: payload as object }),
    ...(who ? { headers: who.headers } : {}),
  });
};

/** Saves `settings(patch)` as `who`. */
const save = (who: SeededUser | undefined, patch: Record<string, unknown> = {}) =>
  call('POST', '/api/config/smtp', who, settings(patch));

const settings = (patch: Record<string, unknown> = {}) => ({
  host: '127.0.0.1',
  port: own.port,
  security: 'NONE',
  username: 'acme',
  password: PASSWORD,
  from_name: 'Acme Realty',
  from_email: 'mail@acme.test',
  test_to: 'check@example.com',
  ...patch,
});

async function saved(company: SeededCompany) {
  const [row] = await t.platform.database.db
    .select()
    .from(companySmtpConfigs)
    .where(eq(companySmtpConfigs.companyId, company.companyId));
  return row;
}

async function mailRow(id: string) {
  const [row] = await t.platform.database.db.select().from(emailLogs).where(eq(emailLogs.id, id));
  return row;
}

function waitForStatus(id: string, status: EmailStatus) {
  return waitFor(async () => {
    const r = await mailRow(id);
    return r?.status === status ? r : undefined;
  }, `mail ${id} to be ${status}`);
}

async function waitForMail(companyId: string, to: string, status: EmailStatus) {
  return waitFor(async () => {
    const rows = await t.platform.database.db
      .select()
      .from(emailLogs)
      .where(and(eq(emailLogs.companyId, companyId), eq(emailLogs.status, status)));
    return rows.find((r) => r.to.includes(to));
  }, `a ${status} mail to ${to}`);
}

async function logRow(who: SeededUser, id: string): Promise<TOutboxMailRow | undefined> {
  const res = await call('GET', '/api/email-logs?limit=100', who);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json().data.data as TOutboxMailRow[]).find((r) => r._id === id);
}

const queueFor = (company: SeededCompany, to: string, subject: string) =>
  t.platform.mail.queue(
    {
      to,
      subject,
      kind: 'document.sent',
      bodyHtml: '<p>Please sign the lease.</p>',
      button: {
        label: 'Review and sign',
        url: `https://sign.example.com/s/${subject.length}?token=tok_abc123`,
      },
    },
    { companyId: company.companyId },
  );

describe('saving the settings', () => {
  it('answers configured: false before anything is saved', async () => {
    const res = await call('GET', '/api/config/smtp', acme.users.ADMIN);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({
      configured: false,
      enabled: false,
      host: null,
      has_password: false,
    });
  });

  it('tries them (login and a test mail) and saves them, never answering the password', async () => {
    const res = await save(acme.users.OWNER);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.body).not.toContain(PASSWORD);
    expect(res.json()).toMatchObject({ success: true, message: 'SMTP settings saved' });
    expect(res.json().data).toMatchObject({
      configured: true,
      enabled: true,
      host: '127.0.0.1',
      port: own.port,
      security: 'NONE',
      username: 'acme',
      has_password: true,
      from_name: 'Acme Realty',
      from_email: 'mail@acme.test',
      verified_at: expect.any(String),
    });
    expect(res.json().data).not.toHaveProperty('password');

    const test = own.mails.find((m) => m.rcptTo.includes('check@example.com'));
    expect(test?.mailFrom).toBe('mail@acme.test');
    expect(test!.raw).toContain('Subject: Test mail from Acme Realty');
    expect(mimePart(test!.raw, 'text/html')).toContain('Your SMTP settings work');
    expect(own.logins.at(-1)).toEqual({ username: 'acme', password: PASSWORD });
    const logged = await waitForMail(acme.companyId, 'check@example.com', 'SENT');
    expect(logged).toMatchObject({ kind: 'smtp.test', transport: 'company', attempts: 1 });

    // At rest the password is sealed, in no readable form.
    const row = await saved(acme);
    expect(row?.passwordEncrypted).toMatch(/^v1\./);
    expect(row?.passwordEncrypted).not.toContain(PASSWORD);
    expect(row?.passwordEncrypted).not.toContain(Buffer.from(PASSWORD).toString('base64'));
    expect(row?.keyVersion).toBe(1);

    const read = await call('GET', '/api/config/smtp', acme.users.ADMIN);
    expect(read.json().data).toEqual(res.json().data);
    expect(read.body).not.toContain(PASSWORD);
  });

  it('keeps the stored password when none is given, and mails the test to the caller by default', async () => {
    const before = (await saved(acme))!.version;
    const body: Record<string, unknown> = settings({ from_name: 'Acme Lettings' });
    delete body.password;
    delete body.test_to;
    const res = await call('POST', '/api/config/smtp', acme.users.ADMIN, body);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ from_name: 'Acme Lettings', has_password: true });
    expect(own.logins.at(-1)).toEqual({ username: 'acme', password: PASSWORD });
    expect(own.mails.some((m) => m.rcptTo.includes(acme.users.ADMIN.email))).toBe(true);
    expect((await saved(acme))!.version).toBe(before + 1);
  });

  it.each([
    ['another host', { host: 'localhost' }],
    ['another port', { port: 2 }],
    ['another security', { security: 'TLS' }],
    ['another user name', { username: 'someone' }],
  ])('asks for the password again for %s, before connecting anywhere', async (_name, patch) => {
    const connections = own.connections() + instance.connections();
    const body: Record<string, unknown> = settings(patch);
    delete body.password;
    const res = await call('POST', '/api/config/smtp', acme.users.OWNER, body);
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json().errors.details[0]).toMatchObject({ key: 'password' });
    expect(own.connections() + instance.connections()).toBe(connections);
  });

  it("refuses settings that fail with 'Please Verify your Details Once' and the server's reason, keeping the saved ones", async () => {
    const kept = await saved(acme);
    const refused = [
      [{ password: WRONG_PASSWORD }, 'password', /535|Invalid username or password/],
      [{ port: await closedPort() }, 'host', /ECONNREFUSED/],
      [{ security: 'STARTTLS' }, 'host', /STARTTLS|TLS/i],
      [{ test_to: 'refused@example.com' }, 'test_to', /550/],
    ] as const;
    for (const [patch, key, reason] of refused) {
      const res = await save(acme.users.OWNER, patch);
      expect(res.statusCode, res.body).toBe(422);
      expect(res.json().message).toBe('Please Verify your Details Once');
      expect(res.json().errors.details[0].key).toBe(key);
      expect(res.json().errors.details[0].message).toMatch(reason);
      expect(res.body).not.toContain(WRONG_PASSWORD);
      expect(res.body).not.toContain(PASSWORD);
    }
    expect(await saved(acme)).toEqual(kept);
    // The refused test mail is in the email log with the server's answer.
    const failed = await waitForMail(acme.companyId, 'refused@example.com', 'FAILED');
    expect(failed).toMatchObject({ kind: 'smtp.test', transport: 'company' });
    expect(failed.error).toContain('550');
  });

  it('removes the password with an empty one (a server without login)', async () => {
    const res = await save(acme.users.OWNER, { port: instance.port, username: '', password: '' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ has_password: false, username: '' });
    expect((await saved(acme))?.passwordEncrypted).toBeNull();
    const back = await save(acme.users.OWNER);
    expect(back.statusCode, back.body).toBe(200);
  });
});

describe('mails of a company with its own SMTP', () => {
  it('go through its server with both parts; the log shows them redacted, with the transport', async () => {
    const res = await call('POST', '/api/user/inviteUser', acme.users.OWNER, {
      email: 'new.agent@example.com',
      user_type: 'MEMBER',
    });
    expect(res.statusCode, res.body).toBe(200);
    const row = await waitForMail(acme.companyId, 'new.agent@example.com', 'SENT');
    expect(row).toMatchObject({ transport: 'company', kind: 'company-users.invite' });
    const mail = own.mails.find((m) => m.rcptTo.includes('new.agent@example.com'));
    expect(mail!.raw).toMatch(/^From: "?Acme Realty"? <mail@acme\.test>/m);
    expect(mimePart(mail!.raw, 'text/html')).toMatch(/inviteUser\?token=/);
    expect(mimePart(mail!.raw, 'text/plain')).toMatch(/inviteUser\?token=/);

    const logged = await logRow(acme.users.ADMIN, row.id);
    expect(logged).toMatchObject({
      transport: 'company',
      status: 'SENT',
      template: 'Invitation',
      retries: 0,
    });
    const detail = await call('GET', `/api/email-logs/${row.id}`, acme.users.ADMIN);
    expect(detail.json().data.redacted).toBe(true);
    expect(detail.json().data.html).toContain('[redacted link]');
    expect(detail.body).not.toMatch(/inviteUser\?token=/);
  });

  it("leave another company's mails with the instance's SMTP", async () => {
    const { id } = await queueFor(other, 'tenant@other.example.com', 'Other lease');
    const row = await waitForStatus(id, 'SENT');
    expect(row.transport).toBe('instance');
    expect(instance.mails.some((m) => m.rcptTo.includes('tenant@other.example.com'))).toBe(true);
    expect(own.mails.some((m) => m.rcptTo.includes('tenant@other.example.com'))).toBe(false);
    const mine = await call('GET', '/api/config/smtp', other.users.OWNER);
    expect(mine.json().data).toMatchObject({ configured: false, host: null });
    expect(mine.body).not.toContain('acme');
  });

  it("fail at once when its server refuses them (5xx), with the server's reason in the log", async () => {
    const { id } = await queueFor(acme, 'bounce@example.com', 'Bounced lease');
    const row = await waitForStatus(id, 'FAILED');
    expect(row.attempts).toBe(1);
    const logged = await logRow(acme.users.OWNER, id);
    expect(logged).toMatchObject({ status: 'FAILED', transport: 'company', attempts: 1, retries: 0 });
    expect(logged?.error).toMatch(/550.*refused by test/);
  });

  it('are retried when its server defers them (4xx), and sent once on a later attempt', async () => {
    const { id } = await queueFor(acme, 'later@example.com', 'Deferred lease');
    const first = await waitFor(async () => {
      const r = await mailRow(id);
      return r && r.attempts >= 1 && r.status !== 'SENDING' ? r : undefined;
    }, 'the first attempt');
    expect(first).toMatchObject({ status: 'QUEUED', transport: 'company' });
    expect(first.error).toContain('451');
    delete own.rejections['later@example.com'];
    await t.platform.mail.deliver({ id }, { retryCount: 1 });
    const logged = await logRow(acme.users.ADMIN, id);
    expect(logged).toMatchObject({
      status: 'SENT',
      retries: first.attempts,
      transport: 'company',
      error: null,
    });
    expect(own.mails.filter((m) => m.rcptTo.includes('later@example.com'))).toHaveLength(1);
  });

  it('go back to the instance SMTP when the settings are disabled (kept, untried)', async () => {
    const connections = own.connections();
    const off = await save(acme.users.OWNER, { enabled: false });
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json().data).toMatchObject({ enabled: false, has_password: true, verified_at: null });
    expect(own.connections()).toBe(connections);

    const { id } = await queueFor(acme, 'disabled@example.com', 'While disabled');
    const row = await waitForStatus(id, 'SENT');
    expect(row.transport).toBe('instance');
    expect(instance.mails.some((m) => m.rcptTo.includes('disabled@example.com'))).toBe(true);

    const on = await save(acme.users.OWNER);
    expect(on.statusCode, on.body).toBe(200);
    expect(on.json().data.enabled).toBe(true);
  });
});

describe('who may', () => {
  it.each([['MEMBER'], ['MANAGER']] as const)('answers 403 to a %s, reading or saving', async (type) => {
    const connections = own.connections();
    expect((await call('GET', '/api/config/smtp', acme.users[type])).statusCode).toBe(403);
    const res = await save(acme.users[type]);
    expect(res.statusCode).toBe(403);
    expect(own.connections()).toBe(connections);
  });

  it('limits saving to 10 calls a minute per client', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) {
      const res = await call('POST', '/api/config/smtp', acme.users.OWNER, settings({ port: 0 }), '10.9.9.9');
      statuses.push(res.statusCode);
    }
    expect(statuses.slice(0, 10).every((s) => s === 422)).toBe(true);
    expect(statuses[10]).toBe(429);
  });

  it('answers 401 without a token', async () => {
    expect((await call('GET', '/api/config/smtp')).statusCode).toBe(401);
    expect((await save(undefined)).statusCode).toBe(401);
  });

  it("lets another company's admin neither read nor change this company's settings", async () => {
    const res = await save(other.users.ADMIN, { port: instance.port, username: '', password: '' });
    expect(res.statusCode, res.body).toBe(200);
    const mine = await saved(acme);
    expect(mine).toMatchObject({ port: own.port, username: 'acme' });
    expect((await call('GET', '/api/config/smtp', acme.users.OWNER)).json().data.port).toBe(own.port);
    // Back to none for the other company: disabled settings are its own, and change nothing of acme's.
    const off = await save(other.users.ADMIN, {
      enabled: false,
      port: instance.port,
      username: '',
      password: '',
    });
    expect(off.statusCode).toBe(200);
  });
});

describe('bad input', () => {
  const long = (n: number) => 'a'.repeat(n);
  it.each([
    ['no host', { host: '' }, 'host'],
    ['a host with a space', { host: 'smtp example.com' }, 'host'],
    ['a host with a scheme', { host: 'smtp://example.com' }, 'host'],
    ['a host of 300 characters', { host: `${long(296)}.com` }, 'host'],
    ['port 0', { port: 0 }, 'port'],
    ['port 70000', { port: 70000 }, 'port'],
    ['a port as text', { port: '25' }, 'port'],
    ['a fractional port', { port: 25.5 }, 'port'],
    ['an unknown security', { security: 'SSL' }, 'security'],
    ['a bad sender address', { from_email: 'not-an-email' }, 'from_email'],
    ['no sender name', { from_name: ' ' }, 'from_name'],
    ['a sender name of 10,000 characters', { from_name: long(10_000) }, 'from_name'],
    ['a user name of 300 characters', { username: long(300) }, 'username'],
    ['a password of 513 characters', { password: long(513) }, 'password'],
    ['a password as a number', { password: 12345678 }, 'password'],
    ['a bad test address', { test_to: 'x@' }, 'test_to'],
    ['enabled as text', { enabled: 'yes' }, 'enabled'],
    ['a NUL in the host', { host: 'smtp\u0000.example.com' }, 'host'],
  ])('refuses %s with a 422 on its field, trying nothing', async (_name, patch, key) => {
    const connections = own.connections() + instance.connections();
    const before = await saved(acme);
    const res = await save(acme.users.OWNER, patch);
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json().errors.details.map((d: { key: string }) => d.key)).toContain(key);
    expect(own.connections() + instance.connections()).toBe(connections);
    expect(await saved(acme)).toEqual(before);
  });

  it('refuses a body that is not an object', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/config/smtp',
      headers: { ...acme.users.OWNER.headers, 'content-type': 'application/json' },
      payload: '["host"]',
    });
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.statusCode).toBeLessThan(500);
  });
});

describe('the password', () => {
  it('is in no log line of all the calls above (the right one, the wrong one, their base64 forms)', async () => {
    // The mail jobs of this file have written their lines by now: wait for the queue to be idle.
    await waitFor(async () => {
      const busy = await t.platform.database.db
        .select({ id: emailLogs.id })
        .from(emailLogs)
        .where(eq(emailLogs.status, 'SENDING'));
      return busy.length === 0 ? true : undefined;
    }, 'no mail in flight');
    const all = logLines.join('');
    expect(all).toContain('company SMTP settings saved');
    for (const secret of [PASSWORD, WRONG_PASSWORD]) {
      expect(all).not.toContain(secret);
      expect(all).not.toContain(Buffer.from(secret).toString('base64'));
      expect(all).not.toContain(Buffer.from(`\u0000acme\u0000${secret}`).toString('base64'));
    }
  });
});

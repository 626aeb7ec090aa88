import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedCompany, type SeededCompany } from '../../../test/seed-company';
import { buildTestApp, type TestApp } from '../../../test/test-app';
import { emailLogs } from '../../platform/mail/schema';
import { startSmtpSink, waitFor, type SmtpSink } from '../../platform/mail/smtp-sink-test-utils';
import { companySmtpConfigs } from './schema';

// An instance WITHOUT SMTP_ALLOW_PRIVATE_HOSTS: company SMTP hosts that lead into a private
// network are refused when saved and again when connected to (DNS can change after the save).
// The allowed case is mail-config.test.ts (its local servers need the setting).

let t: TestApp;
let acme: SeededCompany;
let own: SmtpSink;
let instance: SmtpSink;

beforeAll(async () => {
  own = await startSmtpSink();
  instance = await startSmtpSink();
  t = await buildTestApp({ SMTP_URL: instance.url, MAIL_FROM: 'e-Signs <no-reply@esigns.test>' });
  acme = await seedCompany(t, { name: 'Acme Realty' });
});
afterAll(async () => {
  await t?.close();
  await own?.close();
  await instance?.close();
});

let callers = 0;
const save = (patch: Record<string, unknown>) => {
  callers += 1;
  return t.app.inject({
    method: 'POST',
    url: '/api/config/smtp',
    remoteAddress: `10.9.0.${callers}`,
    headers: acme.users.OWNER.headers,
    payload: {
      host: '127.0.0.1',
      port: own.port,
      security: 'NONE',
      username: '',
      password: '',
      from_name: 'Acme Realty',
      from_email: 'mail@acme.test',
      test_to: 'check@example.com',
      ...patch,
    },
  });
};

async function storedRow() {
  const [row] = await t.platform.database.db
    .select()
    .from(companySmtpConfigs)
    .where(eq(companySmtpConfigs.companyId, acme.companyId));
  return row;
}

describe('saving a host in a private network', () => {
  it.each([
    ['a loopback address', { host: '127.0.0.1' }],
    ['a name that resolves to loopback', { host: 'localhost' }],
    ['the link-local metadata address', { host: '169.254.169.254', port: 80 }],
    ['a private address', { host: '10.0.0.25' }],
    ['a private address, saved disabled', { host: '192.168.1.20', enabled: false }],
  ])('refuses %s with a 422 on host, connecting nowhere and saving nothing', async (_name, patch) => {
    const connections = own.connections();
    const res = await save(patch);
    expect(res.statusCode, res.body).toBe(422);
    const details = res.json().errors.details as { key: string; message: string }[];
    expect(details.map((d) => d.key)).toEqual(['host']);
    expect(details[0]?.message).toMatch(/private, loopback or link-local address/);
    expect(own.connections()).toBe(connections);
    expect(await storedRow()).toBeUndefined();
  });
});

describe('connecting to a host that moved into a private network after the save', () => {
  it('fails the mail at once with the reason, never connecting', async () => {
    // As if the name had resolved to a public address when saved and to 127.0.0.1 now.
    await t.platform.database.db.insert(companySmtpConfigs).values({
      companyId: acme.companyId,
      enabled: true,
      host: '127.0.0.1',
      port: own.port,
      security: 'NONE',
      fromName: 'Acme Realty',
      fromEmail: 'mail@acme.test',
      verifiedAt: new Date(),
    });
    const connections = own.connections();
    const { id } = await t.platform.mail.queue(
      { to: 'tenant@example.com', subject: 'Your lease', kind: 'document.sent', bodyHtml: '<p>Sign it.</p>' },
      { companyId: acme.companyId },
    );
    const row = await waitFor(async () => {
      const [found] = await t.platform.database.db
        .select()
        .from(emailLogs)
        .where(and(eq(emailLogs.id, id), eq(emailLogs.status, 'FAILED')));
      return found;
    }, 'the mail to be FAILED');
    expect(row).toMatchObject({ transport: 'company', attempts: 1 });
    expect(row.error).toMatch(/127\.0\.0\.1, a private, loopback or link-local address/);
    expect(own.connections()).toBe(connections);
    expect(own.mails).toHaveLength(0);
    expect(instance.mails.filter((m) => m.rcptTo.includes('tenant@example.com'))).toHaveLength(0);
  });
});

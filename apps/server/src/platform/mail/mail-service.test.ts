import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/test-app';
import { AppError } from '../http/app-error';
import { MAIL_RETRY_LIMIT, MAIL_SEND_JOB } from './mail-service';
import { emailLogs, type EmailStatus } from './schema';
import type { TCompanySmtp } from './company-smtp';
import { closedPort, mimePart, startSmtpSink, waitFor, type SmtpSink } from './smtp-sink-test-utils';

async function readRow(t: TestApp, id: string) {
  const [row] = await t.platform.database.db.select().from(emailLogs).where(eq(emailLogs.id, id));
  return row;
}

async function waitForStatus(t: TestApp, id: string, status: EmailStatus) {
  return waitFor(async () => {
    const row = await readRow(t, id);
    return row?.status === status ? row : undefined;
  }, `mail ${id} to be ${status}`);
}

function jobCount(t: TestApp, id: string): Promise<number> {
  return t.platform.database
    .raw("SELECT count(*)::int AS n FROM pgboss.job WHERE name = $1 AND data->>'id' = $2", [
      MAIL_SEND_JOB,
      id,
    ])
    .then((r) => (r.rows[0] as { n: number }).n);
}

const COMPANY = '6f1c1f4e-6a0b-4d5e-9a39-0b7d7c1f2a11';

describe('mail with SMTP', () => {
  let t: TestApp;
  let sink: SmtpSink;

  beforeAll(async () => {
    sink = await startSmtpSink({ rejections: { 'deferred@example.com': 451, 'bounce@example.com': 550 } });
    t = await buildTestApp({ SMTP_URL: sink.url, MAIL_FROM: 'e-Signs <no-reply@esigns.test>' });
  });
  afterAll(async () => {
    await t?.close();
    await sink?.close();
  });

  it('delivers a queued mail in the branded layout and records it as SENT', async () => {
    const { id } = await t.platform.mail.queue(
      {
        to: ['alice@example.com', 'bob@example.com'],
        cc: ['carol@example.com'],
        subject: 'Please sign Contract 42',
        kind: 'document.sent',
        bodyHtml: '<p>Dan sent you a document.</p>',
        button: { label: 'Review and sign', url: 'https://sign.example.com/s/abc?x=1' },
      },
      { companyId: COMPANY },
    );

    const row = await waitForStatus(t, id, 'SENT');
    expect(row.attempts).toBe(1);
    expect(row.sentAt).toBeInstanceOf(Date);
    expect(row.messageId).toMatch(/@/);
    expect(row.error).toBeNull();
    expect(row.companyId).toBe(COMPANY);
    expect(row.kind).toBe('document.sent');

    const mail = sink.mails.find((m) => m.raw.includes('Subject: Please sign Contract 42'));
    expect(mail).toBeDefined();
    expect(mail!.rcptTo.sort()).toEqual(['alice@example.com', 'bob@example.com', 'carol@example.com']);
    expect(mail!.raw).toMatch(/^From: "?e-Signs"? <no-reply@esigns\.test>/m);
    const html = mimePart(mail!.raw, 'text/html');
    expect(html).toContain('https://sign.example.com/s/abc?x=1');
    expect(html).toContain('Powered By e-Signs@v1.0');
    expect(html).toContain('Dan sent you a document.');
    const text = mimePart(mail!.raw, 'text/plain');
    expect(text).toContain('Review and sign: https://sign.example.com/s/abc?x=1');
  });

  it('attaches files read from storage', async () => {
    const storage = t.platform.storage as { get: (key: string) => Promise<Buffer> };
    const original = storage.get;
    storage.get = async (key) => Buffer.from(`content of ${key}`);
    try {
      const { id } = await t.platform.mail.queue({
        to: 'dora@example.com',
        subject: 'Your signed copy',
        text: 'Attached.',
        attachments: [
          { filename: 'signed.pdf', storageKey: 'companies/x/signed.pdf', contentType: 'application/pdf' },
        ],
      });
      await waitForStatus(t, id, 'SENT');
      const mail = sink.mails.find((m) => m.raw.includes('Subject: Your signed copy'));
      expect(mail!.raw).toContain('filename=signed.pdf');
      expect(mail!.raw).toContain(Buffer.from('content of companies/x/signed.pdf').toString('base64'));
      // Text-only in, text-only out.
      expect(mimePart(mail!.raw, 'text/html')).toBeUndefined();
    } finally {
      storage.get = original;
    }
  });

  it('does nothing when the job runs again for a mail already sent', async () => {
    const { id } = await t.platform.mail.queue({ to: 'erin@example.com', subject: 'Only once', text: 'Hi' });
    await waitForStatus(t, id, 'SENT');
    const before = sink.mails.length;
    await t.platform.mail.deliver({ id }, { retryCount: 1 });
    expect(sink.mails.length).toBe(before);
    expect((await readRow(t, id))?.attempts).toBe(1);
  });

  it('records a temporary refusal, keeps the mail queued for a retry and fails it after the last attempt', async () => {
    const { id } = await t.platform.mail.queue({
      to: 'deferred@example.com',
      subject: 'Greylisted',
      text: 'Hi',
    });
    const first = await waitFor(async () => {
      const row = await readRow(t, id);
      return row && row.attempts >= 1 && row.status !== 'SENDING' ? row : undefined;
    }, 'the first attempt');
    expect(first.status).toBe('QUEUED');
    expect(first.error).toContain('451');

    // The queue's own retry is tens of seconds away: run the last attempt now.
    await expect(t.platform.mail.deliver({ id }, { retryCount: MAIL_RETRY_LIMIT })).rejects.toBeInstanceOf(
      AppError,
    );
    const last = await readRow(t, id);
    expect(last?.status).toBe('FAILED');
    expect(last?.attempts).toBe(first.attempts + 1);
    expect(last?.error).toContain('451');
    expect(sink.mails.some((m) => m.raw.includes('Subject: Greylisted'))).toBe(false);
  });

  it('gives every mail a stable Message-ID, the same on a resend after a crash while sending', async () => {
    const { id } = await t.platform.mail.queue({
      to: 'crash@example.com',
      subject: 'Crash window',
      text: 'Hi',
    });
    const sent = await waitForStatus(t, id, 'SENT');
    expect(sent.messageId).toBe(`<${id}@esigns.test>`);
    const first = sink.mails.filter((m) => m.raw.includes('Subject: Crash window'));
    expect(first).toHaveLength(1);
    expect(first[0]!.raw).toContain(`Message-ID: <${id}@esigns.test>`);

    // An attempt that died between SMTP's answer and the SENT write leaves the mail SENDING: the
    // next attempt sends it once more, with the same Message-ID (readers' clients collapse them).
    await t.platform.database.db.update(emailLogs).set({ status: 'SENDING' }).where(eq(emailLogs.id, id));
    await t.platform.mail.deliver({ id }, { retryCount: 1 });
    const copies = sink.mails.filter((m) => m.raw.includes('Subject: Crash window'));
    expect(copies).toHaveLength(2);
    expect(copies[1]!.raw).toContain(`Message-ID: <${id}@esigns.test>`);
    expect((await readRow(t, id))?.status).toBe('SENT');

    // A mail SMTP accepted is never sent again by a later run of its job.
    await t.platform.mail.deliver({ id }, { retryCount: 2 });
    expect(sink.mails.filter((m) => m.raw.includes('Subject: Crash window'))).toHaveLength(2);
  });

  it('fails a permanently refused mail at once, with the reason', async () => {
    const { id } = await t.platform.mail.queue({ to: 'bounce@example.com', subject: 'Bounced', text: 'Hi' });
    const row = await waitForStatus(t, id, 'FAILED');
    expect(row.attempts).toBe(1);
    expect(row.error).toContain('550');
    expect(row.sentAt).toBeNull();
  });

  describe("through a company's own SMTP", () => {
    const OWN = '0d6f3b52-3c1e-4a7e-9d0a-5b8f2c6e1a77';
    const PASSWORD = 'Acme-smtp-Pa55';
    let own: SmtpSink;
    let current: { version: string; settings: TCompanySmtp } | null;

    const settingsFor = (sink: { port: number }, patch: Partial<TCompanySmtp> = {}): TCompanySmtp => ({
      host: '127.0.0.1',
      port: sink.port,
      security: 'NONE',
      username: 'acme',
      password: PASSWORD,
      fromName: 'Acme Realty',
      fromEmail: 'mail@acme.test',
      ...patch,
    });
    const queueOwn = (subject: string, to = 'tenant@example.com') =>
      t.platform.mail.queue(
        {
          to,
          subject,
          kind: 'document.sent',
          bodyHtml: '<p>Please sign the lease.</p>',
          button: { label: 'Review and sign', url: 'https://sign.example.com/s/own?t=1' },
        },
        { companyId: OWN },
      );

    beforeAll(async () => {
      own = await startSmtpSink({
        login: { username: 'acme', password: PASSWORD },
        rejections: { 'later@example.com': 451, 'nobody@example.com': 550 },
      });
      current = { version: '1', settings: settingsFor(own) };
      t.platform.mail.setCompanySmtpResolver(async (companyId) =>
        companyId === OWN && current ? { version: current.version, settings: () => current!.settings } : null,
      );
    });
    afterAll(async () => {
      await own?.close();
    });

    it("sends the company's mail through its server, from its sender, with both parts; others' through the instance's", async () => {
      const { id } = await queueOwn('Lease for Flat 4');
      const row = await waitForStatus(t, id, 'SENT');
      expect(row).toMatchObject({ transport: 'company', attempts: 1, error: null });
      const mail = own.mails.find((m) => m.raw.includes('Subject: Lease for Flat 4'));
      expect(mail?.mailFrom).toBe('mail@acme.test');
      expect(mail!.raw).toMatch(/^From: "?Acme Realty"? <mail@acme\.test>/m);
      expect(mail!.raw).toContain(`Message-ID: <${id}@esigns.test>`);
      expect(mimePart(mail!.raw, 'text/html')).toContain('Please sign the lease.');
      expect(mimePart(mail!.raw, 'text/plain')).toContain(
        'Review and sign: https://sign.example.com/s/own?t=1',
      );
      expect(own.logins.at(-1)).toEqual({ username: 'acme', password: PASSWORD });
      expect(sink.mails.some((m) => m.raw.includes('Subject: Lease for Flat 4'))).toBe(false);

      const other = await t.platform.mail.queue(
        { to: 'x@example.com', subject: 'Not the company', text: 'Hi' },
        { companyId: COMPANY },
      );
      expect(await waitForStatus(t, other.id, 'SENT')).toMatchObject({ transport: 'instance' });
      expect(sink.mails.some((m) => m.raw.includes('Subject: Not the company'))).toBe(true);
      expect(own.mails.some((m) => m.raw.includes('Subject: Not the company'))).toBe(false);
    });

    it('keeps one connection open across mails and builds a new transport when the settings change', async () => {
      const before = own.connections();
      for (const n of [1, 2, 3]) await waitForStatus(t, (await queueOwn(`Pooled ${n}`)).id, 'SENT');
      expect(own.connections() - before).toBeLessThanOrEqual(1);

      const moved = await startSmtpSink({ login: { username: 'acme', password: PASSWORD } });
      try {
        current = { version: '2', settings: settingsFor(moved, { fromName: 'Acme Lettings' }) };
        const { id } = await queueOwn('After the move');
        expect(await waitForStatus(t, id, 'SENT')).toMatchObject({ transport: 'company' });
        const mail = moved.mails.find((m) => m.raw.includes('Subject: After the move'));
        expect(mail!.raw).toMatch(/^From: "?Acme Lettings"? <mail@acme\.test>/m);
        expect(own.mails.some((m) => m.raw.includes('Subject: After the move'))).toBe(false);
      } finally {
        current = { version: '3', settings: settingsFor(own) };
        await moved.close();
      }
    });

    it("fails a mail the company's server refuses (5xx) at once, with its answer", async () => {
      const { id } = await queueOwn('Refused', 'nobody@example.com');
      const row = await waitForStatus(t, id, 'FAILED');
      expect(row).toMatchObject({ transport: 'company', attempts: 1 });
      expect(row.error).toContain('550');
      expect(row.error).toContain('refused by test');
    });

    it('retries a temporary refusal (4xx) and sends it on a later attempt, once', async () => {
      const { id } = await queueOwn('Greylisted by Acme', 'later@example.com');
      const first = await waitFor(async () => {
        const row = await readRow(t, id);
        return row && row.attempts >= 1 && row.status !== 'SENDING' ? row : undefined;
      }, 'the first attempt');
      expect(first).toMatchObject({ status: 'QUEUED', transport: 'company' });
      expect(first.error).toContain('451');

      delete own.rejections['later@example.com'];
      await t.platform.mail.deliver({ id }, { retryCount: 1 });
      expect(await readRow(t, id)).toMatchObject({
        status: 'SENT',
        attempts: first.attempts + 1,
        error: null,
      });
      expect(own.mails.filter((m) => m.raw.includes('Subject: Greylisted by Acme'))).toHaveLength(1);
    });

    it('retries when the company server cannot be reached, and fails after the last attempt', async () => {
      current = { version: '4', settings: settingsFor({ port: await closedPort() }) };
      try {
        const { id } = await queueOwn('Server down');
        const first = await waitFor(async () => {
          const row = await readRow(t, id);
          return row && row.attempts >= 1 && row.status !== 'SENDING' ? row : undefined;
        }, 'the first attempt');
        expect(first).toMatchObject({ status: 'QUEUED', transport: 'company' });
        expect(first.error).toMatch(/ECONNREFUSED/);
        await expect(
          t.platform.mail.deliver({ id }, { retryCount: MAIL_RETRY_LIMIT }),
        ).rejects.toBeInstanceOf(AppError);
        expect(await readRow(t, id)).toMatchObject({ status: 'FAILED', transport: 'company' });
      } finally {
        current = { version: '5', settings: settingsFor(own) };
      }
    });

    it('fails at once, with the reason, when the settings cannot be read (a permanent error)', async () => {
      t.platform.mail.setCompanySmtpResolver(async () => ({
        version: 'broken',
        settings: () => {
          throw Object.assign(new Error('The password cannot be decrypted'), { permanent: true });
        },
      }));
      try {
        const { id } = await queueOwn('Undecryptable');
        const row = await waitForStatus(t, id, 'FAILED');
        expect(row.error).toBe('The password cannot be decrypted');
        expect(row.attempts).toBe(1);
      } finally {
        t.platform.mail.setCompanySmtpResolver(async (companyId) =>
          companyId === OWN && current
            ? { version: current.version, settings: () => current!.settings }
            : null,
        );
      }
    });
  });
});

describe('mail without SMTP', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  it('keeps the mail in the Outbox', async () => {
    const { id } = await t.platform.mail.queue({
      to: 'frank@example.com',
      subject: 'Your verification code',
      bodyHtml: '<p>Your code is <strong>123456</strong>.</p>',
    });
    const row = await waitForStatus(t, id, 'OUTBOX');
    expect(row.html).toContain('123456');
    expect(row.html).toContain('Powered By e-Signs@v1.0');
    expect(row.text).toContain('Your code is 123456.');
    expect(row.sentAt).toBeNull();
  });

  it("puts the company's header and footer around its mails, resolved in the queueing transaction", async () => {
    const FRAMED = '2b7c9e14-8f3d-4c6a-b1e2-7a9d0c3f5e81';
    const seen: string[] = [];
    t.platform.mail.setFrameResolver(async (db, companyId) => {
      // The resolver reads through the handle it is given (the caller's transaction).
      await db.execute(sql`select 1`);
      seen.push(companyId);
      return companyId === FRAMED
        ? {
            header_html:
              '<p style="color:#123456">Acme Realty <a href="https://acme.example.com">acme.example.com</a></p>',
            footer_html: '<p>Acme Realty, 1 Main Street</p>',
          }
        : null;
    });
    try {
      const message = {
        to: 'tenant@example.com',
        subject: 'Framed',
        bodyHtml: '<p>Your code is <strong>654321</strong>.</p>',
        secrets: ['654321'],
      };
      const { db } = t.platform.database;
      const { id } = await db.transaction((tx) => t.platform.mail.queue(message, { tx, companyId: FRAMED }));
      const row = await waitForStatus(t, id, 'OUTBOX');
      // The header's link in the company's mail link colour (inline, before its own attributes).
      const header = row.html.search(
        /Acme Realty <a style="color:#[0-9a-f]{6};" href="https:\/\/acme\.example\.com">/,
      );
      const heading = row.html.indexOf('<h1');
      const body = row.html.indexOf('Your code is');
      const footer = row.html.indexOf('Acme Realty, 1 Main Street');
      const poweredBy = row.html.indexOf('Powered By');
      expect([header, heading, body, footer, poweredBy].every((i) => i > 0)).toBe(true);
      expect(header < heading && heading < body && body < footer && footer < poweredBy).toBe(true);
      expect(row.html).toContain('<td class="px" style="padding:16px 32px 0;');
      expect(row.text.indexOf('Acme Realty acme.example.com: https://acme.example.com')).toBe(0);
      expect(row.text).toContain('Acme Realty, 1 Main Street\n\n--');
      // The email log's copy has the frame too, its link redacted like every other.
      expect(row.redactedHtml).toContain('Acme Realty, 1 Main Street');
      expect(row.redactedHtml).not.toContain('654321');
      expect(row.redactedText).toContain('[redacted link]');

      // Another company, a mail without the layout, and a message naming its own frame (or none).
      const plain = await t.platform.mail.queue(
        { ...message, subject: 'Other company' },
        { companyId: COMPANY },
      );
      const textOnly = await t.platform.mail.queue(
        { to: 'x@example.com', subject: 'Text', text: 'Hi' },
        { companyId: FRAMED },
      );
      const own = await t.platform.mail.queue(
        {
          ...message,
          subject: 'Own frame',
          frame: { header_html: '<p>Template header</p>', footer_html: '' },
        },
        { companyId: FRAMED },
      );
      const none = await t.platform.mail.queue(
        { ...message, subject: 'No frame', frame: null },
        { companyId: FRAMED },
      );
      expect((await waitForStatus(t, plain.id, 'OUTBOX')).html).not.toContain('Acme Realty');
      expect((await waitForStatus(t, textOnly.id, 'OUTBOX')).html).toBe('');
      const ownRow = await waitForStatus(t, own.id, 'OUTBOX');
      expect(ownRow.html).toContain('Template header');
      expect(ownRow.html).not.toContain('Acme Realty');
      expect((await waitForStatus(t, none.id, 'OUTBOX')).html).not.toContain('Acme Realty');
      expect(seen).toEqual([FRAMED, COMPANY]);
    } finally {
      t.platform.mail.setFrameResolver(null);
    }
  });

  it('keeps the template a mail was made from', async () => {
    const templateId = '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d';
    const { id } = await t.platform.mail.queue({
      to: 'r@example.com',
      subject: 'Rent due',
      text: 'Hi',
      kind: 'entity.email',
      template: { id: templateId, name: ' Rent reminder ' },
    });
    expect(await waitForStatus(t, id, 'OUTBOX')).toMatchObject({
      templateId,
      templateName: 'Rent reminder',
      kind: 'entity.email',
      transport: 'outbox',
    });
  });

  it("writes the row and the job in the caller's transaction", async () => {
    const { db } = t.platform.database;
    const { id } = await db.transaction((tx) =>
      t.platform.mail.queue({ to: 'gina@example.com', subject: 'Committed', text: 'Hi' }, { tx }),
    );
    expect(await jobCount(t, id)).toBe(1);
    await waitForStatus(t, id, 'OUTBOX');
  });

  it('leaves no row and no job when that transaction rolls back', async () => {
    const { db } = t.platform.database;
    let queuedId: string | undefined;
    await expect(
      db.transaction(async (tx) => {
        ({ id: queuedId } = await t.platform.mail.queue(
          { to: 'hank@example.com', subject: 'Rolled back', text: 'Hi' },
          { tx },
        ));
        tx.rollback();
      }),
    ).rejects.toThrow();
    expect(queuedId).toBeDefined();
    expect(await readRow(t, queuedId!)).toBeUndefined();
    expect(await jobCount(t, queuedId!)).toBe(0);
  });

  it.each([
    ['a malformed recipient', { to: 'not-an-email' }, 'to'],
    ['one bad recipient among good ones', { to: ['ok@example.com', 'bad@'] }, 'to'],
    ['no recipient', { to: [] }, 'to'],
    ['a header injection', { to: 'x@example.com\r\nBcc: y@example.com' }, 'to'],
    ['a malformed cc', { to: 'ok@example.com', cc: ['nope'] }, 'cc'],
    ['an empty subject', { to: 'ok@example.com', subject: '  ' }, 'subject'],
    [
      'a non-http button link',
      { to: 'ok@example.com', bodyHtml: '<p>x</p>', button: { label: 'Go', url: 'javascript:alert(1)' } },
      'button.url',
    ],
  ])('refuses %s with a 422 on %s', async (_name, patch, key) => {
    const before = await t.platform.database.db.$count(emailLogs);
    const error = await t.platform.mail
      .queue({ subject: 'Hello', text: 'Hi', ...patch })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AppError);
    expect(error).toMatchObject({ status: 422, code: 'VALIDATION_FAILED' });
    expect((error as AppError).details?.[0]?.key).toBe(key);
    expect(await t.platform.database.db.$count(emailLogs)).toBe(before);
  });
});

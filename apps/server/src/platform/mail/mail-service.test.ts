import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { SMTPServer, type SMTPServerAddress } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/test-app';
import { AppError } from '../http/app-error';
import { MAIL_RETRY_LIMIT, MAIL_SEND_JOB } from './mail-service';
import { emailLogs, type EmailStatus } from './schema';

type SunkMail = { rcptTo: string[]; raw: string };

/** A real SMTP server on a random local port that keeps what it receives. */
async function startSmtpSink(
  rejections: Record<string, number>,
): Promise<{ url: string; mails: SunkMail[]; close: () => Promise<void> }> {
  const mails: SunkMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onRcptTo(address: SMTPServerAddress, _session, callback) {
      const code = rejections[address.address];
      if (code)
        callback(
          Object.assign(new Error(`Mailbox ${address.address} refused by test`), { responseCode: code }),
        );
      else callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        mails.push({
          rcptTo: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Polls until `probe` returns a value; fails the test after `timeoutMs` instead of sleeping blindly. */
async function waitFor<T>(probe: () => Promise<T | undefined>, what: string, timeoutMs = 15_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

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

/** The decoded body of the first MIME part of the given type. */
function mimePart(raw: string, contentType: string): string | undefined {
  const start = raw.search(new RegExp(`Content-Type: ${contentType}`, 'i'));
  if (start < 0) return undefined;
  const rest = raw.slice(start);
  const headerEnd = rest.indexOf('\r\n\r\n');
  const headers = rest.slice(0, headerEnd);
  const body = rest.slice(headerEnd + 4).split(/\r\n--/)[0] ?? '';
  if (/Content-Transfer-Encoding: base64/i.test(headers)) return Buffer.from(body, 'base64').toString('utf8');
  if (/Content-Transfer-Encoding: quoted-printable/i.test(headers)) {
    const qp = body.replace(/=\r?\n/g, '');
    const bytes: number[] = [];
    for (let i = 0; i < qp.length; i++) {
      const hex = qp.slice(i + 1, i + 3);
      if (qp[i] === '=' && /^[0-9A-F]{2}$/i.test(hex)) {
        bytes.push(parseInt(hex, 16));
        i += 2;
      } else bytes.push(qp.charCodeAt(i));
    }
    return Buffer.from(bytes).toString('utf8');
  }
  return body;
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
  let sink: Awaited<ReturnType<typeof startSmtpSink>>;

  beforeAll(async () => {
    sink = await startSmtpSink({ 'deferred@example.com': 451, 'bounce@example.com': 550 });
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

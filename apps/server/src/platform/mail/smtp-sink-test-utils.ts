import type { AddressInfo } from 'node:net';
import { SMTPServer, type SMTPServerAddress } from 'smtp-server';

export type SunkMail = { mailFrom: string; rcptTo: string[]; raw: string };

export type SmtpSink = {
  url: string;
  port: number;
  mails: SunkMail[];
  /** Mailbox -> SMTP reply code given to RCPT TO (e.g. 451 greylisting, 550 unknown). Change at will. */
  rejections: Record<string, number>;
  /** Logins tried, with the password the server received. */
  logins: { username: string; password: string }[];
  /** Connections opened so far. */
  connections: () => number;
  close: () => Promise<void>;
};

/**
 * A real SMTP server on a free local port that keeps what it receives. With `login`, it asks for
 * one (AUTH PLAIN/LOGIN over plain text, which smtp-server allows only with `allowInsecureAuth`)
 * and refuses any other with 535.
 */
export async function startSmtpSink(
  options: { rejections?: Record<string, number>; login?: { username: string; password: string } } = {},
): Promise<SmtpSink> {
  const mails: SunkMail[] = [];
  const logins: SmtpSink['logins'] = [];
  const rejections = { ...options.rejections };
  let connections = 0;
  const { login } = options;
  const server = new SMTPServer({
    authOptional: !login,
    allowInsecureAuth: true,
    disabledCommands: ['STARTTLS', ...(login ? [] : ['AUTH'])],
    logger: false,
    // Pooled clients keep their connection open: closing the sink ends them after this long.
    closeTimeout: 500,
    onConnect(_session, callback) {
      connections += 1;
      callback();
    },
    onAuth(auth, _session, callback) {
      logins.push({ username: auth.username ?? '', password: auth.password ?? '' });
      if (login && auth.username === login.username && auth.password === login.password) {
        callback(null, { user: auth.username });
      } else {
        callback(Object.assign(new Error('Invalid username or password'), { responseCode: 535 }));
      }
    },
    onRcptTo(address: SMTPServerAddress, _session, callback) {
      const code = rejections[address.address];
      if (code) {
        callback(
          Object.assign(new Error(`Mailbox ${address.address} refused by test`), { responseCode: code }),
        );
      } else callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        mails.push({
          mailFrom: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
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
    port,
    mails,
    rejections,
    logins,
    connections: () => connections,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The decoded body of the first MIME part of the given type. */
export function mimePart(raw: string, contentType: string): string | undefined {
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

/** Polls until `probe` returns a value; fails after `timeoutMs` instead of sleeping blindly. */
export async function waitFor<T>(
  probe: () => Promise<T | undefined>,
  what: string,
  timeoutMs = 15_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** A local port nothing listens on (opened, then closed again). */
export async function closedPort(): Promise<number> {
  const sink = await startSmtpSink();
  await sink.close();
  return sink.port;
}

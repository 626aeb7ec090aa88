// An SMTP sink for the Playwright journeys: the built app sends its mail here over real SMTP
// (SMTP_URL), and the journeys read what arrived over HTTP: GET /messages?to=<address> answers
// [{ to, subject, text }] (bodies decoded from quoted-printable), DELETE /messages empties it.
import http from 'node:http';
import { SMTPServer } from 'smtp-server';

const smtpPort = Number(process.env.E2E_SMTP_PORT ?? 2526);
const httpPort = Number(process.env.E2E_SMTP_HTTP_PORT ?? 2527);

/** @type {{ to: string[]; subject: string; text: string; received_at: string }[]} */
let messages = [];

function decodeQuotedPrintable(raw) {
  return raw
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/gi, (_, hex) => String.fromCharCode(parseInt(hex, 16)));
}

/** The bytes of one RFC 2047 encoded word's text. */
function encodedWordBytes(encoding, text) {
  if (encoding.toUpperCase() === 'B') return Buffer.from(text, 'base64');
  const latin1 = text
    .replace(/_/g, ' ')
    .replace(/=([0-9A-F]{2})/gi, (_, hex) => String.fromCharCode(parseInt(hex, 16)));
  return Buffer.from(latin1, 'latin1');
}

function subjectOf(raw) {
  const match = /^Subject: (.*(?:\r?\n[ \t].*)*)/im.exec(raw);
  if (!match) return '';
  return (
    match[1]
      .replace(/\r?\n[ \t]/g, ' ')
      // The space between two encoded words is not text (RFC 2047 §6.2): a long subject folded
      // into several words must not come out as "agreeme nt".
      .replace(/\?=\s+=\?/g, '?==?')
      // A run of UTF-8 encoded words is decoded as one byte string (a character may be split).
      .replace(/(?:=\?[^?\s]+\?[BQ]\?[^?\s]*\?=)+/gi, (run) =>
        Buffer.concat(
          [...run.matchAll(/=\?[^?\s]+\?([BQ])\?([^?\s]*)\?=/gi)].map((word) =>
            encodedWordBytes(word[1], word[2]),
          ),
        ).toString('utf8'),
      )
  );
}

const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  onData(stream, session, callback) {
    const chunks = [];
    stream.on('data', (chunk) => chunks.push(chunk));
    stream.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      messages.push({
        to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
        subject: subjectOf(raw),
        text: decodeQuotedPrintable(raw),
        received_at: new Date().toISOString(),
      });
      callback();
    });
  },
});
smtp.listen(smtpPort, '127.0.0.1');

http
  .createServer((req, res) => {
    const url = new URL(req.url ?? '/', `http://127.0.0.1:${httpPort}`);
    if (req.method === 'DELETE' && url.pathname === '/messages') {
      messages = [];
      res.writeHead(204).end();
      return;
    }
    if (url.pathname === '/messages') {
      const to = url.searchParams.get('to')?.toLowerCase();
      const found = to ? messages.filter((m) => m.to.includes(to)) : messages;
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(found));
      return;
    }
    res.writeHead(url.pathname === '/health' ? 200 : 404).end();
  })
  .listen(httpPort, '127.0.0.1');

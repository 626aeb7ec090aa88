// A local SMTP server for benchmarks that deliver real mails (bulk-send): accepts everything,
// counts the mails, keeps each one's Message-ID, and keeps the subject of the mails to addresses
// a benchmark watches (the sign-up code). Also the SMTP floor: nodemailer's pool alone.
import { createTransport } from 'nodemailer';
import { SMTPServer } from 'smtp-server';

export async function startSmtpSink() {
  let received = 0;
  const messageIds = [];
  const watched = new Map();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    maxClients: 100,
    onData(stream, session, callback) {
      const to = session.envelope.rcptTo.map((r) => r.address.toLowerCase());
      const watch = to.some((address) => watched.has(address));
      let head = '';
      stream.on('data', (chunk) => {
        // The headers are in the first few KB.
        if (head.length < 8192) head += chunk.toString('utf8');
      });
      stream.on('end', () => {
        received++;
        const headers = head.split(/\r?\n\r?\n/)[0] ?? '';
        const messageId = /^Message-ID:\s*(.+)$/im.exec(headers)?.[1]?.trim() ?? '?';
        messageIds.push(messageId);
        if (watch) {
          const subject = /^Subject:\s*(.+)$/im.exec(headers)?.[1]?.trim() ?? '';
          for (const address of to) watched.get(address)?.push(subject);
        }
        callback();
      });
    },
  });
  server.on('error', () => undefined);
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `smtp://127.0.0.1:${server.server.address().port}`;
  return {
    url,
    received: () => received,
    messageIds,
    /** Keeps the subjects of the mails to `address` from now on; answers the list (filled as they come). */
    watch(address) {
      const subjects = [];
      watched.set(address.toLowerCase(), subjects);
      return subjects;
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/**
 * The SMTP floor: nodemailer's pool alone (one connection, 10 mails at once, as the mail service
 * is configured) sending `count` mails to `url`, no queue, no database. Answers the seconds.
 */
export async function smtpFloorSeconds(url, count) {
  const transport = createTransport({ url, pool: true, maxConnections: 1 }, { from: 'bench@esigns.test' });
  const started = performance.now();
  let next = 0;
  await Promise.all(
    Array.from({ length: 10 }, async () => {
      while (next < count) {
        const i = next++;
        await transport.sendMail({
          to: `floor${i}@floor.example.com`,
          subject: `Please sign Rental agreement ${i}`,
          html: `<p>Hello tenant ${i},</p><p>Please sign the rental agreement.</p>`,
        });
      }
    }),
  );
  transport.close();
  return (performance.now() - started) / 1000;
}

import { pino, type Logger } from 'pino';

/** Structured JSON logs; every request line carries its `reqId`. Secrets are redacted. */
export function createLogger(level: string, pretty = false): Logger {
  return pino({
    level,
    redact: {
      paths: [
        'req.headers.authorization',
        'req.headers.password',
        'req.headers.passcode',
        'req.headers["x-outbox-key"]',
        'req.headers.cookie',
      ],
      censor: '[redacted]',
    },
    ...(pretty
      ? {
          transport: {
            target: 'pino-pretty',
            options: { translateTime: 'HH:MM:ss', ignore: 'pid,hostname' },
          },
        }
      : {}),
  });
}

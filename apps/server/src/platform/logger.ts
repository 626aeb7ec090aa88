import { pino, type Logger } from 'pino';

/**
 * Structured JSON logs; every request line carries its `reqId`; secrets are redacted. Lines are
 * buffered (4 KiB) and written asynchronously: synchronous stdout writes cost a sixth of the
 * API's throughput. `flushLogger` runs on shutdown and before a fatal exit.
 */
export function createLogger(level: string, pretty = false): Logger {
  const options = {
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
  };
  if (pretty) {
    return pino({
      ...options,
      transport: { target: 'pino-pretty', options: { translateTime: 'HH:MM:ss', ignore: 'pid,hostname' } },
    });
  }
  return pino(options, pino.destination({ dest: 1, sync: false, minLength: 4096 }));
}

export function flushLogger(logger: Logger): void {
  try {
    logger.flush();
  } catch {
    // nothing buffered, or the destination is already closed
  }
}

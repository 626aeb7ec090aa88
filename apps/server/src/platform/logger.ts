import { pino, type Logger } from 'pino';

/**
 * Structured JSON logs; every request line carries its `reqId`; secrets are redacted. Lines are
 * buffered (4 KiB) and written asynchronously: synchronous stdout writes cost a sixth of the
 * API's throughput; the buffer is flushed every second, on shutdown and before a fatal exit.
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
  const destination = pino.destination({ dest: 1, sync: false, minLength: 4096 });
  // A quiet server must not sit on its last lines: flush what is buffered every second.
  setInterval(() => {
    try {
      destination.flush();
    } catch {
      // closing
    }
  }, 1000).unref();
  return pino(options, destination);
}

export function flushLogger(logger: Logger): void {
  try {
    logger.flush();
  } catch {
    // nothing buffered, or the destination is already closed
  }
}

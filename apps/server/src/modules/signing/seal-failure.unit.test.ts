import { describe, expect, it, vi } from 'vitest';
import type { FastifyBaseLogger } from 'fastify';
import { AppError } from '../../platform/http/app-error';
import type { EmployeeRow, Reader } from '../documents';
import { classifySealError } from './seal-failure';

/** A database that is down: every query fails. */
const downDb = new Proxy(
  {},
  {
    get: () => () => {
      throw new Error('connection refused');
    },
  },
) as unknown as Reader;

describe('classifySealError', () => {
  it('logs a failure to read the values and answers RETRY, never "nothing wrong"', async () => {
    const log = { error: vi.fn() } as unknown as FastifyBaseLogger;
    const stampError = new AppError('VALIDATION_FAILED', {
      message: 'A value cannot be stamped',
      details: [{ key: 'values.sig', message: 'The image could not be read', path: ['values', 'sig'] }],
    });
    const failure = await classifySealError(downDb, log, { id: 'd1' } as EmployeeRow, stampError);
    expect(failure).toMatchObject({ kind: 'RETRY', reason: 'A value cannot be stamped', values: [] });
    expect(log.error).toHaveBeenCalledWith(
      expect.objectContaining({ documentId: 'd1', err: expect.any(Error) }),
      'could not read the values of a failed seal',
    );
  });
});

import { describe, expect, it } from 'vitest';
import { ApiError } from '../shared/api/api-error';
import { createQueryClient, shouldRetry } from './query-client';

describe('query client', () => {
  it.each([
    [0, new ApiError({ status: 0, message: 'offline', error_code: 'NETWORK_ERROR' }), true],
    [0, new ApiError({ status: 503, message: 'down' }), true],
    [0, new ApiError({ status: 429, message: 'slow down' }), true],
    [0, new ApiError({ status: 404, message: 'nope' }), false],
    [0, new ApiError({ status: 401, message: 'nope' }), false],
    [0, new ApiError({ status: 422, message: 'bad' }), false],
    [0, new ApiError({ status: 0, message: 'cancelled', error_code: 'ABORTED' }), false],
    [2, new ApiError({ status: 503, message: 'down' }), false],
    [0, new Error('boom'), true],
  ])('attempt %i of %s -> retry %s', (count, error, expected) => {
    expect(shouldRetry(count, error)).toBe(expected);
  });

  it('has sensible defaults', () => {
    const options = createQueryClient().getDefaultOptions();
    expect(options.queries?.refetchOnWindowFocus).toBe(false);
    expect(options.mutations?.retry).toBe(false);
  });
});

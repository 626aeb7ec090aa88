import { notifications } from '@mantine/notifications';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../shared/api/api-error';
import { createQueryClient, onPlanLimit, shouldRetry } from './query-client';

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

describe('onPlanLimit', () => {
  it('shows the plan-limit notice for a 402 only', async () => {
    const shown = vi.spyOn(notifications, 'show');
    onPlanLimit(new ApiError({ status: 403, message: 'no' }));
    onPlanLimit(new Error('offline'));
    onPlanLimit(new ApiError({ status: 402, message: 'Your plan allows 5 entities' }));
    await vi.waitFor(() => expect(shown).toHaveBeenCalledTimes(1));
    expect(shown.mock.calls[0]![0]).toMatchObject({ id: 'plan-limit-reached', color: 'orange' });
    shown.mockRestore();
  });
});

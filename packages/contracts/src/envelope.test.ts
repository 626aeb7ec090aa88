import { describe, expect, it } from 'vitest';
import { toPaged, ZPageQuery } from './envelope';
import { APP_ERROR_CODES, appErrorStatus } from './errors';
import { formatTitle } from './branding';

describe('page query', () => {
  it.each([
    [{}, 1, 5],
    [{ page: '3', limit: '20' }, 3, 20],
    [{ page: 'abc', limit: 'x' }, 1, 5],
    [{ page: '0', limit: '-4' }, 1, 5],
    [{ page: '1.5', limit: '2.5' }, 1, 5],
    [{ page: '2', limit: '100000' }, 2, 500],
  ])('%o -> page %i limit %i', (query, page, limit) => {
    expect(ZPageQuery.parse(query)).toEqual({ page, limit });
  });

  it('computes total_pages', () => {
    expect(toPaged([1, 2], 11, { page: 2, limit: 5 })).toEqual({
      data: [1, 2],
      total: 11,
      page: 2,
      total_pages: 3,
    });
    expect(toPaged([], 0, { page: 1, limit: 5 }).total_pages).toBe(0);
  });
});

describe('error codes', () => {
  it('maps every code to a 4xx or 5xx status', () => {
    for (const code of APP_ERROR_CODES) {
      expect(appErrorStatus[code]).toBeGreaterThanOrEqual(400);
    }
    expect(appErrorStatus.VALIDATION_FAILED).toBe(422);
  });
});

describe('title template', () => {
  it('fills page and host', () => {
    expect(formatTitle('%s | {host}', 'Dashboard', 'sign.example.com')).toBe('Dashboard | sign.example.com');
  });
});

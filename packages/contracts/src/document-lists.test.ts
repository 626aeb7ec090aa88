import { describe, expect, it } from 'vitest';
import { DOCUMENT_LIST_MAX_LIMIT, searchTerms, ZDocumentListQuery } from './document-lists';

describe('searchTerms', () => {
  it('keeps letters and digits as lower-cased prefix terms, at most 6', () => {
    expect(searchTerms('Bob@ACME.com')).toEqual(["'bob':*", "'acme':*", "'com':*"]);
    expect(searchTerms("O'Brien  lease-2")).toEqual(["'o':*", "'brien':*", "'lease':*", "'2':*"]);
    expect(searchTerms('Dvořák Zürich')).toEqual(["'dvořák':*", "'zürich':*"]);
    expect(searchTerms('a b c d e f g h')).toHaveLength(6);
  });

  it('answers nothing for nothing searchable (no way to inject tsquery syntax)', () => {
    expect(searchTerms(undefined)).toEqual([]);
    expect(searchTerms("!& |:* ()'")).toEqual([]);
  });
});

describe('ZDocumentListQuery', () => {
  it('falls back to page 1 and limit 5 and caps the limit', () => {
    expect(ZDocumentListQuery.parse({ page: 'x', limit: '-3' })).toMatchObject({ page: 1, limit: 5 });
    expect(ZDocumentListQuery.parse({ page: '3', limit: '100000' })).toMatchObject({
      page: 3,
      limit: DOCUMENT_LIST_MAX_LIMIT,
    });
  });

  it('takes days and instants as dates, and refuses anything else', () => {
    expect(ZDocumentListQuery.safeParse({ from: '2026-01-31', to: '2026-02-01T10:00:00Z' }).success).toBe(
      true,
    );
    expect(ZDocumentListQuery.safeParse({ from: 'yesterday' }).success).toBe(false);
    expect(ZDocumentListQuery.safeParse({ sort: 'colour' }).success).toBe(false);
  });
});

import { describe, expect, it } from 'vitest';
import { ALL_SCREEN_ROUTES } from '../../app/routes';
import { REQUEST_DOCUMENT_SCREENS } from './screens';

describe('REQUEST_DOCUMENT_SCREENS', () => {
  it('names only routes of routes.ts, and each loader gives a component', async () => {
    const patterns = new Set(ALL_SCREEN_ROUTES.map((route) => route.pattern));
    expect(Object.keys(REQUEST_DOCUMENT_SCREENS).sort()).toEqual(
      [
        '/request-documents/all',
        '/request-documents/all/{card_type}',
        '/request-documents/select-card-type',
        '/request-documents/select-card-type/{contact_id}',
        '/request-documents/upload',
        '/request-documents/{request_document_id}/edit',
      ].sort(),
    );
    for (const [pattern, load] of Object.entries(REQUEST_DOCUMENT_SCREENS)) {
      expect(patterns.has(pattern), pattern).toBe(true);
      const { Component } = await load();
      expect(typeof Component, pattern).toBe('function');
    }
  }, 30_000);
});

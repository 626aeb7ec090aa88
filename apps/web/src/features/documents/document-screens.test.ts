import { describe, expect, it } from 'vitest';
import { ALL_SCREEN_ROUTES } from '../../app/routes';
import { DOCUMENT_SCREENS } from './document-screens';

describe('DOCUMENT_SCREENS', () => {
  it('names only routes of routes.ts, and each loader gives a component', async () => {
    const patterns = new Set(ALL_SCREEN_ROUTES.map((route) => route.pattern));
    expect(Object.keys(DOCUMENT_SCREENS).sort()).toEqual(
      [
        '/documents/upload',
        '/send-document/mail/{id}',
        '/send-template/mail/{id}/{document_id}',
        '/templates/upload',
      ].sort(),
    );
    for (const [pattern, load] of Object.entries(DOCUMENT_SCREENS)) {
      expect(patterns.has(pattern), pattern).toBe(true);
      const { Component } = await load();
      expect(typeof Component, pattern).toBe('function');
    }
  }, 30_000);
});

import { describe, expect, it } from 'vitest';
import { ALL_SCREEN_ROUTES } from '../../app/routes';
import { SCREENS } from '../../app/screen-loaders';
import { CONTACT_SCREENS } from './screens';

describe('CONTACT_SCREENS', () => {
  it('covers every contact route of routes.ts, each loader gives a component, and the router uses them', async () => {
    const patterns = new Set(ALL_SCREEN_ROUTES.map((route) => route.pattern));
    expect(Object.keys(CONTACT_SCREENS).sort()).toEqual(
      [
        '/contact-types',
        '/contacts',
        '/contacts/add',
        '/contacts/documents/{contact_id}',
        '/contacts/edit/{contact_id}',
      ].sort(),
    );
    for (const [pattern, load] of Object.entries(CONTACT_SCREENS)) {
      expect(patterns.has(pattern), pattern).toBe(true);
      expect(SCREENS[pattern], pattern).toBe(load);
      const { Component } = await load();
      expect(typeof Component, pattern).toBe('function');
    }
  }, 60_000);
});

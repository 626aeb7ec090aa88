import { describe, expect, it } from 'vitest';
import { ALL_SCREEN_ROUTES } from '../../app/routes';
import { SCREENS } from '../../app/screen-loaders';
import { FORM_TEMPLATE_SCREENS } from './screens';

describe('FORM_TEMPLATE_SCREENS', () => {
  it('covers the form template routes of routes.ts, each loader gives a component, and the router uses them', async () => {
    const patterns = new Set(ALL_SCREEN_ROUTES.map((route) => route.pattern));
    expect(Object.keys(FORM_TEMPLATE_SCREENS).sort()).toEqual(
      [
        '/template',
        '/template/create',
        '/template/create-with-ai',
        '/template/{template_id}/edit',
        '/template/{template_id}/menu/view',
        '/template/{template_id}/view',
      ].sort(),
    );
    for (const [pattern, load] of Object.entries(FORM_TEMPLATE_SCREENS)) {
      expect(patterns.has(pattern), pattern).toBe(true);
      expect(SCREENS[pattern], pattern).toBe(load);
      const { Component } = await load();
      expect(typeof Component, pattern).toBe('function');
    }
  }, 60_000);
});

import { describe, expect, it } from 'vitest';
import { ALL_SCREEN_ROUTES } from '../../app/routes';
import { TEMPLATE_SCREENS } from './screens';

describe('TEMPLATE_SCREENS', () => {
  it('names only routes of routes.ts, and each loader gives a component', async () => {
    const patterns = new Set(ALL_SCREEN_ROUTES.map((route) => route.pattern));
    expect(Object.keys(TEMPLATE_SCREENS)).toEqual(['/templates']);
    for (const [pattern, load] of Object.entries(TEMPLATE_SCREENS)) {
      expect(patterns.has(pattern), pattern).toBe(true);
      const { Component } = await load();
      expect(typeof Component, pattern).toBe('function');
    }
  }, 30_000);
});

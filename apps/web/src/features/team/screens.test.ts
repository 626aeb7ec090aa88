import { describe, expect, it } from 'vitest';
import { ALL_SCREEN_ROUTES } from '../../app/routes';
import { TEAM_SCREENS } from './screens';

describe('TEAM_SCREENS', () => {
  it('names only routes of routes.ts, and each loader gives a component', async () => {
    const patterns = new Set(ALL_SCREEN_ROUTES.map((route) => route.pattern));
    expect(Object.keys(TEAM_SCREENS).sort()).toEqual(
      [
        '/company/users',
        '/inviteUser',
        '/profile/companyProfile',
        '/profile/companyUsers',
        '/profile/manage-permissions',
        '/roles',
      ].sort(),
    );
    for (const [pattern, load] of Object.entries(TEAM_SCREENS)) {
      expect(patterns.has(pattern), pattern).toBe(true);
      const { Component } = await load();
      expect(typeof Component, pattern).toBe('function');
    }
  }, 30_000);
});

import { describe, it } from 'vitest';
import { expectScreenLoaders } from '../../test/screen-loaders';
import { TEAM_SCREENS } from './screens';

describe('TEAM_SCREENS', () => {
  it('names only routes of routes.ts, the router uses them, and each loader gives a component', async () => {
    await expectScreenLoaders(TEAM_SCREENS, [
      '/company/users',
      '/inviteUser',
      '/profile/companyProfile',
      '/profile/companyUsers',
      '/profile/manage-permissions',
      '/roles',
    ]);
  }, 30_000);
});

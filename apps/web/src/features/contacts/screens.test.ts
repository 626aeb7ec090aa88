import { describe, it } from 'vitest';
import { expectScreenLoaders } from '../../test/screen-loaders';
import { CONTACT_SCREENS } from './screens';

describe('CONTACT_SCREENS', () => {
  it('covers every contact route of routes.ts, each loader gives a component, and the router uses them', async () => {
    await expectScreenLoaders(CONTACT_SCREENS, [
      '/contact-types',
      '/contacts',
      '/contacts/add',
      '/contacts/documents/{contact_id}',
      '/contacts/edit/{contact_id}',
    ]);
  }, 60_000);
});

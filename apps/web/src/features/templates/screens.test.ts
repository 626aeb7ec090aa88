import { describe, it } from 'vitest';
import { expectScreenLoaders } from '../../test/screen-loaders';
import { TEMPLATE_SCREENS } from './screens';

describe('TEMPLATE_SCREENS', () => {
  it('names only routes of routes.ts, the router uses them, and each loader gives a component', async () => {
    await expectScreenLoaders(TEMPLATE_SCREENS, ['/templates']);
  }, 30_000);
});

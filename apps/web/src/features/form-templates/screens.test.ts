import { describe, it } from 'vitest';
import { expectScreenLoaders } from '../../test/screen-loaders';
import { FORM_TEMPLATE_SCREENS } from './screens';

describe('FORM_TEMPLATE_SCREENS', () => {
  it('covers the form template routes of routes.ts, each loader gives a component, and the router uses them', async () => {
    await expectScreenLoaders(FORM_TEMPLATE_SCREENS, [
      '/template',
      '/template/create',
      '/template/create-with-ai',
      '/template/{template_id}/edit',
      '/template/{template_id}/menu/view',
      '/template/{template_id}/view',
    ]);
  }, 60_000);
});

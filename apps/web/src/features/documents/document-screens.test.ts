import { describe, it } from 'vitest';
import { expectScreenLoaders } from '../../test/screen-loaders';
import { DOCUMENT_SCREENS } from './document-screens';

describe('DOCUMENT_SCREENS', () => {
  it('names only routes of routes.ts, the router uses them, and each loader gives a component', async () => {
    await expectScreenLoaders(DOCUMENT_SCREENS, [
      '/documents/upload',
      '/send-document/mail/{id}',
      '/send-template/mail/{id}/{document_id}',
      '/templates/upload',
    ]);
  }, 30_000);
});

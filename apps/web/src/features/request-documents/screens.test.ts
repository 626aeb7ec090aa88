import { describe, it } from 'vitest';
import { expectScreenLoaders } from '../../test/screen-loaders';
import { REQUEST_DOCUMENT_SCREENS } from './screens';

describe('REQUEST_DOCUMENT_SCREENS', () => {
  it('names only routes of routes.ts, the router uses them, and each loader gives a component', async () => {
    await expectScreenLoaders(REQUEST_DOCUMENT_SCREENS, [
      '/request-documents/all',
      '/request-documents/all/{card_type}',
      '/request-documents/select-card-type',
      '/request-documents/select-card-type/{contact_id}',
      '/request-documents/upload',
      '/request-documents/{request_document_id}/edit',
    ]);
  }, 30_000);
});

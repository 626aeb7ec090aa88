import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { FIRST_PAGE_WAIT_MS } from './first-page-image';
import {
  SIGN_PATH,
  renderSigning,
  serveRecordAndFirstPage,
  signerTabWithObjectUrls,
} from './signing-test-utils';

// The view's module is replaced by a small one. (A file of its own: once the view's code is in,
// later screens of the same test file no longer wait for the first page.)
vi.mock('./signing-view', () => ({ SigningView: () => <div data-testid="signing-view" /> }));

signerTabWithObjectUrls();

describe("the signing view's code and a first page that does not come", () => {
  it('is not held back by an image that never comes', async () => {
    serveRecordAndFirstPage('d', 'hang');
    renderSigning(SIGN_PATH);
    // The image never answers: the view comes after FIRST_PAGE_WAIT_MS all the same.
    expect(
      await screen.findByTestId('signing-view', {}, { timeout: FIRST_PAGE_WAIT_MS + 10_000 }),
    ).toBeTruthy();
  });
});

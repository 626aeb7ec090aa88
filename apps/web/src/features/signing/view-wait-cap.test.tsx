import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { guestPerTest } from '../../shared/testing/test-session';
import { FIRST_PAGE_WAIT_MS } from './first-page-image';
import { saveSignerCredentials } from './signer-credentials';
import { DOC_ID, SECRET, USER_ID, renderSigning, serveRecordAndFirstPage } from './signing-test-utils';

// The view's module is replaced by a small one. (A file of its own: once the view's code is in,
// later screens of the same test file no longer wait for the first page.)
vi.mock('./signing-view', () => ({ SigningView: () => <div data-testid="signing-view" /> }));

const SIGN = `/emp-documents/custom/${DOC_ID}/pp`;

guestPerTest();
let made = 0;
beforeEach(() => {
  saveSignerCredentials({ document_id: DOC_ID, user_id: USER_ID, password: SECRET });
  URL.createObjectURL = vi.fn(() => `blob:first-${++made}`);
});
afterEach(() => {
  delete (URL as { createObjectURL?: unknown }).createObjectURL;
});

describe("the signing view's code and a first page that does not come", () => {
  it('is not held back by an image that never comes', async () => {
    serveRecordAndFirstPage('d', 'hang');
    renderSigning(SIGN);
    // The image never answers: the view comes after FIRST_PAGE_WAIT_MS all the same.
    expect(
      await screen.findByTestId('signing-view', {}, { timeout: FIRST_PAGE_WAIT_MS + 10_000 }),
    ).toBeTruthy();
  });
});

import { fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { guestPerTest } from '../../shared/testing/test-session';
import { saveSignerCredentials } from './signer-credentials';
import { DOC_ID, SECRET, USER_ID, renderSigning, serveRecordAndFirstPage } from './signing-test-utils';

// The view's module is replaced by one that says when it was asked for.
const view = vi.hoisted(() => ({ asked: 0 }));
vi.mock('./signing-view', () => {
  view.asked += 1;
  return { SigningView: () => <div data-testid="signing-view" /> };
});

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

describe("the signing view's code and the first page", () => {
  it('is asked for only once the first page is painted', async () => {
    serveRecordAndFirstPage('c', 'ok');
    renderSigning(SIGN);
    const image = await screen.findByTestId('page-image-1', {}, { timeout: 10_000 });
    // Time for the view's import, had it been started with the image.
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(view.asked).toBe(0);
    expect(screen.queryByTestId('signing-view')).toBeNull();
    fireEvent.load(image);
    expect(await screen.findByTestId('signing-view', {}, { timeout: 10_000 })).toBeTruthy();
    expect(view.asked).toBe(1);
  });
});

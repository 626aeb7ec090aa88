import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import {
  SIGN_PATH,
  renderSigning,
  serveRecordAndFirstPage,
  signerTabWithObjectUrls,
} from './signing-test-utils';

// The view's module is replaced by one that says when it was asked for.
const view = vi.hoisted(() => ({ asked: 0 }));
vi.mock('./signing-view', () => {
  view.asked += 1;
  return { SigningView: () => <div data-testid="signing-view" /> };
});

signerTabWithObjectUrls();

describe("the signing view's code and the first page", () => {
  it('is asked for only once the first page is painted', async () => {
    serveRecordAndFirstPage('c', 'ok');
    renderSigning(SIGN_PATH);
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

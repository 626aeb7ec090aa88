import { act, waitFor } from '@testing-library/react';
import { flushSync } from 'react-dom';
import { createRoot, type Root } from 'react-dom/client';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { afterEach, expect } from 'vitest';
import { buildRoutes } from '../app/router';
import {
  TestProviders,
  createTestQueryClient,
  installDomPolyfills,
} from '../shared/testing/render-with-providers';
import { captureStaticPage, findStaticPage, handOverStaticPage } from './hand-over';

let root: Root | undefined;

/** Per test file: the app drawn by `takeOver` is unmounted and the page emptied after each test. */
export function unmountAfterEach(): void {
  afterEach(() => {
    act(() => root?.unmount());
    root = undefined;
    document.body.innerHTML = '';
  });
}

/**
 * What boot.tsx does with a page drawn ahead in `container`: what the visitor did is read, the app
 * (its whole route tree at `path`) is drawn over the page in one go, then handed what was read.
 */
export async function takeOver(container: HTMLElement, path: string) {
  installDomPolyfills();
  const state = captureStaticPage(findStaticPage(container)!);
  const router = createMemoryRouter(buildRoutes(), { initialEntries: [path] });
  await waitFor(() => expect(router.state.initialized).toBe(true));
  root = createRoot(container);
  act(() => {
    flushSync(() =>
      root!.render(
        <TestProviders queryClient={createTestQueryClient()}>
          <RouterProvider router={router} />
        </TestProviders>,
      ),
    );
    handOverStaticPage(container, state);
  });
  return router;
}

/** The root `takeOver` drew into, for a test that draws its own (cleaned up the same way). */
export function setRoot(next: Root): void {
  root = next;
}

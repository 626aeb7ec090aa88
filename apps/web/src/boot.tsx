/**
 * The app's start (main.tsx imports it): the router, the providers and the first drawing, or the
 * take-over of a page the server drew ahead (static-pages/).
 */
import { StrictMode } from 'react';
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import { RouterProvider, type DataRouter } from 'react-router';
import { AppProviders } from './app/providers';
import { createQueryClient } from './app/query-client';
import { createAppRouter, createEmbeddedFrameRouter } from './app/router';
import { connectSessionHandlers } from './app/session-handlers';
import { embeddedFrameOf, enterEmbeddedFrame } from './features/embedding/embedded-frame';
import { isLandingAddress } from './features/signing/landing-address';
import { dropStaleCacheVersions } from './shared/cache/startup-cache';
import { sessionStore } from './shared/session/session-store';
import { captureStaticPage, findStaticPage, handOverStaticPage } from './static-pages/hand-over';

async function boot(container: HTMLElement) {
  // An embedded frame (/if/{ssoAuth}/...): its own router under that basename, a session in memory only.
  const frame = embeddedFrameOf(window.location.pathname);
  if (frame) {
    enterEmbeddedFrame(frame);
    sessionStore.keepInMemoryOnly();
  }
  dropStaleCacheVersions();
  const queryClient = createQueryClient();
  // A signing link's record is asked for before the landing's code has loaded (early-record.ts).
  const early = isLandingAddress(window.location.pathname)
    ? import('./features/signing/early-record').then(({ prefetchLandingRecord }) =>
        prefetchLandingRecord(queryClient, window.location),
      )
    : null;
  const router = frame ? createEmbeddedFrameRouter(frame.basename) : createAppRouter();
  const navigate: Parameters<typeof connectSessionHandlers>[0] = (to, options) =>
    router.navigate(to, options);
  if (frame) (await import('./features/embedding/embedded-session')).connectEmbeddedSessionHandlers(navigate);
  else connectSessionHandlers(navigate);

  const app = (
    <StrictMode>
      <AppProviders queryClient={queryClient}>
        <RouterProvider router={router} />
      </AppProviders>
    </StrictMode>
  );
  const root = createRoot(container);
  // A page the server drew ahead (static-pages/pages.ts; a signing link's landing) stays until the
  // app can draw the same screen in one go (the router has its screen's code; the landing's record
  // is in), then the app takes it over.
  const staticPage = findStaticPage(container);
  if (!staticPage) return root.render(app);
  await Promise.all([routerReady(router), early]);
  const state = captureStaticPage(staticPage);
  flushSync(() => root.render(app));
  handOverStaticPage(container, state);
}

function routerReady(router: Pick<DataRouter, 'state' | 'subscribe'>): Promise<void> {
  if (router.state.initialized) return Promise.resolve();
  return new Promise((resolve) => {
    const unsubscribe = router.subscribe((state) => {
      if (!state.initialized) return;
      unsubscribe();
      resolve();
    });
  });
}

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element');
void boot(container);

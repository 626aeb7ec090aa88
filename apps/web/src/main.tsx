import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import '@mantine/dates/styles.css';
import './app/global.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { AppProviders } from './app/providers';
import { createQueryClient } from './app/query-client';
import { createAppRouter, createEmbeddedFrameRouter } from './app/router';
import { connectSessionHandlers } from './app/session-handlers';
import { embeddedFrameOf, enterEmbeddedFrame } from './features/embedding/embedded-frame';
import { connectEmbeddedSessionHandlers } from './features/embedding/embedded-session';
import { prefetchLandingRecord } from './features/signing/early-record';
import { dropStaleCacheVersions } from './shared/cache/startup-cache';
import { sessionStore } from './shared/session/session-store';

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element');

// An embedded frame (/if/{ssoAuth}/...): its own router under that basename, a session in memory only.
const frame = embeddedFrameOf(window.location.pathname);
if (frame) {
  enterEmbeddedFrame(frame);
  sessionStore.keepInMemoryOnly();
}
dropStaleCacheVersions();
const queryClient = createQueryClient();
prefetchLandingRecord(queryClient, window.location);
const router = frame ? createEmbeddedFrameRouter(frame.basename) : createAppRouter();
if (frame) connectEmbeddedSessionHandlers((to, options) => router.navigate(to, options));
else connectSessionHandlers((to, options) => router.navigate(to, options));

createRoot(container).render(
  <StrictMode>
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>
  </StrictMode>,
);

import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import '@mantine/dates/styles.css';
import './app/global.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { AppProviders } from './app/providers';
import { createQueryClient } from './app/query-client';
import { createAppRouter } from './app/router';
import { connectSessionHandlers } from './app/session-handlers';
import { prefetchLandingRecord } from './features/signing/early-record';
import { dropStaleCacheVersions } from './shared/cache/startup-cache';

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element');

dropStaleCacheVersions();
const queryClient = createQueryClient();
prefetchLandingRecord(queryClient, window.location);
const router = createAppRouter();
connectSessionHandlers((to, options) => router.navigate(to, options));

createRoot(container).render(
  <StrictMode>
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>
  </StrictMode>,
);

import type { ReactElement, ReactNode } from 'react';
import { configure, render, type RenderResult } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { DEFAULT_BRANDING } from '@esigns/contracts/branding-defaults';
import { BrandingProvider } from '../branding/branding-provider';
import { createAppTheme } from '../branding/theme';
import { mediaQueryList } from './layout-stubs';

// Lazy routes compile on first use under vitest: a cold screen can take more than the default 1 s.
configure({ asyncUtilTimeout: 5000 });

/** jsdom lacks a few browser APIs Mantine uses; tests install them here instead of a global setup file. */
export function installDomPolyfills(): void {
  if (!window.matchMedia) {
    Object.defineProperty(window, 'matchMedia', {
      writable: true,
      value: (query: string) => mediaQueryList(query, false),
    });
  }
  if (!('ResizeObserver' in window)) {
    class ResizeObserverStub {
      observe() {}
      unobserve() {}
      disconnect() {}
    }
    Object.defineProperty(window, 'ResizeObserver', { writable: true, value: ResizeObserverStub });
  }
  if (!Element.prototype.scrollIntoView) Element.prototype.scrollIntoView = () => {};
}

/** A query client for one test: no retries, no caching between tests. */
export function createTestQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: { queries: { retry: false, gcTime: 0 }, mutations: { retry: false } },
  });
}

export function TestProviders({ children, queryClient }: { children: ReactNode; queryClient: QueryClient }) {
  return (
    <BrandingProvider>
      <MantineProvider theme={createAppTheme(DEFAULT_BRANDING)} env="test">
        <QueryClientProvider client={queryClient}>
          <Notifications />
          {children}
        </QueryClientProvider>
      </MantineProvider>
    </BrandingProvider>
  );
}

/** Renders inside the app's Mantine theme, notifications, query client and branding. */
export function renderWithProviders(
  ui: ReactElement,
  queryClient: QueryClient = createTestQueryClient(),
): RenderResult {
  installDomPolyfills();
  return render(ui, {
    wrapper: ({ children }) => <TestProviders queryClient={queryClient}>{children}</TestProviders>,
  });
}

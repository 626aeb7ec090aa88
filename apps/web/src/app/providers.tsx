import { lazy, Suspense, useEffect, useMemo, useState, type ReactNode } from 'react';
import { MantineProvider } from '@mantine/core';
import { useNotifications } from '@mantine/notifications';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { watchSessionOwner } from '../features/auth/auth-session';
import { BrandingProvider, useBranding, type BrandingOverrides } from '../shared/branding/branding-provider';
import { createAppTheme } from '../shared/branding/theme';
import { isSignedIn, useSession } from '../shared/session/session-store';
import { OfflineGate } from '../shared/ui/offline-screen';
import { createQueryClient } from './query-client';

const CompanyBrandingSource = lazy(() =>
  import('../shared/branding/company-branding').then((m) => ({ default: m.CompanyBrandingSource })),
);

const LazyToasts = lazy(() => import('./toasts').then((m) => ({ default: m.Toasts })));

/**
 * The toasts' container and its transitions load with the first toast (`notifications.show`
 * fills Mantine's store at once; the container shows what it holds when it arrives): they are
 * not on the first page's path.
 */
function Toasts() {
  const count = useNotifications().notifications.length;
  const [needed, setNeeded] = useState(false);
  if (count > 0 && !needed) setNeeded(true);
  return needed ? (
    <Suspense fallback={null}>
      <LazyToasts />
    </Suspense>
  ) : null;
}

function ThemedProviders({ children }: { children: ReactNode }) {
  const { primary_color: primary, secondary_color: secondary } = useBranding();
  const theme = useMemo(
    () => createAppTheme({ primary_color: primary, secondary_color: secondary }),
    [primary, secondary],
  );
  return (
    <MantineProvider theme={theme} defaultColorScheme="light">
      <Toasts />
      {children}
    </MantineProvider>
  );
}

export type AppProvidersProps = {
  children: ReactNode;
  /** A company's branding overrides (merged over DEFAULT_BRANDING). */
  brandingOverrides?: BrandingOverrides | null;
  queryClient?: QueryClient;
};

/**
 * Branding, Mantine (theme, notifications; dialogs are screen-owned `AppDialog`s, so the
 * first script carries no modal code), TanStack Query and the offline screen. When
 * the session ends or changes hands, the previous user's cached data is dropped.
 */
export function AppProviders({ children, brandingOverrides, queryClient }: AppProvidersProps) {
  const [client] = useState(() => queryClient ?? createQueryClient());
  useEffect(() => watchSessionOwner(client), [client]);
  return (
    <QueryClientProvider client={client}>
      <SessionBranding overrides={brandingOverrides}>
        <ThemedProviders>
          <OfflineGate>{children}</OfflineGate>
        </ThemedProviders>
      </SessionBranding>
    </QueryClientProvider>
  );
}

/** The signed-in company's saved branding (or the given overrides) over the defaults. */
function SessionBranding({
  overrides,
  children,
}: {
  overrides?: BrandingOverrides | null;
  children: ReactNode;
}) {
  const signedIn = useSession(isSignedIn);
  const [company, setCompany] = useState<BrandingOverrides | null>(null);
  const source = signedIn && !overrides;
  return (
    <>
      {source ? (
        <Suspense fallback={null}>
          <CompanyBrandingSource onChange={setCompany} />
        </Suspense>
      ) : null}
      <BrandingProvider overrides={overrides ?? (source ? company : null)}>{children}</BrandingProvider>
    </>
  );
}

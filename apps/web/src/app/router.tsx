import type { ComponentType } from 'react';
import { Navigate, createBrowserRouter, useLocation, useParams, type RouteObject } from 'react-router';
import type { GuardName } from './guard-decision';
import { RouteGuard } from './guards';
import type { RouteHandle } from './route-handle';
import {
  ALL_SCREEN_ROUTES,
  EMBEDDED_PREFIX,
  EMBEDDED_ROUTES,
  fillPattern,
  toRouterPath,
  type LayoutName,
  type ScreenRoute,
} from './routes';
import { AppLoading } from './screens/app-loading';
import { NotFoundScreen } from './screens/not-found-screen';
import { SCREENS } from './screen-loaders';
import { RouteErrorScreen } from './screens/route-error-screen';

/** A screen's code must arrive within 120 s (spec 1 §9), else the error screen offers a reload. */
export const CHUNK_LOAD_TIMEOUT_MS = 120_000;

export function withChunkTimeout<T>(
  load: () => Promise<T>,
  timeoutMs: number = CHUNK_LOAD_TIMEOUT_MS,
): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => {
      const error = new Error(`Loading the screen took longer than ${timeoutMs / 1000} s`);
      error.name = 'ChunkLoadTimeoutError';
      reject(error);
    }, timeoutMs);
    load().then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error instanceof Error ? error : new Error(String(error)));
      },
    );
  });
}

type LazyComponent = () => Promise<{ Component: ComponentType }>;

const LAYOUTS: Record<LayoutName, LazyComponent> = {
  staff: () => import('./layouts/staff-layout').then((m) => ({ Component: m.StaffLayout })),
  contact: () => import('./layouts/contact-layout').then((m) => ({ Component: m.ContactLayout })),
  public: () => import('./layouts/public-layout').then((m) => ({ Component: m.PublicLayout })),
  embedded: () => import('./layouts/embedded-layout').then((m) => ({ Component: m.EmbeddedLayout })),
  'session-aware': () =>
    import('./layouts/session-aware-layout').then((m) => ({ Component: m.SessionAwareLayout })),
};

/** Sends to `to` (spec notation), filling its params from the current ones and keeping the query. */
function RedirectTo({ to }: { to: string }) {
  const params = useParams();
  const location = useLocation();
  return (
    <Navigate
      to={{ pathname: fillPattern(to, params), search: location.search, hash: location.hash }}
      replace
    />
  );
}

function EmbeddedNotFound() {
  const { ssoAuth = '' } = useParams();
  return <NotFoundScreen homeTo={`/if/${ssoAuth}/documents/all`} homeLabel="Back to documents" />;
}

/** `/if/{ssoAuth}/contacts` -> `/contacts`: a mirrored route's staff pattern (its own otherwise). */
function withoutEmbeddedPrefix(pattern: string): string {
  return pattern.startsWith(EMBEDDED_PREFIX) ? pattern.slice(EMBEDDED_PREFIX.length) || '/' : pattern;
}

/**
 * A route's screen: its own loader, or for a mirrored `/if/{ssoAuth}/...` route the staff
 * route's (the same screen in the embedded layout).
 */
function screenOf(pattern: string) {
  return SCREENS[pattern] ?? SCREENS[withoutEmbeddedPrefix(pattern)];
}

function screenRoute(route: ScreenRoute, inFrame = false): RouteObject {
  const handle: RouteHandle = {
    title: route.title,
    area: route.area,
    width: route.width,
    pattern: route.pattern,
  };
  // Inside an embedded frame the router's basename is `/if/{ssoAuth}`: paths lose the prefix.
  const local = (pattern: string) => (inFrame ? withoutEmbeddedPrefix(pattern) : pattern);
  const path = toRouterPath(local(route.pattern));
  if (route.redirectTo) return { path, handle, element: <RedirectTo to={local(route.redirectTo)} /> };
  const screen = screenOf(route.pattern);
  if (screen) return { path, handle, lazy: () => withChunkTimeout(screen) };
  // Loaded when shown: the first page's scripts do not carry it.
  return {
    path,
    handle,
    lazy: () =>
      withChunkTimeout(() =>
        import('../shared/ui/screen-placeholder').then(({ ScreenPlaceholder }) => ({
          element: (
            <ScreenPlaceholder
              title={route.title}
              pattern={route.pattern}
              variant={route.layout === 'public' ? 'plain' : 'card'}
            />
          ),
        })),
      ),
  };
}

/** Unknown paths inside each area show the real not-found screen in that area's layout. */
function notFoundRoutes(guard: GuardName, layout: LayoutName): RouteObject[] {
  const handle: RouteHandle = { title: 'Page not found' };
  if (guard === 'user' && layout === 'staff')
    return [{ id: 'not-found', path: '*', handle, element: <NotFoundScreen /> }];
  if (guard === 'applicationUser' && layout === 'contact') {
    return [
      { id: 'not-found-ap', path: '/ap/*', handle, element: <NotFoundScreen homeTo="/ap/dashboard" /> },
    ];
  }
  if (guard === 'embedded' && layout === 'embedded') {
    return [{ id: 'not-found-if', path: '/if/:ssoAuth/*', handle, element: <EmbeddedNotFound /> }];
  }
  return [];
}

/** The whole route tree: root error boundary -> guard -> layout -> screens. */
export function buildRoutes(screens: readonly ScreenRoute[] = ALL_SCREEN_ROUTES): RouteObject[] {
  const groups = new Map<string, { guard: GuardName; layout: LayoutName; routes: ScreenRoute[] }>();
  for (const route of screens) {
    const key = `${route.guard}:${route.layout}`;
    const existing = groups.get(key);
    if (existing) existing.routes.push(route);
    else groups.set(key, { guard: route.guard, layout: route.layout, routes: [route] });
  }

  const children: RouteObject[] = [...groups.values()].map(({ guard, layout, routes }) => ({
    id: `guard:${guard}:${layout}`,
    handle: { guard } satisfies RouteHandle,
    element: <RouteGuard guard={guard} />,
    children: [
      {
        id: `layout:${guard}:${layout}`,
        handle: { layout } satisfies RouteHandle,
        lazy: () => withChunkTimeout(LAYOUTS[layout]),
        children: [...routes.map((route) => screenRoute(route)), ...notFoundRoutes(guard, layout)],
      },
    ],
  }));

  // The company's email log and the operator's Outbox (one page: the operator key decides):
  // staff layout when signed in, public layout otherwise (the operator has no session).
  const mailLogRoute = (path: '/outbox' | '/email-log', title: string, area: string) => ({
    path,
    handle: { title, area, width: 'wide', pattern: path } satisfies RouteHandle,
    lazy: () =>
      withChunkTimeout(() =>
        import('./layouts/session-aware-layout').then((m) => ({ Component: m.SessionAwareLayout })),
      ),
    children: [
      {
        index: true,
        lazy: () =>
          withChunkTimeout(() =>
            import('../features/outbox/outbox-page').then((m) => ({ Component: m.OutboxPage })),
          ),
      },
    ],
  });
  children.push({
    id: 'guard:public:outbox',
    handle: { guard: 'public' } satisfies RouteHandle,
    element: <RouteGuard guard="public" />,
    children: [
      mailLogRoute('/outbox', 'Outbox', 'outbox'),
      mailLogRoute('/email-log', 'Email log', 'email-log'),
    ],
  });

  return [{ id: 'root', errorElement: <RouteErrorScreen />, HydrateFallback: AppLoading, children }];
}

export function createAppRouter() {
  return createBrowserRouter(buildRoutes());
}

/**
 * The routes of an embedded frame (`/if/{ssoAuth}/...`, router basename `/if/{ssoAuth}`): the
 * mirrored staff routes under their staff paths, `/iFrameSignin`, `/` to the documents list,
 * unknown paths to the not-found screen, all behind the embedded guard and layout. Every
 * absolute staff link of the screens then stays under the prefix.
 */
export function buildEmbeddedFrameRoutes(screens: readonly ScreenRoute[] = EMBEDDED_ROUTES): RouteObject[] {
  const handle: RouteHandle = { title: 'Page not found' };
  return [
    {
      id: 'root',
      errorElement: <RouteErrorScreen />,
      HydrateFallback: AppLoading,
      children: [
        {
          id: 'guard:embedded:frame',
          handle: { guard: 'embedded' } satisfies RouteHandle,
          element: <RouteGuard guard="embedded" />,
          children: [
            {
              id: 'layout:embedded:frame',
              handle: { layout: 'embedded' } satisfies RouteHandle,
              lazy: () => withChunkTimeout(LAYOUTS.embedded),
              children: [
                ...screens.map((route) => screenRoute(route, true)),
                {
                  id: 'not-found-frame',
                  path: '*',
                  handle,
                  element: <NotFoundScreen homeTo="/documents/all" homeLabel="Back to documents" />,
                },
              ],
            },
          ],
        },
      ],
    },
  ];
}

/** The router of an embedded frame, whose basename is `/if/{ssoAuth}` (features/embedding). */
export function createEmbeddedFrameRouter(basename: string) {
  return createBrowserRouter(buildEmbeddedFrameRoutes(), { basename });
}

export type AppRouter = ReturnType<typeof createAppRouter>;

import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { AppProviders } from '../app/providers';
import { buildRoutes } from '../app/router';
import { GUEST_ROUTES } from '../app/routes';

/**
 * The markup of a static page (pages.ts) as the app draws it for a signed-out visitor with the
 * default branding: the app's own route tree (guard, layout, screen) cut down to that page, drawn
 * by React's server renderer. Run by the build (build/static-pages.mjs) through Vite's module
 * loader; effects do not run, so nothing is fetched.
 */
export async function renderStaticPage(pathname: string): Promise<string> {
  const screens = GUEST_ROUTES.filter((route) => route.pattern === pathname);
  if (screens.length !== 1) throw new Error(`${pathname} is not a guest screen`);
  const handler = createStaticHandler(buildRoutes(screens));
  const context = await handler.query(new Request(`http://localhost${pathname}`));
  if (context instanceof Response) throw new Error(`${pathname} answered ${context.status}`);
  if (context.errors) throw new Error(`${pathname} failed: ${JSON.stringify(context.errors)}`);
  const router = createStaticRouter(handler.dataRoutes, context);
  return renderToString(
    <AppProviders>
      <StaticRouterProvider router={router} context={context} hydrate={false} />
    </AppProviders>,
  );
}

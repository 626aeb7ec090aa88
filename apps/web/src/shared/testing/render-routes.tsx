import type { ReactElement } from 'react';
import { RouterProvider, createMemoryRouter, type RouteObject } from 'react-router';
import { renderWithProviders } from './render-with-providers';

/**
 * Renders `routes` in a memory router at `path`, inside the test providers, and answers the router
 * (to read where a screen went). Of two routes with the same path the first wins: the screen under
 * test over a stand-in for the place it links to.
 */
export function renderRoutes(routes: RouteObject[], path: string) {
  const unique = routes.filter(
    (route, index) => route.path === undefined || routes.findIndex((r) => r.path === route.path) === index,
  );
  const router = createMemoryRouter(unique, { initialEntries: [path] });
  renderWithProviders(<RouterProvider router={router} />);
  return router;
}

/** `screen` on the route `pattern`, opened at `path`, with stand-ins for the places it goes to. */
export function renderScreenAt(
  screen: ReactElement,
  pattern: string,
  path: string,
  standIns: RouteObject[] = [standIn('*', 'elsewhere')],
) {
  return renderRoutes([{ path: pattern, element: screen }, ...standIns], path);
}

/** A stand-in for a screen a test goes to: an element with `testId` (and `text`) on `path`. */
export function standIn(path: string, testId: string, text?: string): RouteObject {
  return { path, element: <div data-testid={testId}>{text}</div> };
}

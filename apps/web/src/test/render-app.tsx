import { StrictMode } from 'react';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { buildRoutes } from '../app/router';
import { renderWithProviders } from '../shared/testing/render-with-providers';

/**
 * Renders the whole app (its routes, guards, layouts and lazy screens) at `path` inside the test
 * providers, optionally in StrictMode, and answers the router to read where it went.
 */
export function renderApp(path: string, { strict = false }: { strict?: boolean } = {}) {
  const router = createMemoryRouter(buildRoutes(), { initialEntries: [path] });
  const app = <RouterProvider router={router} />;
  renderWithProviders(strict ? <StrictMode>{app}</StrictMode> : app);
  return router;
}

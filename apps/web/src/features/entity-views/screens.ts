import type { ComponentType } from 'react';

type LazyComponent = () => Promise<{ Component: ComponentType }>;

/** The entity views screens by route pattern (routes.ts), for the router's SCREENS map. */
export const ENTITY_VIEW_SCREENS: Record<string, LazyComponent> = {
  '/entity-views': () => import('./entity-views-screen').then((m) => ({ Component: m.EntityViewsScreen })),
  '/entity-views/add': () =>
    import('./entity-view-editor-screen').then((m) => ({ Component: m.EntityViewEditorScreen })),
  '/entity-views/edit/{entity_view_id}': () =>
    import('./entity-view-editor-screen').then((m) => ({ Component: m.EntityViewEditorScreen })),
  '/entity-views/view/{entity_view_id}': () =>
    import('./entity-view-screen').then((m) => ({ Component: m.EntityViewScreen })),
};

import type { ComponentType } from 'react';

type LazyComponent = () => Promise<{ Component: ComponentType }>;

const preview: LazyComponent = () =>
  import('./group-preview-screen').then((m) => ({ Component: m.GroupPreviewScreen }));

/** The entity groups screens by route pattern (routes.ts), for the router's SCREENS map. */
export const ENTITY_GROUP_SCREENS: Record<string, LazyComponent> = {
  '/company-entity-groups': () =>
    import('./entity-groups-screen').then((m) => ({ Component: m.EntityGroupsScreen })),
  '/company-entity-groups/{group_id}/preview': preview,
  '/company-entity-groups/{group_id}/preview/{entity_id}': preview,
};

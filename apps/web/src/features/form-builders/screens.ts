import type { ComponentType } from 'react';

type LazyComponent = () => Promise<{ Component: ComponentType }>;

const builder: LazyComponent = () =>
  import('./builder/form-builder-screen').then((m) => ({ Component: m.FormBuilderScreen }));

/** The staff screens of forms (list, builder) by route pattern (routes.ts), for the router's SCREENS map. */
export const FORM_BUILDER_SCREENS: Record<string, LazyComponent> = {
  '/formBuilders': () => import('./form-builders-screen').then((m) => ({ Component: m.FormBuildersScreen })),
  '/formBuilders/add': builder,
  '/formBuilders/{form_builder_id}': builder,
};

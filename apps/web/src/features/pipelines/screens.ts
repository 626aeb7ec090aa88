import type { ComponentType } from 'react';

type LazyComponent = () => Promise<{ Component: ComponentType }>;

/** The automation pipeline screens by route pattern (routes.ts), for the router's SCREENS map. */
export const PIPELINE_SCREENS: Record<string, LazyComponent> = {
  '/automation-pipelines': () => import('./pipelines-screen').then((m) => ({ Component: m.PipelinesScreen })),
  '/automation-pipelines/create': () =>
    import('./pipeline-editor-screen').then((m) => ({ Component: m.CreatePipelineScreen })),
  '/automation-pipelines/edit/{pipeline_id}': () =>
    import('./pipeline-editor-screen').then((m) => ({ Component: m.EditPipelineScreen })),
  '/automation-pipelines/{pipeline_id}/runs': () =>
    import('./pipeline-runs-screen').then((m) => ({ Component: m.PipelineRunsScreen })),
};

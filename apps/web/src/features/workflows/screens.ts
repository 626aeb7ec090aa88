import type { ComponentType } from 'react';

type LazyComponent = () => Promise<{ Component: ComponentType }>;

/** The staff screens of workflows by route pattern (routes.ts), for the router's SCREENS map. */
export const WORKFLOW_SCREENS: Record<string, LazyComponent> = {
  '/workflows': () => import('./workflows-screen').then((m) => ({ Component: m.WorkflowsScreen })),
  '/workflow/{workflow_id}': () => import('./workflow-screen').then((m) => ({ Component: m.WorkflowScreen })),
  '/workflow/send/{workflow_data_id}': () =>
    import('./send/send-workflow-screen').then((m) => ({ Component: m.SendWorkflowScreen })),
  '/workflow/edit/{workflow_id}': () =>
    import('./builder/workflow-builder-screen').then((m) => ({ Component: m.WorkflowBuilderScreen })),
};

import type { ComponentType } from 'react';

type LazyComponent = () => Promise<{ Component: ComponentType }>;

const guest = () => import('./guest-fill-screen');
const done = () => import('./guest-done-screens');
const approval = () => import('./approval-screens');

/** The same guest screens under `/public/fbd/{code}` and `/public/fb/{code}/{id}`. */
function publicScreens(base: string): Record<string, LazyComponent> {
  return {
    [`${base}/auth/verify`]: () =>
      import('./guest-verify-screen').then((m) => ({ Component: m.GuestVerifyScreen })),
    [`${base}/vp/{user_id}`]: () => done().then((m) => ({ Component: m.GuestLinkScreen })),
    [`${base}/execute`]: () => guest().then((m) => ({ Component: m.GuestFillScreen })),
    [`${base}/update`]: () => guest().then((m) => ({ Component: m.GuestFillScreen })),
    [`${base}/view`]: () => guest().then((m) => ({ Component: m.GuestViewScreen })),
    [`${base}/status/completed`]: () => done().then((m) => ({ Component: m.GuestCompletedScreen })),
    [`${base}/approval/auth`]: () => approval().then((m) => ({ Component: m.ApprovalAuthScreen })),
    [`${base}/approval/execute`]: () => approval().then((m) => ({ Component: m.ApprovalExecuteScreen })),
  };
}

/**
 * The screens that fill and read forms (staff `/fbd`, `/fb`, approvals, data list; guests
 * `/public/fbd`, `/public/fb`) by route pattern (routes.ts), for the router's SCREENS map.
 */
export const FORM_FILL_SCREENS: Record<string, LazyComponent> = {
  '/fbd/{formbuilder_code}': () =>
    import('./staff-fill-screen').then((m) => ({ Component: m.StaffFillScreen })),
  '/fb/{formbuilder_code}/{formbuilder_data_id}': () =>
    import('./submission-screen').then((m) => ({ Component: m.SubmissionScreen })),
  '/fb/view/{formbuilder_code}/{template_code}/{formbuilder_data_id}': () =>
    import('./step-entry-screen').then((m) => ({ Component: m.StepViewScreen })),
  '/fb/edit/{formbuilder_code}/{template_code}/{formbuilder_data_id}': () =>
    import('./step-entry-screen').then((m) => ({ Component: m.StepEditScreen })),
  '/fbd/{formbuilder_code}/data-list': () =>
    import('./data-list-screen').then((m) => ({ Component: m.DataListScreen })),
  '/forms/approval-forms': () =>
    import('./approval-forms-screen').then((m) => ({ Component: m.ApprovalFormsScreen })),
  ...publicScreens('/public/fbd/{formbuilder_code}'),
  ...publicScreens('/public/fb/{formbuilder_code}/{formbuilder_data_id}'),
};

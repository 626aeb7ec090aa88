import type { ComponentType } from 'react';

type LazyComponent = () => Promise<{ Component: ComponentType }>;

const entities = () => import('./contact-entity-screens');
const fill = () => import('../form-fill/staff-fill-screen').then((m) => ({ Component: m.StaffFillScreen }));
const submission = () =>
  import('../form-fill/submission-screen').then((m) => ({ Component: m.SubmissionScreen }));
const dataList = () => import('../form-fill/data-list-screen').then((m) => ({ Component: m.DataListScreen }));

/**
 * The contact area's content screens by route pattern (routes.ts). Forms, approvals, entities,
 * entity views and form templates are the staff screens, which follow the area they are open in.
 * Not here (dashboards come with their own capability): /ap/page-dashboard/{dashboardId} and
 * /ap/custom/dashboard/{entityId}. The account screens (/ap/profile, /ap/expire) are the accounts'.
 */
export const CONTACT_AREA_SCREENS: Record<string, LazyComponent> = {
  '/ap/dashboard': () =>
    import('./contact-dashboard-screen').then((m) => ({ Component: m.ContactDashboardScreen })),
  '/ap/documents': () =>
    import('./contact-documents-screen').then((m) => ({ Component: m.ContactDocumentsScreen })),
  '/ap/workflows': () =>
    import('./contact-workflows-screen').then((m) => ({ Component: m.ContactWorkflowsScreen })),
  '/ap/formbuilder': () =>
    import('./contact-forms-screen').then((m) => ({ Component: m.ContactFormsScreen })),
  '/ap/approvalforms': () =>
    import('../form-fill/approval-forms-screen').then((m) => ({ Component: m.ApprovalFormsScreen })),
  '/ap/fbd/{formbuilder_code}': fill,
  '/ap/fbd/{formbuilder_code}/data-list': dataList,
  '/ap/fbd/{formbuilder_code}/{formbuilder_data_id}': submission,
  '/ap/fb/view/{formbuilder_code}/{formbuilder_data_id}': submission,
  '/ap/fb/edit/{formbuilder_code}/{formbuilder_data_id}': fill,
  '/ap/fb/{formbuilder_code}/{formbuilder_data_id}/status/completed': () =>
    import('./form-submitted-screen').then((m) => ({ Component: m.ContactFormSubmittedScreen })),
  '/ap/fbdv/{formbuilder_code}/data-list': dataList,
  '/ap/entity/{entity_id}/{menuId}': () =>
    entities().then((m) => ({ Component: m.ContactEntityRecordsScreen })),
  '/ap/entity-execute/{entity_id}': () =>
    entities().then((m) => ({ Component: m.ContactEntityExecuteScreen })),
  '/ap/entity-view/{entity_id}': () => entities().then((m) => ({ Component: m.ContactEntityViewScreen })),
  '/ap/entity-views/view/{entity_view_id}': () =>
    entities().then((m) => ({ Component: m.ContactEntityViewsScreen })),
  '/ap/template/{template_id}/menu/view': () =>
    import('../form-templates/template-view-screen').then((m) => ({ Component: m.TemplateMenuViewScreen })),
};

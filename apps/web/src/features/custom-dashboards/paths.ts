/** Where the dashboard screens live (routes.ts). */
export const DASHBOARD_LIST_PATH = '/custom/dashboard-list';
export const MATRIX_PATH = '/custom/CustomEntityMention';
export const configPath = (id: string) => `/custom/dashboard/config/${id}`;
export const pagePath = (id: string) => `/page-dashboard/${id}`;
export const contactPagePath = (id: string) => `/ap/page-dashboard/${id}`;
/** The layout a contact of the type gets, without figures (`contact-type-preview.tsx`). */
export const contactPreviewPath = (id: string, contactTypeId: string) =>
  `/page-dashboard/${id}?preview_contact_type=${encodeURIComponent(contactTypeId)}`;
export const contactTypeDashboardsPath = (contactTypeId: string) =>
  `/ap-user/custom-dashboards/${contactTypeId}`;
export const contactDashboardsPath = (contactTypeId: string) => `/ap/custom/dashboard/${contactTypeId}`;

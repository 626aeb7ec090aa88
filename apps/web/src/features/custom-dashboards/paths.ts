/** Where the dashboard screens live (routes.ts). */
export const DASHBOARD_LIST_PATH = '/custom/dashboard-list';
export const MATRIX_PATH = '/custom/CustomEntityMention';
export const configPath = (id: string) => `/custom/dashboard/config/${id}`;
export const pagePath = (id: string) => `/page-dashboard/${id}`;
export const contactPagePath = (id: string) => `/ap/page-dashboard/${id}`;
export const contactTypeDashboardsPath = (contactTypeId: string) =>
  `/ap-user/custom-dashboards/${contactTypeId}`;
export const contactDashboardsPath = (contactTypeId: string) => `/ap/custom/dashboard/${contactTypeId}`;

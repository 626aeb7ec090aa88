import type { ComponentType } from 'react';

type LazyComponent = () => Promise<{ Component: ComponentType }>;

/**
 * The team area's screens by route pattern (routes.ts), in the shape of `SCREENS` in
 * app/router.tsx, to be merged there. The /profile children render the same screens inside the
 * profile area's frame; /company/users and /profile/companyUsers are one screen.
 */
export const TEAM_SCREENS: Record<string, LazyComponent> = {
  '/company/users': () => import('./company-users-screen').then((m) => ({ Component: m.CompanyUsersScreen })),
  '/profile/companyUsers': () =>
    import('./profile-team-screens').then((m) => ({ Component: m.ProfileCompanyUsersScreen })),
  '/profile/companyProfile': () =>
    import('./profile-team-screens').then((m) => ({ Component: m.ProfileCompanyProfileScreen })),
  '/profile/manage-permissions': () =>
    import('./profile-team-screens').then((m) => ({ Component: m.ProfileManagePermissionsScreen })),
  '/roles': () => import('./roles-screen').then((m) => ({ Component: m.RolesScreen })),
  '/inviteUser': () => import('./invite-user-screen').then((m) => ({ Component: m.InviteUserScreen })),
};

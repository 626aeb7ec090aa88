import type { ComponentType } from 'react';

type LazyComponent = () => Promise<{ Component: ComponentType }>;

/**
 * The profile screens by route pattern (routes.ts), for the router's SCREENS map. The company
 * children of /profile (companyUsers, companyProfile, manage-permissions) belong to the team
 * screens; subscription belongs to the subscriptions screens.
 */
export const PROFILE_SCREENS: Readonly<Record<string, LazyComponent>> = {
  '/profile': () => import('./profile-area').then((m) => ({ Component: m.ProfileIndexRedirect })),
  '/profile/personal-information': () =>
    import('./personal-information-screen').then((m) => ({ Component: m.PersonalInformationScreen })),
  '/profile/change-password': () =>
    import('./change-password-screen').then((m) => ({ Component: m.ChangePasswordScreen })),
  '/profile/two-step-verification': () =>
    import('./two-step-verification-screen').then((m) => ({ Component: m.TwoStepVerificationScreen })),
  '/profile/signature': () => import('./mark-screen').then((m) => ({ Component: m.SignatureScreen })),
  '/profile/initial': () => import('./mark-screen').then((m) => ({ Component: m.InitialScreen })),
  '/profile/remove-workspace': () =>
    import('./remove-workspace-screen').then((m) => ({ Component: m.RemoveWorkspaceScreen })),
};

import type { ComponentType } from 'react';

type LazyComponent = () => Promise<{ Component: ComponentType }>;

/** The embedded mode's own screen; the mirrored screens are the staff ones (app/router.tsx). */
export const EMBEDDING_SCREENS: Record<string, LazyComponent> = {
  '/if/{ssoAuth}/iFrameSignin': () =>
    import('./iframe-signin-screen').then((m) => ({ Component: m.IframeSigninScreen })),
};

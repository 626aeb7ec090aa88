import { Suspense, lazy } from 'react';
import { Outlet } from 'react-router';
import { isContactSession, isSignedIn, useSession } from '../../shared/session/session-store';
import { AppLoading } from '../screens/app-loading';

const StaffLayout = lazy(() => import('./staff-layout').then((m) => ({ default: m.StaffLayout })));
const PublicLayout = lazy(() => import('./public-layout').then((m) => ({ default: m.PublicLayout })));

/** Staff layout for signed-in staff, the public (wide) layout for everyone else. */
export function SessionAwareLayout() {
  const isStaff = useSession((s) => isSignedIn(s) && !isContactSession(s));
  return (
    <Suspense fallback={<AppLoading />}>
      {isStaff ? (
        <StaffLayout>
          <Outlet />
        </StaffLayout>
      ) : (
        <PublicLayout width="wide">
          <Outlet />
        </PublicLayout>
      )}
    </Suspense>
  );
}

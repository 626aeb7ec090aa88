import {
  IconBuilding,
  IconCreditCard,
  IconDoorExit,
  IconKey,
  IconLetterCase,
  IconLock,
  IconShieldLock,
  IconSignature,
  IconUserCircle,
  IconUsers,
} from '@tabler/icons-react';
import { Navigate } from 'react-router';
import { useSession } from '../../shared/session/session-store';
import { SectionLayout, type SectionChildProps, type SectionNavGroup } from './section-layout';

export const PROFILE_BASE = '/profile';
export const PROFILE_DEFAULT_CHILD = 'personal-information';

/** The children of /profile (spec 1 §2), in the order of the sub-navigation. */
export const PROFILE_ACCOUNT_NAV: SectionNavGroup = {
  label: 'Account',
  items: [
    { label: 'Personal information', path: 'personal-information', icon: IconUserCircle },
    { label: 'Change password', path: 'change-password', icon: IconLock },
    { label: 'Two-step verification', path: 'two-step-verification', icon: IconShieldLock },
    { label: 'Signature', path: 'signature', icon: IconSignature },
    { label: 'Initial', path: 'initial', icon: IconLetterCase },
    { label: 'Remove workspace', path: 'remove-workspace', icon: IconDoorExit },
  ],
};

/** Company screens of the profile area (built with the team screens; subscription with subscriptions). */
export const PROFILE_WORKSPACE_NAV: SectionNavGroup = {
  label: 'Workspace',
  items: [
    { label: 'Company profile', path: 'companyProfile', icon: IconBuilding },
    { label: 'Company users', path: 'companyUsers', icon: IconUsers },
    { label: 'Manage permissions', path: 'manage-permissions', icon: IconKey },
    { label: 'Subscription', path: 'subscription', icon: IconCreditCard },
  ],
};

const SUBSCRIPTION_ONLY: SectionNavGroup = {
  label: 'Workspace',
  items: PROFILE_WORKSPACE_NAV.items.filter((item) => item.path === 'subscription'),
};

/** The sub-navigation: company screens only in a company (BUSINESS) workspace. */
export function useProfileNav(): SectionNavGroup[] {
  const isBusiness = useSession((state) => {
    const current = state.user?.current_workspace;
    return typeof current === 'object' && current?.plan_type === 'BUSINESS';
  });
  return [PROFILE_ACCOUNT_NAV, isBusiness ? PROFILE_WORKSPACE_NAV : SUBSCRIPTION_ONLY];
}

/** A child screen of /profile inside the area's frame (sub-navigation on the left). */
export function ProfileArea(props: SectionChildProps) {
  const groups = useProfileNav();
  return <SectionLayout areaTitle="Profile" basePath={PROFILE_BASE} groups={groups} {...props} />;
}

/** /profile opens its first child (relative, so that the embedded mode stays embedded). */
export function ProfileIndexRedirect() {
  return <Navigate to={PROFILE_DEFAULT_CHILD} replace />;
}

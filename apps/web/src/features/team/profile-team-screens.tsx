import { ProfileArea } from '../profile/profile-area';
import { CompanyProfileScreen } from './company-profile-screen';
import { CompanyUsersScreen } from './company-users-screen';
import { ManagePermissionsScreen } from './manage-permissions-screen';

/**
 * The team screens that are children of /profile: the same screens, inside the profile area's
 * frame (its sub-navigation lists them under "Workspace").
 */
export function ProfileCompanyUsersScreen() {
  return <CompanyUsersScreen frame={ProfileArea} />;
}

export function ProfileCompanyProfileScreen() {
  return <CompanyProfileScreen frame={ProfileArea} />;
}

export function ProfileManagePermissionsScreen() {
  return <ManagePermissionsScreen frame={ProfileArea} />;
}

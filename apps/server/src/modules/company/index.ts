/**
 * The public face of the company module: other modules and the composition root import only this
 * file (checked by .dependency-cruiser.cjs). Its tables stay private to it.
 */
export { registerCompanyHooks } from './register-hooks';
export { getCompanyBySlug, saveCompanyLogo } from './profile-service';
export {
  eraseMembership,
  joinCompany,
  lockActiveOwnerIds,
  membershipDirectory,
  workspacesSharedWith,
} from './memberships';
export type { SharedWorkspace } from './memberships';
export {
  activeMemberIds,
  activeMembershipsOf,
  companyNamesById,
  findActiveCompanyBySlug,
  findCompanyOwnerId,
  hasMembership,
} from './lookups';
export { registerCompanyRoutes } from './routes';
export { companyNameText, companyOwnerIdText } from './sql-texts';
export {
  clearMembersRole,
  countActiveMembersByUserType,
  countMembersByRole,
  countOtherMemberships,
  createWorkspace,
  endMembership,
  findCompanyById,
  findMember,
  findMembership,
  listWorkspaces,
  lockMembership,
  registerWorkspaceCreatedHook,
  setMemberUserType,
} from './service';
export type { CompanyRow, Member, WorkspaceCreatedHook } from './service';

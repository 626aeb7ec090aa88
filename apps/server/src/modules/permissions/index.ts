/**
 * The public face of the permissions module: other modules and the composition root import only this
 * file (checked by .dependency-cruiser.cjs). Its tables stay private to it.
 */
export { accessOf, loadAccess, requirePermission, seedUserTypes } from './access';
export type { AccessContext } from './access';
export { registerUserTypeHeadcount, registerUserTypeSidebars } from './hooks';
export type { UserTypeHeadcount, UserTypeSidebars } from './hooks';
export { registerPermissionRoutes } from './routes';
export { findUserTypePermissions, listUserTypes, userTypePermissionSets } from './service';

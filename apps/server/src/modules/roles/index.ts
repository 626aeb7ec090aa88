/**
 * The public face of the roles module: other modules and the composition root import only this
 * file (checked by .dependency-cruiser.cjs). Its tables stay private to it.
 */
export { registerPendingInvitationCounter } from './hooks';
export type { PendingInvitationCounter } from './hooks';
export { registerRoleRoutes } from './routes';
export {
  assertCanActOnUserType,
  assertRoleFits,
  findRoleUserType,
  likePattern,
  roleDirectory,
} from './service';

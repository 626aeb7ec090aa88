/**
 * The public face of the application-user-permissions module (what a contact type may do with each
 * entity's records in the contact area): other modules and the composition root import only this
 * file (checked by .dependency-cruiser.cjs).
 */
// Kept here for its callers; it lives with the contact accounts so that lower modules can use it.
export { requireStaffOrContact } from '../application-users';
export { registerApplicationUserPermissionRoutes } from './routes';
export { contactEntityRule, contactEntityRules } from './service';
export type { ContactEntityRule } from './service';

/**
 * The public face of the application-user-permissions module (what a contact type may do with each
 * entity's records in the contact area): other modules and the composition root import only this
 * file (checked by .dependency-cruiser.cjs).
 */
export { requireStaffOrContact } from './access';
export { registerApplicationUserPermissionRoutes } from './routes';
export { contactEntityRule, contactEntityRules } from './service';
export type { ContactEntityRule } from './service';

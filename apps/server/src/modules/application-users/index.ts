/**
 * The public face of the application-users module (the contact area's accounts): other modules and
 * the composition root import only this file (checked by .dependency-cruiser.cjs).
 */
export { contactOf, loadContactContext, requireContact, requireStaffOrContact } from './access';
export type { ContactContext } from './access';
export { registerAccountRecords } from './hooks';
export type { AccountRecords } from './hooks';
export { registerApplicationUserHooks } from './register-hooks';
export { registerApplicationUserRoutes } from './routes';

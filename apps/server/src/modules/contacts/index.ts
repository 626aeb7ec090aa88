/**
 * The public face of the contacts module: other modules and the composition root import only this
 * file (checked by .dependency-cruiser.cjs). Its tables stay private to it.
 */
export { requireAnyPermission } from './access';
export { findContactTypes } from './contact-types';
export { contactDirectory, ensureContactsForEmails } from './directory';
export type { ContactPerson } from './directory';
export { messageContact, registerContactMessageChannel, registerContactTypeDeletionHook } from './hooks';
export type { ContactMessage, ContactMessageChannel, ContactTypeDeletionHook } from './hooks';
export { registerContactRoutes } from './routes';
export { contactsOfAccount, findContactsByEmails, findContactsByIds, getContact } from './service';

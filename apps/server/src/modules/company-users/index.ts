/**
 * The public face of the company-users module: other modules and the composition root import only this
 * file (checked by .dependency-cruiser.cjs). Its tables stay private to it.
 */
export { brandingOf, invitationMessage } from './mails';
export { registerCompanyUserHooks } from './register-hooks';
export { registerCompanyUserRoutes } from './routes';
export { companyForMail, findActiveMembers } from './service';
export type { ActiveMember, Tx } from './service';

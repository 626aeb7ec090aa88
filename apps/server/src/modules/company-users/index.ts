/**
 * The public face of the company-users module: other modules and the composition root import only this
 * file (checked by .dependency-cruiser.cjs). Its tables stay private to it.
 */
export { brandingOf } from './mails';
export { registerCompanyUserRoutes } from './routes';
export { companyForMail } from './service';
export type { Tx } from './service';

/**
 * The public face of the email-templates module: other modules and the composition root import only this
 * file (checked by .dependency-cruiser.cjs). Its tables stay private to it.
 */
export { companyMailFrame } from './frame';
export type { MailFrame } from './frame';
export { defineEmailTemplateJobs } from './record-mail-job';
export { registerEmailTemplateRoutes } from './routes';
export { sanitizeRichText } from './sanitize';
export { entityEmailTemplates, findEntityEmailTemplate, renderTemplateMail } from './template-mail';
/** Apps: package, install and uninstall entity email templates. */
export { findTemplate as findEmailTemplate } from './service';
export {
  createTemplate as createEmailTemplate,
  deleteTemplate as deleteEmailTemplate,
} from './write-service';

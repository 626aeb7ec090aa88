/**
 * The public face of the form-templates module: other modules and the composition root import only this
 * file (checked by .dependency-cruiser.cjs). Its tables stay private to it.
 */
export { registerContactTemplateCheck } from './contact-access';
export type { ContactTemplateCheck } from './contact-access';
export { registerFormTemplateRoutes } from './routes';
export {
  findPrimaryTemplate,
  findReadableTemplate,
  templateDefinitions,
  templateNamesWithField,
  templateSummaries,
} from './service';
export type { FormTemplateRow, TemplateDefinition } from './service';
export { ensureStandardTemplates } from './standard-sync';
export { findReadableTemplateAt, templateStampsSql } from './template-cache';
export { registerTemplateGuard } from './usage';
export type { TemplateGuard, TemplateRef } from './usage';
export { createFormTemplate } from './write-service';
/** Apps: complete an installed template's fields, remove it on uninstall. */
export { deleteFormTemplate, updateFormTemplate } from './write-service';
/** Apps: create-from-Excel infers each sheet's fields as templates' create-from-Excel does. */
export { inferFields } from './infer-fields';

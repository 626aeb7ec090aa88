/**
 * The public face of the form-submissions module: other modules and the composition root import only
 * this file (checked by .dependency-cruiser.cjs). Its tables stay private to it.
 */
import type { FastifyInstance } from 'fastify';
import type { Platform } from '../../platform/platform';
import { registerFormDocumentRoutes } from './documents-routes';
import { registerSubmissionFillRoutes } from './routes';
import { defineFormSendJobs, registerSubmissionSendRoutes } from './send-routes';
import { registerFormUploadRoutes } from './uploads-routes';

/** Submissions of forms (spec 3 §7 "Form builder data"): filling, approvals, sending, data out. */
export function registerFormSubmissionRoutes(api: FastifyInstance, platform: Platform): void {
  registerSubmissionFillRoutes(api, platform);
  registerSubmissionSendRoutes(api, platform);
  registerFormDocumentRoutes(api, platform);
  registerFormUploadRoutes(api, platform);
}

export { defineFormSendJobs };
export { closeSubmissions } from './close-submissions';
export { documentStepProgress } from './documents-steps';
export { registerFormSubmissionHooks } from './register-hooks';
export { submissionForPacket } from './packet-answers';
export type { SubmissionPacket } from './packet-answers';
export { formLinkHolder, issueFormLink, resendFormLink } from './packet-links';
export type { FormLinkHolder } from './packet-links';
export { sendFormToContact, submissionAnswers } from './send-in-tx';
export { callerOf as fillCallerOf, requireFillerOrStaff } from './fill-access';
export { payableSubmission } from './payable-submissions';
export { registerSubmitCheck } from './submit-checks';
export type { SubmitCheck, SubmitCheckInput } from './submit-checks';
export type { PayableSubmission } from './payable-submissions';
export type { Caller as FillCaller } from './submission-store';
export { registerSubmissionStatusListener } from './status-listeners';
export type { SubmissionStatusChange, SubmissionStatusListener } from './status-listeners';

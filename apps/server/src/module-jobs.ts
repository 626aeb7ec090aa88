import { defineDocumentListJobs } from './modules/document-lists';
import { defineDocumentJobs } from './modules/documents';
import { defineRecordJobs } from './modules/entity-data';
import { defineFormSendJobs } from './modules/form-submissions';
import { defineSigningJobs } from './modules/signing';
import { defineNotificationJobs } from './modules/notifications';
import { defineReminderJobs } from './modules/reminders';
import { defineWorkflowJobs } from './modules/workflows';
import { registerCompanySmtp } from './modules/mail-config';
import { defineEmailTemplateJobs } from './modules/email-templates';
import { defineEntityImportJobs } from './modules/entity-imports';
import { defineExportJobs } from './modules/exports';
import { defineWebhookJobs } from './modules/webhooks';
import { definePipelineJobs } from './modules/pipelines';
import { defineOAuthJobs } from './modules/oauth';
import { defineSubscriptionJobs } from './modules/subscriptions';
import { defineWhatsappJobs } from './modules/whatsapp';
import { defineSharePointJobs } from './modules/sharepoint';
import { defineActivityLogJobs } from './modules/activity-log';
import { registerModuleHooks } from './module-hooks';
import type { Platform } from './platform/platform';

/**
 * Every module's durable jobs, defined on the platform before its queue starts: API processes
 * (which also run them in the embedded default) and worker processes define the same set.
 */
export function defineModuleJobs(platform: Platform): void {
  // Jobs may run as soon as the queue starts: the modules' hooks are in place first.
  registerModuleHooks(platform);
  registerCompanySmtp(platform);
  defineDocumentJobs(platform);
  defineSigningJobs(platform);
  defineNotificationJobs(platform);
  defineReminderJobs(platform);
  defineDocumentListJobs(platform);
  defineRecordJobs(platform);
  defineFormSendJobs(platform);
  defineWorkflowJobs(platform);
  defineEmailTemplateJobs(platform);
  defineEntityImportJobs(platform);
  defineExportJobs(platform);
  definePipelineJobs(platform);
  defineWebhookJobs(platform);
  defineOAuthJobs(platform);
  defineSubscriptionJobs(platform);
  defineActivityLogJobs(platform);
  defineWhatsappJobs(platform);
  defineSharePointJobs(platform);
}

import { defineDocumentListJobs } from './modules/document-lists/jobs';
import { defineDocumentJobs } from './modules/documents/bulk-send';
import { defineRecordJobs } from './modules/entity-data/jobs';
import { defineSigningJobs } from './modules/signing/jobs';
import { defineNotificationJobs } from './modules/notifications/push';
import { defineReminderJobs } from './modules/reminders/jobs';
import type { Platform } from './platform/platform';

/**
 * Every module's durable jobs, defined on the platform before its queue starts: API processes
 * (which also run them in the embedded default) and worker processes define the same set.
 */
export function defineModuleJobs(platform: Platform): void {
  defineDocumentJobs(platform);
  defineSigningJobs(platform);
  defineNotificationJobs(platform);
  defineReminderJobs(platform);
  defineDocumentListJobs(platform);
  defineRecordJobs(platform);
}

/**
 * The public face of the whatsapp module: the composition root imports only this file (checked by
 * .dependency-cruiser.cjs). Its tables stay private to it.
 */
import type { Platform } from '../../platform/platform';
import { registerContactMessageChannel } from '../contacts';
import { queueContactMessage, runSend, SEND_JOB, SEND_RETRIES, type SendJob } from './sending';

export { registerWhatsappRoutes } from './routes';

/** Sends WhatsApp messages beside the link mails to contacts (the contacts module's channel hook). */
export function registerWhatsappHooks(platform: Platform): void {
  registerContactMessageChannel('whatsapp', (tx, message) => queueContactMessage(platform, tx, message));
}

/** The send job (module-jobs.ts): one Cloud API call per message, retried on the API's faults only. */
export function defineWhatsappJobs(platform: Platform): void {
  platform.jobs.define<SendJob>({
    name: SEND_JOB,
    retryLimit: SEND_RETRIES,
    retryDelaySeconds: 10,
    expireInSeconds: 120,
    concurrency: 8,
    handler: (data, job) => runSend(platform, data, job),
  });
}

import type { FastifyInstance } from 'fastify';
import type { Platform } from '../../platform/platform';

/** Sending a form to people (batches with progress), resending links, and submission data out. */
export function registerSubmissionSendRoutes(api: FastifyInstance, platform: Platform): void {
  void api;
  void platform;
}

/** The durable jobs of form sends, defined before the queue starts. */
export function defineFormSendJobs(platform: Platform): void {
  void platform;
}

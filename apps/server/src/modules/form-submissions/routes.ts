import type { FastifyInstance } from 'fastify';
import type { Platform } from '../../platform/platform';

/** Filling a form: starting and saving steps, submitting, reading submissions, approvals. */
export function registerSubmissionFillRoutes(api: FastifyInstance, platform: Platform): void {
  void api;
  void platform;
}

// PLACEHOLDER: replaced by the mail implementation.
import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from '../config/config';
import type { Db } from '../db/database';
import type { JobQueue } from '../jobs/job-queue';
import type { Storage } from '../storage/storage';
export class MailService {
  constructor(_deps: { config: AppConfig; db: Db; jobs: JobQueue; storage: Storage; log: FastifyBaseLogger }) {}
  defineJobs(): void {}
  async close(): Promise<void> {}
}

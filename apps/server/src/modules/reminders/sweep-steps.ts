import type { Platform } from '../../platform/platform';

/*
 * Sweeps of later modules run by this module's scheduler (module order: they cannot be called
 * from here, so they register at start-up; e.g. workflows' instance expiry and reminders). Each
 * runs at the start of every reminders sweep, with its clock and company scope, and must be safe
 * to run twice at once (it claims what it does, as the documents' steps do).
 */

export type SweepStepScope = { now: Date; companyId?: string | undefined };
export type SweepStep = (platform: Platform, scope: SweepStepScope) => Promise<void>;

// By the registering module's name: registering again (one app per test file, a worker) replaces it.
const steps = new Map<string, SweepStep>();

/** A later module's sweep, run by every reminders sweep (the scheduled job and `cron/create-cron-job`). */
export function registerSweepStep(name: string, step: SweepStep): void {
  steps.set(name, step);
}

/**
 * Every registered step, in turn. One that fails is logged and the sweep goes on (the documents'
 * steps still run); the next run tries it again.
 */
export async function runSweepSteps(platform: Platform, scope: SweepStepScope): Promise<void> {
  for (const [name, step] of steps) {
    try {
      await step(platform, scope);
    } catch (err) {
      platform.log.error({ err, step: name }, 'a registered sweep step failed');
    }
  }
}

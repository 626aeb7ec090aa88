import type { TSubmissionStatus } from '@esigns/contracts/form-builders';
import type { Db } from '../../platform/db/database';

/*
 * What modules after form-submissions hear of a submission's status (module order, ARCHITECTURE.md):
 * a workflow's form step is done when its submission is submitted (or approved). Each listener
 * registers at start-up (app.ts) and is called inside the transaction that changed the status.
 */

export type SubmissionStatusChange = { submissionId: string; companyId: string; status: TSubmissionStatus };

export type SubmissionStatusListener = {
  /**
   * Whether the listener follows this submission: a submission nobody follows may be submitted by
   * the single-statement path, one that is followed takes the locked path whose transaction calls
   * `changed`.
   */
  follows: (db: Pick<Db, 'select'>, submissionId: string) => Promise<boolean>;
  changed: (tx: Db, change: SubmissionStatusChange) => Promise<void>;
};

// By the registering module's name: registering again (one app per test file, a worker) replaces it.
const listeners = new Map<string, SubmissionStatusListener>();

export function registerSubmissionStatusListener(name: string, listener: SubmissionStatusListener): void {
  listeners.set(name, listener);
}

export async function isSubmissionFollowed(db: Pick<Db, 'select'>, submissionId: string): Promise<boolean> {
  for (const listener of listeners.values()) if (await listener.follows(db, submissionId)) return true;
  return false;
}

/** Called once per transaction that changed a submission's status, with its final status. */
export async function submissionStatusChanged(tx: Db, change: SubmissionStatusChange): Promise<void> {
  for (const listener of listeners.values()) await listener.changed(tx, change);
}

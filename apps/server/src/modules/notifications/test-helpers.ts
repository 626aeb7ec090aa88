import { expect } from 'vitest';
import type { TAppNotification } from '@esigns/contracts/notifications';
import type { TestApp } from '../../../test/test-app';
import type { SeededUser } from '../../../test/seed-company';
import { caller } from '../documents/test-helpers';
import { eventually } from '../signing/test-helpers';

/** The notifications of `who` (their centre in the workspace they are signed in to) about one document. */
export async function noticesOf(
  t: TestApp,
  who: SeededUser,
  documentId: string,
): Promise<TAppNotification[]> {
  const res = await caller(t)('GET', '/api/app-notifications/fetchAllAppNotifications?limit=100', who);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json().data.data as TAppNotification[]).filter((n) => n.data.document_id === documentId);
}

/**
 * Waits until no mail is waiting to be delivered and no notification push is queued or running,
 * so that a test file does not close its database while a job it caused is still working.
 */
export async function settleJobs(t: TestApp): Promise<void> {
  await eventually(async () => {
    const { rows } = await t.platform.database.raw(
      `SELECT
         (SELECT count(*)::int FROM email_logs WHERE status = 'QUEUED') AS mails,
         (SELECT count(*)::int FROM pgboss.job WHERE name IN ('mail.send', 'notifications.push')
            AND state IN ('created', 'retry', 'active')) AS jobs`,
    );
    const row = rows[0] as { mails: number; jobs: number };
    return row.mails === 0 && row.jobs === 0;
  }, 'the queued mails and pushes');
}

import { and, eq } from 'drizzle-orm';
import type { Db } from '../../platform/db/database';
import { escapeHtml } from '../../platform/mail/mail-layout';
import type { Platform } from '../../platform/platform';
import { findActiveMembers } from '../company-users';
import { webhookEndpoints } from './schema';
import { SUBSCRIBER, type EndpointRow } from './service';

/**
 * Disables an endpoint whose failure streak is long enough: at least
 * `WEBHOOKS_DISABLE_AFTER_FAILURES` final failures in a row (default 5; each already the end of
 * 8 tries over ~3.7 h) AND the first of them at least `WEBHOOKS_DISABLE_AFTER_HOURS` ago (default
 * 120: nothing delivered for 5 days). Both: a burst of failures during a short outage does not
 * disable a busy endpoint, and a quiet endpoint is not disabled by one old failure. Stops its
 * interest (no new deliveries) and mails the company's OWNERs and ADMINs, in the transaction that
 * recorded the last failure.
 */
export async function disableAfterFailures(platform: Platform, tx: Db, row: EndpointRow): Promise<void> {
  const { disableAfterFailures: failures, disableAfterHours: hours } = platform.config.webhooks;
  if (!row.enabled || row.consecutiveFailures < failures || !row.failingSince) return;
  if (Date.now() - row.failingSince.getTime() < hours * 3_600_000) return;
  const [disabled] = await tx
    .update(webhookEndpoints)
    .set({ enabled: false, disabledReason: 'AUTO', updatedAt: new Date() })
    .where(and(eq(webhookEndpoints.id, row.id), eq(webhookEndpoints.enabled, true)))
    .returning({ id: webhookEndpoints.id });
  if (!disabled) return;
  await platform.events.setInterest(tx, SUBSCRIBER, row.companyId, row.id, []);
  const admins = await findActiveMembers(tx, row.companyId, { userTypes: ['OWNER', 'ADMIN'] });
  const portal = `${platform.config.publicUrl}/developer/portal`;
  for (const admin of admins) {
    await platform.mail.queue(
      {
        to: admin.email,
        subject: 'A webhook endpoint was disabled',
        kind: 'webhook.disabled',
        bodyHtml:
          `<p>Hi${admin.firstName ? ` ${escapeHtml(admin.firstName)}` : ''},</p>` +
          `<p>The webhook endpoint <strong>${escapeHtml(row.url)}</strong> was disabled: its last ` +
          `${row.consecutiveFailures} events could not be delivered (every retry failed) since ` +
          `${row.failingSince.toISOString().slice(0, 10)}.</p>` +
          '<p>Fix the receiver, then enable the endpoint again in the developer portal; failed deliveries can be redelivered from its log.</p>',
        button: { label: 'Open the developer portal', url: portal },
      },
      { tx, companyId: row.companyId },
    );
  }
}

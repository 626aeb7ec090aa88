import { randomBytes } from 'node:crypto';

/**
 * A short id for one journey's emails and names: the time plus random hex, so that journeys
 * running side by side (one per Playwright worker) never share a mailbox or a name, even when
 * they start in the same millisecond.
 */
export function uniqueId(): string {
  return `${Date.now().toString(36)}${randomBytes(2).toString('hex')}`;
}

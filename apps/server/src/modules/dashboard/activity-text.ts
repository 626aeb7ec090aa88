import type { TActivityKind } from '@esigns/contracts/dashboard';

/**
 * Log actions left out of recent activity: steps of a signer's session (codes, autosaves,
 * terms), per-recipient mails and internal retries. The document's audit trail keeps them all.
 */
export const QUIET_ACTIONS = [
  'recipient.notified',
  'recipient.opened',
  'recipient.fields_saved',
  'recipient.terms_accepted',
  'recipient.code_sent',
  'recipient.code_failed',
  'recipient.code_verified',
  'recipient.code_locked',
  'recipient.password_failed',
  'recipient.password_verified',
  'recipient.password_locked',
  'recipient.expiry_warned',
  'document.all_finished',
  'document.seal_requeued',
  'document.completed_copy_sent',
  'document.downloaded',
] as const;

/** Actions a recipient does themselves; in every other `recipient.*` action they are the object. */
export const RECIPIENT_ACTIONS = [
  'recipient.viewed',
  'recipient.signed',
  'recipient.signed_in_person',
  'recipient.approved',
  'recipient.approved_in_person',
  'recipient.declined',
  'recipient.rejected',
] as const;
const BY_RECIPIENT = new Set<string>(RECIPIENT_ACTIONS);

/** Whether the log row's recipient (if any) is the one who acted. */
export const isRecipientActor = (action: string): boolean => BY_RECIPIENT.has(action);

/** Who appears in a sentence: `who` is "You", a name, or null for the system. */
export type ActivityParties = { who: string | null; recipient: string | null; document: string };
type Phrase = { kind: TActivityKind; text: (p: ActivityParties & { who: string }) => string };

const q = (name: string) => `"${name}"`;
const to = (recipient: string | null) => (recipient ? ` to ${recipient}` : '');

/** Sentences by action, with a person acting. */
const PHRASES: Record<string, Phrase> = {
  'document.sent': { kind: 'sent', text: (p) => `${p.who} sent ${q(p.document)}` },
  'recipient.viewed': { kind: 'viewed', text: (p) => `${p.who} viewed ${q(p.document)}` },
  'recipient.signed': { kind: 'signed', text: (p) => `${p.who} signed ${q(p.document)}` },
  'recipient.approved': { kind: 'approved', text: (p) => `${p.who} approved ${q(p.document)}` },
  'recipient.signed_in_person': { kind: 'signed', text: (p) => `${p.who} signed ${q(p.document)} in person` },
  'recipient.approved_in_person': {
    kind: 'approved',
    text: (p) => `${p.who} approved ${q(p.document)} in person`,
  },
  'recipient.declined': { kind: 'declined', text: (p) => `${p.who} declined ${q(p.document)}` },
  'recipient.rejected': { kind: 'rejected', text: (p) => `${p.who} rejected ${q(p.document)}` },
  'recipient.resent': { kind: 'sent', text: (p) => `${p.who} resent ${q(p.document)}${to(p.recipient)}` },
  'recipient.reminded': {
    kind: 'sent',
    text: (p) => `${p.who} reminded ${p.recipient ?? 'a recipient'} about ${q(p.document)}`,
  },
  'recipient.link_generated': {
    kind: 'other',
    text: (p) =>
      `${p.who} generated a signing link${p.recipient ? ` for ${p.recipient}` : ''} on ${q(p.document)}`,
  },
  'recipient.updated': {
    kind: 'updated',
    text: (p) => `${p.who} changed the details of ${p.recipient ?? 'a recipient'} on ${q(p.document)}`,
  },
  'document.voided': { kind: 'voided', text: (p) => `${p.who} voided ${q(p.document)}` },
  'document.corrected': { kind: 'corrected', text: (p) => `${p.who} corrected ${q(p.document)}` },
  'document.recipients_added': {
    kind: 'corrected',
    text: (p) => `${p.who} added recipients to ${q(p.document)}`,
  },
  'document.archived': { kind: 'archived', text: (p) => `${p.who} archived ${q(p.document)}` },
  'document.restored': { kind: 'restored', text: (p) => `${p.who} restored ${q(p.document)}` },
  'document.renamed': { kind: 'updated', text: (p) => `${p.who} renamed a document to ${q(p.document)}` },
  'document.settings_changed': {
    kind: 'updated',
    text: (p) => `${p.who} changed the settings of ${q(p.document)}`,
  },
  'document.status_changed': {
    kind: 'updated',
    text: (p) => `${p.who} changed the status of ${q(p.document)}`,
  },
  'document.shared': { kind: 'updated', text: (p) => `${p.who} shared ${q(p.document)}` },
  'document.ownership_changed': {
    kind: 'updated',
    text: (p) => `${p.who} changed the owner of ${q(p.document)}`,
  },
  'document.duplicated': { kind: 'other', text: (p) => `${p.who} duplicated ${q(p.document)}` },
  'document.cloned': { kind: 'other', text: (p) => `${p.who} made a new draft from ${q(p.document)}` },
};

/** Sentences of what happened with nobody acting (jobs). */
const SYSTEM_PHRASES: Record<string, { kind: TActivityKind; text: (p: ActivityParties) => string }> = {
  'document.completed': { kind: 'completed', text: (p) => `${q(p.document)} was completed by everyone` },
  'document.expired': { kind: 'failed', text: (p) => `${q(p.document)} expired before everyone finished` },
  'document.seal_failed': {
    kind: 'failed',
    text: (p) => `Completing ${q(p.document)} failed; it will be retried`,
  },
  'document.expiry_warned': { kind: 'other', text: (p) => `${q(p.document)} expires soon` },
  'recipient.reminded': {
    kind: 'sent',
    text: (p) => `A reminder about ${q(p.document)} went${to(p.recipient)}`,
  },
};

/** Human-readable sentence of a log row: who did what to which document. */
export function describeActivity(
  action: string,
  parties: ActivityParties,
): { kind: TActivityKind; message: string } {
  const system = SYSTEM_PHRASES[action];
  if (system && (parties.who === null || action === 'document.completed')) {
    return { kind: system.kind, message: system.text(parties) };
  }
  const who = parties.who ?? 'The system';
  const phrase = PHRASES[action];
  if (phrase) return { kind: phrase.kind, message: phrase.text({ ...parties, who }) };
  if (system) return { kind: system.kind, message: system.text(parties) };
  // Actions added later by other modules read from their name: `document.x_y` -> "x y".
  const words = (action.split('.').pop() ?? action).replace(/_/g, ' ');
  return { kind: 'other', message: `${who}: ${words}, ${q(parties.document)}` };
}

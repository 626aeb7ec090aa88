import type { TActivityKind } from '@esigns/contracts/dashboard';

/**
 * Log actions left out of recent activity: steps of a signer's session (codes, autosaves,
 * terms), mails and internal retries. The audit trail of the document keeps them all.
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
  'document.all_finished',
  'document.seal_requeued',
  'document.completed_copy_sent',
  'document.downloaded',
] as const;

type Phrase = { kind: TActivityKind; verb: string };

/** How each action reads: "<actor> <verb> "<document>"". Actions not listed read generically. */
const PHRASES: Record<string, Phrase> = {
  'document.sent': { kind: 'sent', verb: 'sent' },
  'document.resent': { kind: 'sent', verb: 'resent' },
  'recipient.viewed': { kind: 'viewed', verb: 'viewed' },
  'recipient.signed': { kind: 'signed', verb: 'signed' },
  'recipient.approved': { kind: 'approved', verb: 'approved' },
  'recipient.declined': { kind: 'declined', verb: 'declined' },
  'recipient.rejected': { kind: 'rejected', verb: 'rejected' },
  'recipient.updated': { kind: 'updated', verb: 'changed a recipient of' },
  'recipient.added': { kind: 'updated', verb: 'added a recipient to' },
  'recipient.reminded': { kind: 'sent', verb: 'reminded a recipient of' },
  'document.reminders_sent': { kind: 'sent', verb: 'sent reminders for' },
  'document.voided': { kind: 'voided', verb: 'voided' },
  'document.corrected': { kind: 'corrected', verb: 'corrected' },
  'document.archived': { kind: 'archived', verb: 'archived' },
  'document.restored': { kind: 'restored', verb: 'restored' },
  'document.unarchived': { kind: 'restored', verb: 'restored' },
  'document.renamed': { kind: 'updated', verb: 'renamed' },
  'document.shared': { kind: 'updated', verb: 'shared' },
  'document.ownership_changed': { kind: 'updated', verb: 'changed the owner of' },
  'document.settings_updated': { kind: 'updated', verb: 'changed the settings of' },
  'document.marked_completed': { kind: 'completed', verb: 'marked as completed' },
  'document.link_generated': { kind: 'other', verb: 'generated a signing link for' },
  'document.note_added': { kind: 'other', verb: 'added a note to' },
};

/** What happened with no person behind it (the system), by action. */
const SYSTEM_PHRASES: Record<string, { kind: TActivityKind; text: (name: string) => string }> = {
  'document.completed': { kind: 'completed', text: (name) => `"${name}" was completed by everyone` },
  'document.expired': { kind: 'failed', text: (name) => `"${name}" expired before everyone finished` },
  'document.seal_failed': {
    kind: 'failed',
    text: (name) => `Sealing "${name}" failed; it will be retried`,
  },
  'document.expiry_warning_sent': { kind: 'other', text: (name) => `"${name}" expires soon` },
};

/** Human-readable text of a log row: who (`You` for the caller) did what to which document. */
export function describeActivity(
  action: string,
  actor: string | null,
  isMe: boolean,
  documentName: string,
): { kind: TActivityKind; message: string } {
  const system = SYSTEM_PHRASES[action];
  if (system && (!actor || action === 'document.completed')) {
    return { kind: system.kind, message: system.text(documentName) };
  }
  const who = isMe ? 'You' : (actor ?? 'The system');
  const phrase = PHRASES[action];
  if (phrase) return { kind: phrase.kind, message: `${who} ${phrase.verb} "${documentName}"` };
  if (system) return { kind: system.kind, message: system.text(documentName) };
  // Unknown actions (added later by other modules) read from their name: `document.x_y` -> "x y".
  const words = (action.split('.').pop() ?? action).replace(/_/g, ' ');
  return { kind: kindOfWords(words), message: `${who}: ${words}, "${documentName}"` };
}

function kindOfWords(words: string): TActivityKind {
  for (const kind of ['voided', 'corrected', 'archived', 'restored', 'declined', 'rejected'] as const) {
    if (words.includes(kind)) return kind;
  }
  return 'other';
}

import { RECIPIENT_COLORS, type TRecipient, type TRecipientType } from '@esigns/contracts/documents';

/** Badge text in the recipient list. */
export const RECIPIENT_TYPE_SHORT: Record<TRecipientType, string> = {
  SIGNER: 'Signer',
  APPROVER: 'Approver',
  CC: 'CC',
  VIEWER: 'Viewer',
};

export const RECIPIENT_TYPE_HELP: Record<TRecipientType, string> = {
  SIGNER: 'Fills in and signs their fields',
  APPROVER: 'Approves or rejects the document',
  CC: 'Gets the completed document',
  VIEWER: 'Must open and view the document',
};

/** The name shown for a recipient: the template role, the person's name, or their email. */
export function recipientName(recipient: TRecipient, index?: number): string {
  const person = [recipient.first_name, recipient.last_name].join(' ').trim();
  return (
    recipient.role_name.trim() ||
    person ||
    recipient.email.trim() ||
    (index !== undefined ? `Recipient ${index + 1}` : 'Recipient')
  );
}

/** The second line under the name: the email (documents) or the person (template roles). */
export function recipientDetail(recipient: TRecipient): string {
  const person = [recipient.first_name, recipient.last_name].join(' ').trim();
  if (recipient.role_name.trim()) return recipient.email.trim() || person;
  return person ? recipient.email.trim() : '';
}

export function recipientInitials(recipient: TRecipient, index?: number): string {
  const words = recipientName(recipient, index)
    .split(/[\s@._-]+/)
    .filter(Boolean);
  return ((words[0]?.[0] ?? '?') + (words[1]?.[0] ?? '')).toUpperCase();
}

/** The recipient's colour: the stored one, else its place in the palette. */
export function recipientColor(recipients: readonly TRecipient[], key: string): string {
  const index = recipients.findIndex((r) => r.key === key);
  if (index < 0) return '#868E96';
  return recipients[index]?.color || RECIPIENT_COLORS[index % RECIPIENT_COLORS.length] || '#868E96';
}

/** The first palette colour nobody uses yet (cycling when all are taken). */
export function nextRecipientColor(recipients: readonly TRecipient[]): string {
  const used = new Set(recipients.map((r) => r.color.toUpperCase()));
  return (
    RECIPIENT_COLORS.find((c) => !used.has(c.toUpperCase())) ??
    RECIPIENT_COLORS[recipients.length % RECIPIENT_COLORS.length] ??
    RECIPIENT_COLORS[0]
  );
}

/** The next signing step: one after the highest in use. */
export function nextSigningOrder(recipients: readonly TRecipient[]): number {
  return Math.min(100, Math.max(0, ...recipients.map((r) => r.signing_order)) + 1);
}

/** True for recipients who may own fields (CC and viewers fill nothing). */
export function canOwnFields(recipient: TRecipient): boolean {
  return recipient.user_type === 'SIGNER' || recipient.user_type === 'APPROVER';
}

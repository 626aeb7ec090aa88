import type { TFillerKind, TSubmissionStatus } from '@esigns/contracts/form-builders';

export const SUBMISSION_STATUS_LABELS: Record<TSubmissionStatus, { label: string; color: string }> = {
  DRAFT: { label: 'Draft', color: 'gray' },
  SUBMITTED: { label: 'Submitted', color: 'blue' },
  PENDING_APPROVAL: { label: 'Waiting for approval', color: 'yellow' },
  APPROVED: { label: 'Approved', color: 'teal' },
  REJECTED: { label: 'Rejected', color: 'red' },
  SENT_BACK: { label: 'Sent back for edits', color: 'orange' },
  CLOSED: { label: 'Closed', color: 'gray' },
};

export const FILLER_KIND_LABELS: Record<TFillerKind, string> = {
  USER: 'Company user',
  CONTACT: 'Contact',
  GUEST: 'Guest',
  ANONYMOUS: 'Anonymous',
};

type Filler = { kind: TFillerKind; name: string; email: string | null };

/** Who filled it, in a word: their name, else their email, else what kind of filler they are. */
export function fillerText(filler: Filler): string {
  return filler.name || filler.email || FILLER_KIND_LABELS[filler.kind];
}

/** What to say under `fillerText`: the email, else the kind of filler when the name did not say it. */
export function fillerDetail(filler: Filler): string {
  if (filler.name && filler.email) return filler.email;
  return fillerText(filler) === FILLER_KIND_LABELS[filler.kind] ? '' : FILLER_KIND_LABELS[filler.kind];
}

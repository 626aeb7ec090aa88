import { HAND_MADE_STATUS_EVENTS, nextStatuses, statusChangeEvent } from './document-status';
import { DOCUMENT_STATUSES, type TDocumentStatus } from './documents';
import type { PermissionSlug } from './permissions';

/**
 * The lifecycle actions of a document (spec 2 §4), the statuses each is allowed in, and the
 * permission slug it needs. The API answers 409 with `blockedReason()` when an action is not
 * allowed in the document's status; the web app shows only the actions `availableActions()`
 * returns. One table serves both, so the menu never offers what the server refuses.
 */
export const DOCUMENT_ACTIONS = [
  'view',
  'void',
  'correct',
  'clone-void',
  'discard',
  'archive',
  'restore',
  'permanent-delete',
  'rename',
  'duplicate',
  'save-as-template',
  'share',
  'resend',
  'generate-link',
  'change-ownership',
  'mark-completed',
  'change-status',
  'settings',
  'add-recipients',
  'notes',
  'download',
  'retry-seal',
  'sign-again',
] as const;
export type TDocumentAction = (typeof DOCUMENT_ACTIONS)[number];

/**
 * What the rules look at: the status, whether the document is archived, and whether its seal
 * failed for good (`seal_failed` of the lists; absent counts as false).
 */
export type TDocumentActionSubject = { status: TDocumentStatus; archived: boolean; seal_failed?: boolean };

type Rule = {
  /** Statuses the action is allowed in; `'ANY'` for every status. */
  statuses: readonly TDocumentStatus[] | 'ANY';
  /** `true`: only archived documents; `false`: only documents not archived; absent: both. */
  archived?: boolean;
  slug: PermissionSlug;
  /** The 409 message when the status does not allow the action. */
  message: string;
  /** `true`: only a document whose seal FAILED (everyone finished, the final PDF could not be built). */
  sealFailed?: true;
};

const OUT_FOR_SIGNATURE: readonly TDocumentStatus[] = ['WAITING'];
const SENT: readonly TDocumentStatus[] = [
  'WAITING',
  'COMPLETED',
  'DECLINED',
  'REJECTED',
  'VOIDED',
  'EXPIRED',
];

export const ACTION_RULES: Readonly<Record<TDocumentAction, Rule>> = {
  view: { statuses: 'ANY', slug: 'documents:view', message: '' },
  void: {
    statuses: OUT_FOR_SIGNATURE,
    archived: false,
    slug: 'documents:void',
    message: 'Only a document that is out for signature can be voided',
  },
  correct: {
    statuses: OUT_FOR_SIGNATURE,
    archived: false,
    slug: 'documents:correct',
    message: 'Only a document that is out for signature can be corrected',
  },
  'clone-void': {
    statuses: ['VOIDED'],
    slug: 'documents:void',
    message: 'Only a voided document can be cloned into a new draft',
  },
  discard: {
    statuses: ['DRAFT'],
    slug: 'documents:delete',
    message: 'Only a draft can be discarded; void or archive a sent document instead',
  },
  archive: {
    statuses: ['DRAFT', 'COMPLETED', 'DECLINED', 'REJECTED', 'VOIDED', 'EXPIRED'],
    archived: false,
    slug: 'documents:archive',
    message: 'A document that is out for signature cannot be archived: void it first',
  },
  restore: {
    statuses: 'ANY',
    archived: true,
    slug: 'documents:archive',
    message: 'Only an archived document can be restored',
  },
  'permanent-delete': {
    statuses: 'ANY',
    archived: true,
    slug: 'documents:delete',
    message: 'Archive the document before deleting it permanently',
  },
  rename: {
    statuses: 'ANY',
    archived: false,
    slug: 'documents:update',
    message: 'Restore the document before renaming it',
  },
  duplicate: { statuses: 'ANY', slug: 'documents:create', message: '' },
  'save-as-template': { statuses: 'ANY', slug: 'templates:create', message: '' },
  share: {
    statuses: 'ANY',
    archived: false,
    slug: 'documents:share',
    message: 'Restore the document before sharing it',
  },
  resend: {
    statuses: OUT_FOR_SIGNATURE,
    archived: false,
    slug: 'documents:send',
    message: 'Only a document that is out for signature can be sent again',
  },
  'generate-link': {
    statuses: OUT_FOR_SIGNATURE,
    archived: false,
    slug: 'documents:send',
    message: 'Signing links exist only while the document is out for signature',
  },
  'change-ownership': {
    statuses: 'ANY',
    archived: false,
    slug: 'documents:change-ownership',
    message: 'Restore the document before handing it over',
  },
  'mark-completed': {
    statuses: OUT_FOR_SIGNATURE,
    archived: false,
    slug: 'documents:update',
    message: 'Only a document that is out for signature can be marked completed',
  },
  'change-status': {
    statuses: ['WAITING', 'EXPIRED'],
    archived: false,
    slug: 'documents:update',
    message: 'Only a document out for signature or expired can change status by hand',
  },
  settings: {
    statuses: ['DRAFT', 'WAITING'],
    archived: false,
    slug: 'documents:update',
    message: 'The settings of a finished document cannot change',
  },
  'add-recipients': {
    statuses: ['DRAFT', 'WAITING'],
    archived: false,
    slug: 'documents:correct',
    message: 'Recipients can only be added to a draft or a document out for signature',
  },
  notes: { statuses: 'ANY', slug: 'documents:notes', message: '' },
  download: { statuses: SENT, slug: 'documents:download', message: 'A draft has nothing to download yet' },
  // The fixes of a failed seal (the document screen's alert, not the menu).
  'retry-seal': {
    statuses: OUT_FOR_SIGNATURE,
    sealFailed: true,
    slug: 'documents:view',
    message: 'Only a document whose sealing failed can be sealed again',
  },
  'sign-again': {
    statuses: OUT_FOR_SIGNATURE,
    archived: false,
    sealFailed: true,
    slug: 'documents:send',
    message: 'Recipients are asked to sign again only when the sealing failed on their signature or image',
  },
};

/** `null` when the action is allowed for the subject's status and archive state, else the reason. */
export function blockedReason(action: TDocumentAction, subject: TDocumentActionSubject): string | null {
  const rule = ACTION_RULES[action];
  if (rule.archived === true && !subject.archived) return rule.message;
  if (rule.archived === false && subject.archived) {
    return rule.message.startsWith('Restore') ? rule.message : 'Restore the document first';
  }
  if (rule.statuses !== 'ANY' && !rule.statuses.includes(subject.status)) return rule.message;
  if (rule.sealFailed && !subject.seal_failed) return rule.message;
  return null;
}

/**
 * The actions a user may take on a document: allowed by its status and granted by `can` (the
 * caller's permission check, e.g. `hasPermission` on the server or `useCan` in the browser).
 */
export function availableActions(
  subject: TDocumentActionSubject,
  can: (slug: PermissionSlug) => boolean,
): TDocumentAction[] {
  return DOCUMENT_ACTIONS.filter((a) => blockedReason(a, subject) === null && can(ACTION_RULES[a].slug));
}

/**
 * `PATCH /documents/{id}/status/{status}`: the only status changes made by hand, i.e. the
 * changes of the lifecycle table (`DOCUMENT_STATUS_CHANGES`, `document-status.ts`) whose event is
 * one of `HAND_MADE_STATUS_EVENTS`. Everything else happens through its own action (send, finish,
 * decline, void, the expiry job). WAITING -> EXPIRED ends signing now; EXPIRED -> WAITING reopens
 * it (a new expiry date is set from the document's settings); WAITING -> VOIDED is a void without
 * a reason.
 */
export const STATUS_TRANSITIONS: Readonly<Record<TDocumentStatus, readonly TDocumentStatus[]>> = (() => {
  const byHand = {} as Record<TDocumentStatus, TDocumentStatus[]>;
  for (const from of DOCUMENT_STATUSES) {
    byHand[from] = nextStatuses(from).filter((to) =>
      HAND_MADE_STATUS_EVENTS.includes(statusChangeEvent(from, to)!),
    );
  }
  return byHand;
})();

export function canTransition(from: TDocumentStatus, to: TDocumentStatus): boolean {
  return STATUS_TRANSITIONS[from].includes(to);
}

import type { TESignRecord, TSignerBlock } from '@esigns/contracts/signing';

/* The signer's screens (client-routes.tsv), by document (employee document) id. */

const e = encodeURIComponent;

export const signingPaths = {
  landing: (documentId: string, userId: string) =>
    `/emp-documents/preview/${e(documentId)}/pp/vp/${e(userId)}`,
  expired: (documentId: string, userId: string) =>
    `/emp-documents/preview/${e(documentId)}/pp/vp/${e(userId)}/expired`,
  sign: (documentId: string) => `/emp-documents/custom/${e(documentId)}/pp`,
  signed: (documentId: string) => `/emp-documents/custom/${e(documentId)}/pp/signed`,
  decline: (documentId: string) => `/emp-documents/custom/${e(documentId)}/pp/decline`,
  success: (documentId: string) => `/emp-documents/preview/${e(documentId)}/pp/finish/success`,
  password: (documentId: string) => `/emp/documents/custom/${e(documentId)}/pp/verify-password`,
};

/**
 * The file's signed link as a path when it points at this app's own storage route: the link is
 * built from the configured public address, which may differ from the one in the address bar
 * (localhost vs 127.0.0.1, a proxy), and the page may only fetch from its own origin.
 */
export function sameOriginUrl(url: string | null): string | null {
  if (!url) return null;
  try {
    const parsed = new URL(url, window.location.origin);
    if (parsed.origin !== window.location.origin && parsed.pathname.startsWith('/api/storage/')) {
      return `${parsed.pathname}${parsed.search}`;
    }
  } catch {
    return url;
  }
  return url;
}

/** Where a recipient stands with their document, from their e-sign record. */
export type SignerStep = 'expired' | 'finished' | 'waiting' | 'closed' | 'gates' | 'ready';

export function signerStepOf(record: Pick<TESignRecord, 'blocked' | 'gates'>): SignerStep {
  switch (record.blocked) {
    case 'EXPIRED':
      return 'expired';
    case 'ALREADY_FINISHED':
    case 'COMPLETED':
      return 'finished';
    case 'WAITING_FOR_OTHERS':
      return 'waiting';
    case 'DECLINED':
    case 'REJECTED':
    case 'VOIDED':
      return 'closed';
    default:
      return record.gates.length > 0 ? 'gates' : 'ready';
  }
}

/** What a closed document tells its recipient. */
export const CLOSED_MESSAGES: Record<
  Extract<TSignerBlock, 'DECLINED' | 'REJECTED' | 'VOIDED'>,
  { title: string; text: string }
> = {
  DECLINED: {
    title: 'This document was declined',
    text: 'A recipient declined to sign it, so it can no longer be signed.',
  },
  REJECTED: {
    title: 'This document was rejected',
    text: 'An approver rejected it, so it can no longer be signed.',
  },
  VOIDED: {
    title: 'This document was voided',
    text: 'The sender withdrew it. Nothing more needs to be done.',
  },
};

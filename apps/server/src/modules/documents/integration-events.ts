import type { Platform } from '../../platform/platform';
import type { Tx } from './lookups';
import type { NoticePerson } from './notices';

/*
 * The documents' integration events (webhooks, pipelines), published in the transaction that
 * records the change (platform/events). The signing, document-actions and documents modules call
 * this one function, so every event of a document has the same shape.
 */

/** The document as the events name it (an `employee_documents` row fits). */
export type EventDocument = { id: string; companyId: string; name: string; status: string };

export type DocumentEvent =
  /** A recipient opened it for the first time. */
  | { type: 'document.viewed'; who: NoticePerson }
  /** A recipient finished their part: signed, or approved as an approver. */
  | { type: 'document.signed'; who: NoticePerson }
  /** A recipient refused it: declined as a signer or rejected as an approver (`status` tells). */
  | { type: 'document.declined'; who: NoticePerson; reason: string }
  | { type: 'document.completed' }
  | { type: 'document.voided'; reason: string | null };

const person = (p: NoticePerson) => ({ email: p.email, name: `${p.firstName} ${p.lastName}`.trim() || null });

export async function publishDocumentEvent(
  platform: Platform,
  tx: Tx,
  document: EventDocument,
  event: DocumentEvent,
): Promise<void> {
  const base = { document_id: document.id, name: document.name, status: document.status };
  const common = { companyId: document.companyId, subjectId: document.id };
  switch (event.type) {
    case 'document.viewed':
    case 'document.signed':
      return platform.events.publish(tx, {
        ...common,
        type: event.type,
        data: { ...base, recipient: person(event.who) },
      });
    case 'document.declined':
      return platform.events.publish(tx, {
        ...common,
        type: event.type,
        data: { ...base, recipient: person(event.who), reason: event.reason },
      });
    case 'document.completed':
      return platform.events.publish(tx, { ...common, type: event.type, data: base });
    case 'document.voided':
      return platform.events.publish(tx, {
        ...common,
        type: event.type,
        data: { ...base, reason: event.reason },
      });
    default: {
      const exhaustive: never = event;
      return exhaustive;
    }
  }
}

/**
 * The product's integration events: what webhooks deliver and what automation pipelines trigger
 * on. Each is written in the same transaction as the change it reports (the server's
 * `platform.events`, an outbox) and delivered at least once; receivers deduplicate by `id`
 * (the Standard Webhooks `webhook-id`).
 */
export const INTEGRATION_EVENT_TYPES = [
  'document.sent',
  'document.viewed',
  'document.signed',
  'document.completed',
  'document.declined',
  'document.voided',
  'record.created',
  'record.updated',
  'record.deleted',
  'form.submitted',
  'form.approved',
  'form.rejected',
  'workflow.completed',
] as const;

export type IntegrationEventType = (typeof INTEGRATION_EVENT_TYPES)[number];

export const isIntegrationEventType = (value: unknown): value is IntegrationEventType =>
  typeof value === 'string' && (INTEGRATION_EVENT_TYPES as readonly string[]).includes(value);

/** A person an event is about (a recipient, a submitter, the staff member who acted). */
export type EventPerson = { email: string | null; name: string | null };

/** `data` of each event type (snake_case, as the API's bodies). */
export type IntegrationEventData = {
  'document.sent': { document_id: string; name: string; status: string; recipients: EventPerson[] };
  'document.viewed': { document_id: string; name: string; status: string; recipient: EventPerson };
  'document.signed': { document_id: string; name: string; status: string; recipient: EventPerson };
  'document.completed': { document_id: string; name: string; status: string };
  'document.declined': {
    document_id: string;
    name: string;
    status: string;
    recipient: EventPerson;
    reason: string;
  };
  'document.voided': { document_id: string; name: string; status: string; reason: string | null };
  'record.created': { entity_id: string; record_id: string; values: Record<string, unknown> };
  'record.updated': {
    entity_id: string;
    record_id: string;
    values: Record<string, unknown>;
    /** Field keys whose value changed. */
    changed: string[];
  };
  'record.deleted': { entity_id: string; record_id: string };
  'form.submitted': { form_builder_id: string; submission_id: string; submitter: EventPerson };
  'form.approved': { form_builder_id: string; submission_id: string; approver: EventPerson };
  'form.rejected': {
    form_builder_id: string;
    submission_id: string;
    approver: EventPerson;
    reason: string | null;
  };
  'workflow.completed': { workflow_id: string | null; instance_id: string; name: string };
};

/** One event as stored and as delivered (the Standard Webhooks payload is `{ type, timestamp, data }`). */
export type IntegrationEvent<T extends IntegrationEventType = IntegrationEventType> = {
  id: string;
  type: T;
  company_id: string;
  /** The id of what changed: the document, record, submission or workflow instance. */
  subject_id: string;
  /** ISO-8601, when the change committed's transaction wrote it. */
  occurred_at: string;
  data: IntegrationEventData[T];
};

/** Labels for pickers (webhook event lists, pipeline triggers). */
export const INTEGRATION_EVENT_LABELS: Record<IntegrationEventType, string> = {
  'document.sent': 'Document sent',
  'document.viewed': 'Document viewed',
  'document.signed': 'Document signed',
  'document.completed': 'Document completed',
  'document.declined': 'Document declined',
  'document.voided': 'Document voided',
  'record.created': 'Record created',
  'record.updated': 'Record updated',
  'record.deleted': 'Record deleted',
  'form.submitted': 'Form submitted',
  'form.approved': 'Form approved',
  'form.rejected': 'Form rejected',
  'workflow.completed': 'Workflow completed',
};

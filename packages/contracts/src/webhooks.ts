import { z } from 'zod';
import { ZId } from './ids';
import {
  INTEGRATION_EVENT_TYPES,
  type IntegrationEventData,
  type IntegrationEventType,
} from './integration-events';

/*
 * Webhooks (DOMAIN-PLATFORM "Integrations"): a company's endpoints (optionally tied to one of its
 * OAuth client apps) receive the integration events they subscribe to, signed as Standard Webhooks:
 *
 *   POST <url>
 *   webhook-id: <event id>            (the same on every retry and redelivery: deduplicate by it)
 *   webhook-timestamp: <unix seconds> (of this attempt)
 *   webhook-signature: v1,<base64 HMAC-SHA256 of "<id>.<timestamp>.<body>" keyed by the secret>
 *   content-type: application/json
 *   { "type": "record.created", "timestamp": "<ISO-8601 of the change>", "data": { ... } }
 *
 * A 2xx answer within WEBHOOK_TIMEOUT_SECONDS delivers; anything else (another status, a
 * redirect, a timeout, a refused connection) is retried after the delays of
 * WEBHOOK_RETRY_DELAYS_SECONDS, WEBHOOK_MAX_ATTEMPTS attempts in all, then the delivery is FAILED.
 *
 * Calls (under /api):
 *   GET    /webhooks/endpoints[?app_id=]                 the company's endpoints (or one app's)
 *   POST   /webhooks/endpoints                           create (answers the secret once)
 *   GET    /webhooks/endpoints/{id}
 *   PATCH  /webhooks/endpoints/{id}                      url, description, event_types, enabled, app_id
 *   DELETE /webhooks/endpoints/{id}                      with its delivery log
 *   POST   /webhooks/endpoints/{id}/secret               reveal the secret
 *   POST   /webhooks/endpoints/{id}/secret/rotate        a new secret (the old one stops at once)
 *   POST   /webhooks/endpoints/{id}/test                 an example event of a type, delivered now
 *   GET    /webhooks/deliveries?endpoint_id=&app_id=&status=&event_type=&page=&limit=
 *   GET    /webhooks/deliveries/{id}                     one delivery with its attempts
 *   POST   /webhooks/deliveries/{id}/redeliver           a new chain of attempts
 *   POST   /oauth2/save-webhook                          a client app's webhook: create or update
 *   POST   /oauth2/fetch-webhook                         a client app's webhook, or null
 */

/** Tries per delivery chain (the first and the retries). */
export const WEBHOOK_MAX_ATTEMPTS = 8;
/** Default waits before the 2nd..8th try (seconds): 5 s, 30 s, 2 min, 10 min, 30 min, 1 h, 2 h. */
export const WEBHOOK_RETRY_DELAYS_SECONDS = [5, 30, 120, 600, 1800, 3600, 7200] as const;
/** An attempt that has no answer within this is a failure. */
export const WEBHOOK_TIMEOUT_SECONDS = 10;
/** The start of a receiver's answer kept in the delivery log. */
export const WEBHOOK_RESPONSE_KEEP_BYTES = 2048;
/** Endpoints a company may have. */
export const WEBHOOK_MAX_ENDPOINTS = 50;
/** `User-Agent` of every webhook request. */
export const WEBHOOK_USER_AGENT = 'e-Signs-Webhooks/1.0';

export const WEBHOOK_DELIVERY_STATUSES = ['PENDING', 'DELIVERED', 'FAILED'] as const;
export type TWebhookDeliveryStatus = (typeof WEBHOOK_DELIVERY_STATUSES)[number];

const ZEventType = z.enum(INTEGRATION_EVENT_TYPES, {
  error: `Unknown event type (one of ${INTEGRATION_EVENT_TYPES.join(', ')})`,
});

const ZUrl = z
  .string({ error: 'A URL is required' })
  .trim()
  .min(1, 'A URL is required')
  .max(2048, 'A URL is at most 2,048 characters');

const ZEventTypes = z
  .array(ZEventType)
  .min(1, 'Pick at least one event type')
  .max(INTEGRATION_EVENT_TYPES.length)
  .transform((types) => [...new Set(types)]);

/** A client app's id as the OAuth module writes it (kept as text; checked against the company's apps). */
const ZAppId = z.string().trim().min(1, 'An app id is required').max(200);

export const ZWebhookEndpointCreate = z.object({
  url: ZUrl,
  description: z.string().trim().max(500).default(''),
  event_types: ZEventTypes,
  enabled: z.boolean().default(true),
  app_id: ZAppId.nullable().optional(),
});
export type TWebhookEndpointCreate = z.input<typeof ZWebhookEndpointCreate>;
export type TWebhookEndpointCreateData = z.output<typeof ZWebhookEndpointCreate>;

export const ZWebhookEndpointUpdate = z.object({
  url: ZUrl.optional(),
  description: z.string().trim().max(500).optional(),
  event_types: ZEventTypes.optional(),
  enabled: z.boolean().optional(),
  app_id: ZAppId.nullable().optional(),
});
export type TWebhookEndpointUpdate = z.input<typeof ZWebhookEndpointUpdate>;
export type TWebhookEndpointUpdateData = z.output<typeof ZWebhookEndpointUpdate>;

export const ZWebhookEndpoint = z
  .object({
    _id: z.string(),
    url: z.string(),
    description: z.string(),
    event_types: z.array(ZEventType),
    enabled: z.boolean(),
    app_id: z.string().nullable(),
    /** Why it is disabled: `AUTO` when repeated failure disabled it, `MANUAL` when a user did, null when enabled. */
    disabled_reason: z.enum(['AUTO', 'MANUAL']).nullable(),
    /** Final failures in a row (test events aside); back to 0 at the next delivered event. */
    consecutive_failures: z.number().int(),
    failing_since: z.string().nullable(),
    created_at: z.string(),
    updated_at: z.string(),
  })
  .meta({ id: 'WebhookEndpoint' });
export type TWebhookEndpoint = z.infer<typeof ZWebhookEndpoint>;

/** On creation: the endpoint and its secret (`whsec_` + base64), shown this once (and on reveal). */
export const ZWebhookEndpointWithSecret = ZWebhookEndpoint.extend({ secret: z.string() });
export type TWebhookEndpointWithSecret = z.infer<typeof ZWebhookEndpointWithSecret>;

export const ZWebhookSecret = z.object({ secret: z.string() });

export const ZWebhookEndpointQuery = z.object({ app_id: z.string().trim().max(200).optional() });

export const ZWebhookTestRequest = z.object({
  /** Default: the endpoint's first event type. */
  event_type: ZEventType.optional(),
});

export const ZWebhookDeliveryQuery = z.object({
  endpoint_id: ZId('Invalid endpoint id').optional(),
  app_id: z.string().trim().max(200).optional(),
  status: z.enum(WEBHOOK_DELIVERY_STATUSES, { error: 'Unknown status' }).optional(),
  event_type: ZEventType.optional(),
});

export const ZWebhookDelivery = z
  .object({
    _id: z.string(),
    endpoint_id: z.string(),
    endpoint_url: z.string(),
    event_id: z.string(),
    event_type: z.string(),
    /** Sent with "send test event" (an example payload), not by a change. */
    is_test: z.boolean(),
    status: z.enum(WEBHOOK_DELIVERY_STATUSES),
    /** Attempts made, every chain counted. */
    attempts: z.number().int(),
    /** When the next try of a PENDING delivery is due. */
    next_attempt_at: z.string().nullable(),
    last_response_status: z.number().int().nullable(),
    last_error: z.string().nullable(),
    created_at: z.string(),
    delivered_at: z.string().nullable(),
  })
  .meta({ id: 'WebhookDelivery' });
export type TWebhookDelivery = z.infer<typeof ZWebhookDelivery>;

export const ZWebhookAttempt = z
  .object({
    _id: z.string(),
    /** 1-based, over every chain of the delivery. */
    number: z.number().int(),
    /** 1 for the first chain, 2 after the first redelivery... */
    chain: z.number().int(),
    started_at: z.string(),
    duration_ms: z.number().int(),
    request_headers: z.record(z.string(), z.string()),
    response_status: z.number().int().nullable(),
    /** The first WEBHOOK_RESPONSE_KEEP_BYTES bytes of the answer (UTF-8). */
    response_body: z.string().nullable(),
    error: z.string().nullable(),
    succeeded: z.boolean(),
  })
  .meta({ id: 'WebhookAttempt' });
export type TWebhookAttempt = z.infer<typeof ZWebhookAttempt>;

export const ZWebhookDeliveryDetail = ZWebhookDelivery.extend({
  /** The body posted (the same on every attempt). */
  request_body: z.string(),
  attempts_list: z.array(ZWebhookAttempt),
});
export type TWebhookDeliveryDetail = z.infer<typeof ZWebhookDeliveryDetail>;

/** `POST /oauth2/save-webhook`: a client app's webhook (one per app), created or updated. */
export const ZSaveAppWebhook = z.object({
  app_id: ZAppId,
  url: ZUrl,
  description: z.string().trim().max(500).optional(),
  /** Default on creation: every event type. */
  event_types: ZEventTypes.optional(),
  enabled: z.boolean().optional(),
});
export type TSaveAppWebhook = z.input<typeof ZSaveAppWebhook>;
export type TSaveAppWebhookData = z.output<typeof ZSaveAppWebhook>;

/** `POST /oauth2/fetch-webhook`. */
export const ZFetchAppWebhook = z.object({ app_id: ZAppId });

/** The answer of save-webhook: the endpoint; `secret` only when it was created by this call. */
export const ZAppWebhook = ZWebhookEndpoint.extend({ secret: z.string().optional() });

/** The `data` of an example event of each type: the portal's "try it" and "send test event". */
export const WEBHOOK_EXAMPLE_DATA: { [T in IntegrationEventType]: IntegrationEventData[T] } = {
  'document.sent': {
    document_id: '6f1c2d3e-0000-4000-8000-000000000001',
    name: 'Lease agreement',
    status: 'SENT',
    recipients: [{ email: 'jane@example.com', name: 'Jane Doe' }],
  },
  'document.viewed': {
    document_id: '6f1c2d3e-0000-4000-8000-000000000001',
    name: 'Lease agreement',
    status: 'SENT',
    recipient: { email: 'jane@example.com', name: 'Jane Doe' },
  },
  'document.signed': {
    document_id: '6f1c2d3e-0000-4000-8000-000000000001',
    name: 'Lease agreement',
    status: 'SENT',
    recipient: { email: 'jane@example.com', name: 'Jane Doe' },
  },
  'document.completed': {
    document_id: '6f1c2d3e-0000-4000-8000-000000000001',
    name: 'Lease agreement',
    status: 'COMPLETED',
  },
  'document.declined': {
    document_id: '6f1c2d3e-0000-4000-8000-000000000001',
    name: 'Lease agreement',
    status: 'DECLINED',
    recipient: { email: 'jane@example.com', name: 'Jane Doe' },
    reason: 'The rent is wrong',
  },
  'document.voided': {
    document_id: '6f1c2d3e-0000-4000-8000-000000000001',
    name: 'Lease agreement',
    status: 'VOIDED',
    reason: 'Sent by mistake',
  },
  'record.created': {
    entity_id: '6f1c2d3e-0000-4000-8000-000000000002',
    record_id: '6f1c2d3e-0000-4000-8000-000000000003',
    values: { first_name: 'Jane', last_name: 'Doe' },
  },
  'record.updated': {
    entity_id: '6f1c2d3e-0000-4000-8000-000000000002',
    record_id: '6f1c2d3e-0000-4000-8000-000000000003',
    values: { first_name: 'Jane', last_name: 'Smith' },
    changed: ['last_name'],
  },
  'record.deleted': {
    entity_id: '6f1c2d3e-0000-4000-8000-000000000002',
    record_id: '6f1c2d3e-0000-4000-8000-000000000003',
  },
  'form.submitted': {
    form_builder_id: '6f1c2d3e-0000-4000-8000-000000000004',
    submission_id: '6f1c2d3e-0000-4000-8000-000000000005',
    submitter: { email: 'jane@example.com', name: 'Jane Doe' },
  },
  'form.approved': {
    form_builder_id: '6f1c2d3e-0000-4000-8000-000000000004',
    submission_id: '6f1c2d3e-0000-4000-8000-000000000005',
    approver: { email: 'sam@example.com', name: 'Sam Lee' },
  },
  'form.rejected': {
    form_builder_id: '6f1c2d3e-0000-4000-8000-000000000004',
    submission_id: '6f1c2d3e-0000-4000-8000-000000000005',
    approver: { email: 'sam@example.com', name: 'Sam Lee' },
    reason: 'Missing attachment',
  },
  'workflow.completed': {
    workflow_id: '6f1c2d3e-0000-4000-8000-000000000006',
    instance_id: '6f1c2d3e-0000-4000-8000-000000000007',
    name: 'Tenant onboarding',
  },
};

/** The Standard Webhooks body of an event: `{ type, timestamp, data }` (what the receiver gets). */
export function webhookPayload(type: string, occurredAt: string, data: unknown): string {
  return JSON.stringify({ type, timestamp: occurredAt, data });
}

/**
 * `GET /get-app-integration-data`: what the workspace has connected, for the credentials screen
 * and the developer portal: its API key (no secret), its OAuth client apps with the number of
 * webhook endpoints each has, and its endpoints' state.
 */
export const ZAppIntegrationData = z.object({
  api_key: z.object({ client_id: z.string(), secret_last4: z.string(), created_at: z.string() }).nullable(),
  client_apps: z.array(
    z.object({
      app_id: z.string(),
      name: z.string(),
      scopes: z.array(z.string()),
      webhook_endpoints: z.number(),
    }),
  ),
  webhooks: z.object({
    endpoints: z.number(),
    enabled: z.number(),
    /** Turned off after repeated failure (not by a person). */
    auto_disabled: z.number(),
    /** Deliveries that used up every try in the last 24 hours. */
    failed_last_day: z.number(),
    last_delivered_at: z.string().nullable(),
  }),
});
export type TAppIntegrationData = z.infer<typeof ZAppIntegrationData>;

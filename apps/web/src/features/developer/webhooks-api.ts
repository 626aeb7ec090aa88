import type { TPaged } from '@esigns/contracts/envelope';
import type { IntegrationEventType } from '@esigns/contracts/integration-events';
import type {
  TWebhookDelivery,
  TWebhookDeliveryDetail,
  TWebhookEndpoint,
  TWebhookEndpointCreate,
  TWebhookEndpointUpdate,
  TWebhookEndpointWithSecret,
} from '@esigns/contracts/webhooks';
import { api } from '../../shared/api/api-client';

/** The webhook calls of the developer portal (server module `webhooks`); each answers the envelope's `data`. */

export type DeliveryQuery = {
  page: number;
  limit: number;
  /** A delivery status (TWebhookDeliveryStatus); undefined: any. */
  status?: string | undefined;
  /** An event type; undefined: any. */
  event_type?: string | undefined;
  endpoint_id?: string | undefined;
  app_id?: string | undefined;
};

export const WEBHOOK_KEYS = {
  all: ['webhooks'] as const,
  endpoints: (appId: string | undefined) => ['webhooks', 'endpoints', appId ?? ''] as const,
  deliveries: (query: DeliveryQuery) => ['webhooks', 'deliveries', query] as const,
  delivery: (id: string) => ['webhooks', 'delivery', id] as const,
};

const segment = encodeURIComponent;

export async function fetchEndpoints(
  appId: string | undefined,
  signal?: AbortSignal,
): Promise<TWebhookEndpoint[]> {
  return (
    await api.get<TWebhookEndpoint[]>('/webhooks/endpoints', appId ? { app_id: appId } : undefined, {
      signal,
    })
  ).data;
}

export async function createEndpoint(body: TWebhookEndpointCreate): Promise<TWebhookEndpointWithSecret> {
  return (await api.post<TWebhookEndpointWithSecret>('/webhooks/endpoints', body)).data;
}

export async function updateEndpoint(id: string, body: TWebhookEndpointUpdate): Promise<TWebhookEndpoint> {
  return (await api.patch<TWebhookEndpoint>(`/webhooks/endpoints/${segment(id)}`, body)).data;
}

export async function deleteEndpoint(id: string): Promise<void> {
  await api.delete(`/webhooks/endpoints/${segment(id)}`);
}

export async function revealSecret(id: string): Promise<string> {
  return (await api.post<{ secret: string }>(`/webhooks/endpoints/${segment(id)}/secret`)).data.secret;
}

export async function rotateSecret(id: string): Promise<string> {
  return (await api.post<{ secret: string }>(`/webhooks/endpoints/${segment(id)}/secret/rotate`)).data.secret;
}

export async function sendTestEvent(id: string, eventType?: IntegrationEventType): Promise<TWebhookDelivery> {
  const body = eventType ? { event_type: eventType } : {};
  return (await api.post<TWebhookDelivery>(`/webhooks/endpoints/${segment(id)}/test`, body)).data;
}

export async function fetchDeliveries(
  query: DeliveryQuery,
  signal?: AbortSignal,
): Promise<TPaged<TWebhookDelivery>> {
  return (await api.get<TPaged<TWebhookDelivery>>('/webhooks/deliveries', query, { signal })).data;
}

export async function fetchDelivery(id: string, signal?: AbortSignal): Promise<TWebhookDeliveryDetail> {
  return (await api.get<TWebhookDeliveryDetail>(`/webhooks/deliveries/${segment(id)}`, undefined, { signal }))
    .data;
}

export async function redeliver(id: string): Promise<TWebhookDelivery> {
  return (await api.post<TWebhookDelivery>(`/webhooks/deliveries/${segment(id)}/redeliver`)).data;
}

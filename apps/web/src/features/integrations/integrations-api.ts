import type { TAppIntegrationData } from '@esigns/contracts/webhooks';
import { api } from '../../shared/api/api-client';

export const INTEGRATION_KEYS = { data: ['integrations', 'app-data'] as const };

/** `GET /get-app-integration-data`: the API key, client apps and webhooks' state of the workspace. */
export async function fetchAppIntegrationData(signal?: AbortSignal): Promise<TAppIntegrationData> {
  return (await api.get<TAppIntegrationData>('/get-app-integration-data', undefined, { signal })).data;
}

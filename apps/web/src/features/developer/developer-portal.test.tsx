import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { UserType } from '@esigns/contracts/auth';
import type { TWebhookDelivery, TWebhookDeliveryDetail, TWebhookEndpoint } from '@esigns/contracts/webhooks';
import { installFakeApi, invalid, ok, type FakeHandler } from '../../shared/testing/fake-api';
import { renderScreenAt, standIn } from '../../shared/testing/render-routes';
import { staffSessionPerTest } from '../../shared/testing/test-session';
import { paged, withPermissions } from '../team/team-test-utils';
import { AppPortalScreen, DeveloperPortalScreen } from './developer-portal-screen';

const endpoint: TWebhookEndpoint = {
  _id: '11111111-0000-4000-8000-000000000001',
  url: 'https://crm.example.com/hooks',
  description: 'CRM sync',
  event_types: ['document.completed', 'record.created'],
  enabled: true,
  app_id: null,
  disabled_reason: null,
  consecutive_failures: 0,
  failing_since: null,
  created_at: '2026-11-29T09:00:00.000Z',
  updated_at: '2026-11-29T09:00:00.000Z',
};

const delivery: TWebhookDelivery = {
  _id: '22222222-0000-4000-8000-000000000001',
  endpoint_id: endpoint._id,
  endpoint_url: endpoint.url,
  event_id: '33333333-0000-4000-8000-000000000001',
  event_type: 'record.created',
  is_test: false,
  status: 'FAILED',
  attempts: 8,
  next_attempt_at: null,
  last_response_status: 500,
  last_error: 'The receiver answered 500',
  created_at: '2026-11-29T10:00:00.000Z',
  delivered_at: null,
};

const detail: TWebhookDeliveryDetail = {
  ...delivery,
  request_body: '{"type":"record.created","timestamp":"2026-11-29T10:00:00.000Z","data":{"record_id":"r1"}}',
  attempts_list: [
    {
      _id: '44444444-0000-4000-8000-000000000001',
      number: 1,
      chain: 1,
      started_at: '2026-11-29T10:00:00.000Z',
      duration_ms: 42,
      request_headers: { 'webhook-id': delivery.event_id, 'webhook-signature': 'v1,abc=' },
      response_status: 500,
      response_body: 'upstream exploded',
      error: 'The receiver answered 500',
      succeeded: false,
    },
  ],
};

function server(userType: UserType, next: FakeHandler = () => undefined): FakeHandler {
  return withPermissions(userType, async (call) => {
    const answer = await next(call);
    if (answer) return answer;
    if (call.path === '/api/webhooks/endpoints' && call.method === 'GET') return ok([endpoint]);
    if (call.path === '/api/webhooks/deliveries') return ok(paged([delivery]));
    if (call.path === `/api/webhooks/deliveries/${delivery._id}`) return ok(detail);
    if (call.path === '/api/fetch-clients') return ok([]);
    return undefined;
  });
}

const renderPortal = () =>
  renderScreenAt(<DeveloperPortalScreen />, '/developer/portal', '/developer/portal', [
    standIn('*', 'elsewhere'),
  ]);

staffSessionPerTest();

describe('developer portal', { timeout: 20_000 }, () => {
  it('lists endpoints and deliveries; a delivery opens its tries and redelivers', async () => {
    const api = installFakeApi(
      server('OWNER', (call) =>
        call.path === `/api/webhooks/deliveries/${delivery._id}/redeliver`
          ? ok({ ...delivery, status: 'PENDING', attempts: 8 })
          : undefined,
      ),
    );
    renderPortal();
    const endpoints = await screen.findByTestId('webhook-endpoints');
    expect(await within(endpoints).findByText(endpoint.url)).toBeTruthy();
    expect(within(endpoints).getByText('Document completed')).toBeTruthy();
    const row = await screen.findByTestId('webhook-delivery-row');
    expect(within(row).getByText('Failed')).toBeTruthy();
    fireEvent.click(row);
    const drawer = await screen.findByTestId('webhook-delivery-detail');
    expect(within(drawer).getAllByTestId('webhook-attempt')).toHaveLength(1);
    fireEvent.click(within(drawer).getByRole('button', { name: 'Redeliver' }));
    await waitFor(() =>
      expect(api.callsTo(`/api/webhooks/deliveries/${delivery._id}/redeliver`, 'POST')).toHaveLength(1),
    );
  });

  it("creates an endpoint with the picked events, shows the server's refusal under the URL, then the secret", async () => {
    let refuse = true;
    const api = installFakeApi(
      server('ADMIN', (call) => {
        if (call.path !== '/api/webhooks/endpoints' || call.method !== 'POST') return undefined;
        if (refuse) {
          refuse = false;
          return invalid({ url: '10.0.0.1 is a private address' });
        }
        return ok({ ...endpoint, secret: 'whsec_c2VjcmV0c2VjcmV0c2VjcmV0c2VjcmV0' });
      }),
    );
    renderPortal();
    fireEvent.click(await screen.findByRole('button', { name: 'Add endpoint' }));
    const dialog = await screen.findByRole('dialog', { name: 'New webhook endpoint' });
    fireEvent.change(within(dialog).getByRole('textbox', { name: /Endpoint URL/ }), {
      target: { value: 'http://10.0.0.1/hook' },
    });
    fireEvent.click(within(dialog).getByRole('checkbox', { name: 'Form submitted' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create endpoint' }));
    expect(await within(dialog).findByText('10.0.0.1 is a private address')).toBeTruthy();
    expect(api.callsTo('/api/webhooks/endpoints', 'POST')[0]?.body).toEqual({
      url: 'http://10.0.0.1/hook',
      description: '',
      event_types: ['form.submitted'],
      app_id: null,
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create endpoint' }));
    expect(await screen.findByTestId('webhook-secret-value')).toBeTruthy();
    expect(screen.getByTestId('webhook-secret-value').textContent).toMatch(/^whsec_/);
  });

  it('shows no access to a member without the webhook permissions', async () => {
    installFakeApi(server('MEMBER'));
    renderPortal();
    expect(await screen.findByText(/cannot see the API clients and webhooks/)).toBeTruthy();
  });

  it("narrows an app's portal to its endpoints and deliveries", async () => {
    const api = installFakeApi(server('OWNER'));
    renderScreenAt(
      <AppPortalScreen />,
      '/developer/app-detail/:appId/portal',
      '/developer/app-detail/app_1/portal',
      [standIn('*', 'elsewhere')],
    );
    await screen.findByTestId('webhook-endpoints');
    await waitFor(() => expect(api.callsTo('/api/webhooks/deliveries', 'GET').length).toBeGreaterThan(0));
    expect(api.callsTo('/api/webhooks/endpoints', 'GET')[0]?.url).toContain('app_id=app_1');
    expect(api.callsTo('/api/webhooks/deliveries', 'GET')[0]?.url).toContain('app_id=app_1');
  });
});

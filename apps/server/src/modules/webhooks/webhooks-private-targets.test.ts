import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TWebhookDeliveryDetail } from '@esigns/contracts/webhooks';
import { seedCompany, type SeededCompany } from '../../../test/seed-company';
import { buildTestApp, type TestApp } from '../../../test/test-app';
import { until } from '../../../test/test-workers';
import type { Db } from '../../platform/db/database';
import { webhookEndpoints } from './schema';
import { sealSecret } from './secret-box';
import { startReceiver, type TestReceiver } from './test-receiver';

// An instance WITHOUT WEBHOOKS_ALLOW_PRIVATE: targets in a private network are refused when an
// endpoint is saved and again when a delivery connects (DNS may change after the save). The
// allowed case is webhooks.test.ts (its local receiver needs the setting).

let t: TestApp;
let acme: SeededCompany;
let receiver: TestReceiver;

beforeAll(async () => {
  receiver = await startReceiver();
  t = await buildTestApp({ WEBHOOKS_RETRY_DELAYS: '0,0,0,0,0,0,0' });
  acme = await seedCompany(t, { name: 'Acme Realty' });
}, 120_000);
afterAll(async () => {
  await t?.close();
  await receiver?.close();
});

const save = (url: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/webhooks/endpoints',
    headers: acme.users.OWNER.headers,
    payload: { url, event_types: ['record.created'] },
  });

describe('private targets refused', () => {
  it.each([
    'http://127.0.0.1/hook',
    'http://localhost/hook',
    'http://[::1]/hook',
    'http://10.0.0.8/hook',
    'http://192.168.1.20/hook',
    'http://169.254.169.254/latest/meta-data',
    'http://100.64.0.1/hook',
    'http://[::ffff:127.0.0.1]/hook',
    'http://[fd00::1]/hook',
    'http://0.0.0.0/hook',
  ])('at save: %s is a 422 under url', async (url) => {
    const res = await save(url);
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.details[0]).toMatchObject({ key: 'url' });
    const patch = await t.app.inject({
      method: 'POST',
      url: '/api/oauth2/save-webhook',
      headers: acme.users.OWNER.headers,
      payload: { app_id: 'any', url },
    });
    expect(patch.statusCode).not.toBe(500);
  });

  it('at delivery: an endpoint that leads into a private network gets no request, each try says why', async () => {
    // Stored as if its host had resolved to a public address when it was saved.
    const [endpoint] = await t.platform.database.db
      .insert(webhookEndpoints)
      .values({
        companyId: acme.companyId,
        url: receiver.url('/inside'),
        eventTypes: ['record.created'],
        secretEncrypted: sealSecret(
          'whsec_dGVzdHRlc3R0ZXN0dGVzdHRlc3R0ZXN0',
          t.config.secrets.storageSecret,
          acme.companyId,
        ),
      })
      .returning();
    await t.platform.database.db.transaction((tx) =>
      t.platform.events.setInterest(tx as unknown as Db, 'webhooks', acme.companyId, endpoint!.id, [
        'record.created',
      ]),
    );
    const recordId = randomUUID();
    await t.platform.database.db.transaction((tx) =>
      t.platform.events.publish(tx as unknown as Db, {
        companyId: acme.companyId,
        type: 'record.created',
        subjectId: recordId,
        data: { entity_id: randomUUID(), record_id: recordId, values: {} },
      }),
    );
    const failed = await until(
      async () => {
        const list = await t.app.inject({
          method: 'GET',
          url: `/api/webhooks/deliveries?endpoint_id=${endpoint!.id}`,
          headers: acme.users.OWNER.headers,
        });
        const [row] = list.json().data.data as { _id: string; status: string }[];
        return row?.status === 'FAILED' ? row : null;
      },
      'the refused delivery to fail',
      60_000,
    );
    const detail = (
      await t.app.inject({
        method: 'GET',
        url: `/api/webhooks/deliveries/${failed._id}`,
        headers: acme.users.OWNER.headers,
      })
    ).json().data as TWebhookDeliveryDetail;
    expect(detail.attempts).toBe(8);
    for (const attempt of detail.attempts_list) {
      expect(attempt).toMatchObject({ response_status: null, succeeded: false });
      expect(attempt.error).toMatch(/127\.0\.0\.1, a private, loopback/);
    }
    expect(receiver.requests).toHaveLength(0);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  INTEGRATION_EVENT_TYPES,
  type IntegrationEvent,
  type IntegrationEventType,
} from '@esigns/contracts/integration-events';
import type { TEntity, TEntityRecord } from '@esigns/contracts/entities';
import { caller, signatureField, signer, uniqueEmail } from '../src/modules/documents/test-helpers';
import { createTemplate, seedForm } from '../src/modules/form-submissions/send-test-utils';
import {
  linkHeaders,
  pngDataUrl,
  sendForSigning,
  signerCaller,
  waitForSeal,
} from '../src/modules/signing/test-helpers';
import { buildTestApp, type TestApp } from './test-app';
import { seedCompany, type SeededCompany } from './seed-company';
import { until } from './test-workers';

/**
 * Every product change that integrations hear of publishes its event, with its data, in the
 * change's transaction (platform/events): a probe subscriber listening to every type for Acme
 * collects them; Other's changes are never delivered to Acme's interest.
 */
let t: TestApp;
let acme: SeededCompany;
let other: SeededCompany;
const heard: IntegrationEvent[] = [];

beforeAll(async () => {
  t = await buildTestApp(
    {},
    {
      beforeStart: (platform) =>
        platform.events.subscribe('probe', async (event) => {
          heard.push(event);
        }),
    },
  );
  acme = await seedCompany(t, { name: 'Acme Realty' });
  other = await seedCompany(t, { name: 'Other Estates' });
  await t.platform.database.db.transaction((tx) =>
    t.platform.events.setInterest(tx, 'probe', acme.companyId, 'all', INTEGRATION_EVENT_TYPES),
  );
}, 120_000);
afterAll(async () => {
  await t.close();
});

const call = (...args: Parameters<ReturnType<typeof caller>>) => caller(t)(...args);

/**
 * The events heard about one subject once `types` all arrived, in the order of `types` (each
 * subscriber handles several events at once, so they may arrive in any order); nothing else heard.
 */
async function eventsOf(subjectId: string, types: IntegrationEventType[]): Promise<IntegrationEvent[]> {
  const mine = await until(
    async () => {
      const found = heard.filter((e) => e.subject_id === subjectId);
      return types.every((type) => found.some((e) => e.type === type)) && found;
    },
    `${types.join(', ')} of ${subjectId}`,
    60_000,
  );
  expect(mine.map((e) => e.type).sort()).toEqual([...types].sort());
  return types.map((type) => mine.find((e) => e.type === type)!);
}

describe('record events', () => {
  let entity: TEntity;

  beforeAll(async () => {
    const res = await call('POST', '/api/entities/create', acme.users.OWNER, {
      name: 'Leads',
      entity_type: 'GENERAL',
      fields: [
        { key: 'name', label: 'Name', type: 'SINGLE_LINE_TEXT', required: true },
        { key: 'status', label: 'Status', type: 'SELECT', options: [{ value: 'Hot' }, { value: 'Cold' }] },
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    entity = res.json().data;
  });

  it('publishes created, updated (with the changed keys) and deleted', async () => {
    const tpl = entity.primary_template_id;
    const created = await call('POST', '/api/entities-data', acme.users.OWNER, {
      entity_id: entity._id,
      values: { [tpl]: { name: 'Asha', status: 'Hot' } },
    });
    expect(created.statusCode, created.body).toBe(200);
    const record = created.json().data as TEntityRecord;
    const unchanged = await call('PATCH', `/api/templates-data/${record._id}/${tpl}`, acme.users.OWNER, {
      values: { name: 'Asha' },
    });
    expect(unchanged.statusCode, unchanged.body).toBe(200);
    const changed = await call('PATCH', `/api/templates-data/${record._id}/${tpl}`, acme.users.OWNER, {
      values: { status: 'Cold' },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    const deleted = await call('POST', `/api/entity-data/${record._id}/${entity._id}`, acme.users.OWNER, {});
    expect(deleted.statusCode, deleted.body).toBe(200);

    const events = await eventsOf(record._id, ['record.created', 'record.updated', 'record.deleted']);
    // A save that changes nothing published nothing: one update heard.
    expect(events[0]).toMatchObject({
      company_id: acme.companyId,
      data: {
        entity_id: entity._id,
        record_id: record._id,
        values: { [tpl]: { name: 'Asha', status: 'Hot' } },
      },
    });
    expect(events[1]!.data).toMatchObject({ changed: ['status'], values: { [tpl]: { status: 'Cold' } } });
    expect(events[2]!.data).toEqual({ entity_id: entity._id, record_id: record._id });
  });

  it("never hands another company's records to this company's listeners", async () => {
    const res = await call('POST', '/api/entities/create', other.users.OWNER, {
      name: 'Other leads',
      entity_type: 'GENERAL',
      fields: [{ key: 'name', label: 'Name', type: 'SINGLE_LINE_TEXT' }],
    });
    const theirs = res.json().data as TEntity;
    const created = await call('POST', '/api/entities-data', other.users.OWNER, {
      entity_id: theirs._id,
      values: { [theirs.primary_template_id]: { name: 'Not yours' } },
    });
    expect(created.statusCode, created.body).toBe(200);
    // A later event of Acme's arrives; Other's, committed before it, never does.
    const mine = await call('POST', '/api/entities-data', acme.users.OWNER, {
      entity_id: entity._id,
      values: { [entity.primary_template_id]: { name: 'Ravi' } },
    });
    expect(mine.statusCode, mine.body).toBe(200);
    await eventsOf(mine.json().data._id, ['record.created']);
    expect(heard.some((e) => e.subject_id === created.json().data._id)).toBe(false);
    expect(heard.every((e) => e.company_id === acme.companyId)).toBe(true);
  });
});

describe('document events', () => {
  const png = pngDataUrl();
  const as = () => signerCaller(t);

  it('publishes sent, viewed, signed and completed for a signed document', async () => {
    const email = uniqueEmail('tenant');
    const sent = await sendForSigning(t, acme.users.OWNER, acme.companyId, {
      name: 'Lease 7',
      document_users: [signer('r1', email)],
      fields: [signatureField('sig', 'r1')],
    });
    const headers = await linkHeaders(t, email, sent._id);
    expect((await as()('GET', `/api/e-signs/${sent._id}`, headers)).statusCode).toBe(200);
    const saved = await as()('POST', `/api/documents/${sent._id}/signature`, headers, {
      values: { sig: png },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    await as()('POST', '/api/documents/user/terms-and-conditions', headers);
    const done = await as()('POST', `/api/documents/${sent._id}/finish`, headers, {});
    expect(done.statusCode, done.body).toBe(200);
    await waitForSeal(t, sent._id);

    const events = await eventsOf(sent._id, [
      'document.sent',
      'document.viewed',
      'document.signed',
      'document.completed',
    ]);
    expect(events[0]!.data).toMatchObject({
      document_id: sent._id,
      name: 'Lease 7',
      status: 'WAITING',
      recipients: [{ email }],
    });
    expect(events[2]!.data).toMatchObject({ recipient: { email } });
    expect(events[3]!.data).toMatchObject({ status: 'COMPLETED' });
  });

  it('publishes declined with the reason, and voided with the reason', async () => {
    const a = uniqueEmail('a');
    const declined = await sendForSigning(t, acme.users.OWNER, acme.companyId, {
      document_users: [signer('r1', a)],
      fields: [signatureField('sig', 'r1')],
    });
    const res = await as()(
      'POST',
      `/api/documents/${declined._id}/decline`,
      await linkHeaders(t, a, declined._id),
      {
        notes: 'Rent too high',
      },
    );
    expect(res.statusCode, res.body).toBe(200);
    const [, refusal] = await eventsOf(declined._id, ['document.sent', 'document.declined']);
    expect(refusal!.data).toMatchObject({
      status: 'DECLINED',
      reason: 'Rent too high',
      recipient: { email: a },
    });

    const voided = await sendForSigning(t, acme.users.OWNER, acme.companyId, {
      document_users: [signer('r1', uniqueEmail('b'))],
      fields: [signatureField('sig', 'r1')],
    });
    const v = await call('POST', `/api/documents/${voided._id}/void`, acme.users.OWNER, {
      reason: 'Wrong unit',
    });
    expect(v.statusCode, v.body).toBe(200);
    const [, end] = await eventsOf(voided._id, ['document.sent', 'document.voided']);
    expect(end!.data).toMatchObject({ status: 'VOIDED', reason: 'Wrong unit' });
  });
});

describe('form events', () => {
  it('publishes submitted, then approved or rejected with the approver', async () => {
    const templateId = await createTemplate(t, acme.users.OWNER);
    const form = await seedForm(t, acme, templateId, {
      settings: {
        approval_levels: [{ approvers: [{ kind: 'COMPANY_USER', user_id: acme.users.MANAGER.userId }] }],
      },
    });
    const submit = async () => {
      const start = await call('POST', '/api/formbuilder-data/template', acme.users.MEMBER, {
        formbuilder_details_id: form.id,
        step_id: form.steps[0]!.id,
        values: { full_name: 'Asha Rao' },
        complete: true,
      });
      expect(start.statusCode, start.body).toBe(200);
      const id = start.json().data._id as string;
      const done = await call('PUT', `/api/formbuilder-data/${id}`, acme.users.MEMBER, {
        status: 'SUBMITTED',
      });
      expect(done.statusCode, done.body).toBe(200);
      return id;
    };
    const decide = (id: string, decision: 'APPROVED' | 'REJECTED') =>
      call('POST', `/api/formbuilder-data/${id}/approval`, acme.users.MANAGER, {
        decision,
        comment: 'Checked',
      });

    const approvedId = await submit();
    expect((await decide(approvedId, 'APPROVED')).statusCode).toBe(200);
    const approved = await eventsOf(approvedId, ['form.submitted', 'form.approved']);
    expect(approved[0]!.data).toMatchObject({ form_builder_id: form.id, submission_id: approvedId });
    expect(approved[1]!.data).toMatchObject({ approver: { email: acme.users.MANAGER.email } });

    const rejectedId = await submit();
    expect((await decide(rejectedId, 'REJECTED')).statusCode).toBe(200);
    const [, rejected] = await eventsOf(rejectedId, ['form.submitted', 'form.rejected']);
    expect(rejected!.data).toMatchObject({ submission_id: rejectedId, reason: 'Checked' });
  });
});

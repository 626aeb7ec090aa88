import { expect } from 'vitest';
import type { TEmailTemplate, TMergeField, TRecordMailBatch } from '@esigns/contracts/email';
import type { TEntity, TEntityRecord } from '@esigns/contracts/entities';
import type { SeededUser } from '../../../test/seed-company';
import type { TestApp } from '../../../test/test-app';

/** Calls, a Tenant entity with its records, templates and mails for the email template tests. */

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';
export type Answer = Awaited<ReturnType<TestApp['app']['inject']>>;

export const keysOf = (res: Answer): string[] => [
  ...new Set(
    ((res.json() as { errors?: { details: { key: string }[] } }).errors?.details ?? []).map((d) => d.key),
  ),
];

export type Tenant = { entity: TEntity; code: string; email: string; ref: (key: string) => string };

export function emailKit(t: () => TestApp) {
  let seq = 0;
  const call = (method: Method, url: string, who: SeededUser | null, payload?: unknown): Promise<Answer> =>
    t().app.inject({
      method,
      url: `/api${url}`,
      ...(who ? { headers: who.headers } : {}),
      ...(payload === undefined ? {} : { payload: payload as object }),
    });

  const data = async <T>(promise: Promise<Answer>): Promise<T> => {
    const res = await promise;
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as { data: T }).data;
  };

  /** A Tenant entity (name, email, rent, move-in date, pets, status, notes) and its template code. */
  const createTenant = async (who: SeededUser): Promise<Tenant> => {
    seq += 1;
    const entity = await data<TEntity>(
      call('POST', '/entities/create', who, {
        name: `Tenant ${seq} ${Math.random().toString(36).slice(2, 6)}`,
        entity_type: 'GENERAL',
        fields: [
          { key: 'first_name', label: 'First name', type: 'SINGLE_LINE_TEXT', required: true },
          { key: 'email', label: 'Email', type: 'EMAIL' },
          { key: 'rent', label: 'Rent', type: 'CURRENCY', min: 0 },
          { key: 'move_in', label: 'Move-in', type: 'DATE' },
          { key: 'pets', label: 'Pets', type: 'YES_OR_NO' },
          {
            key: 'status',
            label: 'Status',
            type: 'SELECT',
            options: [
              { value: 'active', label: 'Active lease' },
              { value: 'ended', label: 'Ended' },
            ],
          },
          { key: 'notes', label: 'Notes', type: 'MULTI_LINE_TEXT' },
        ],
      }),
    );
    const fields = await data<TMergeField[]>(
      call('GET', `/entity-email-template/merge-fields/${entity._id}`, who),
    );
    const code = fields.find((f) => f.name.endsWith('.first_name'))!.name.split('.')[0]!;
    return { entity, code, email: `${code}.email`, ref: (key) => `${entity.primary_template_id}#${key}` };
  };

  const addRecord = (tenant: Tenant, values: Record<string, unknown>, who: SeededUser) =>
    data<TEntityRecord>(
      call('POST', '/entities-data', who, {
        entity_id: tenant.entity._id,
        values: { [tenant.entity.primary_template_id]: values },
      }),
    );

  const createTemplate = (who: SeededUser, body: Record<string, unknown>) =>
    data<TEmailTemplate>(call('POST', '/entity-email-template/create', who, body));

  const entityTemplate = (who: SeededUser, tenant: Tenant, body: Record<string, unknown> = {}) =>
    createTemplate(who, {
      type: 'ENTITY',
      name: `Welcome ${++seq}`,
      entity_id: tenant.entity._id,
      subject: `Welcome {{${tenant.code}.first_name}}`,
      body_html: `<p>Dear {{${tenant.code}.first_name}}, your rent is {{${tenant.code}.rent}}.</p>`,
      ...body,
    });

  /** Polls a mailing until it is DONE (the queue runs in the test app). */
  const mailingDone = async (who: SeededUser, batchId: string): Promise<TRecordMailBatch> => {
    const deadline = Date.now() + 60_000;
    for (;;) {
      const batch = await data<TRecordMailBatch>(call('GET', `/entities/emails/${batchId}`, who));
      if (batch.status === 'DONE' || Date.now() > deadline) return batch;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  };

  /** The Outbox's mails to `address` (operator key, no SMTP: as sent), with their bodies. */
  const mailsTo = async (address: string) => {
    const key = { 'x-outbox-key': t().config.secrets.outboxKey };
    const list = await t().app.inject({
      method: 'GET',
      url: `/api/outbox?search=${encodeURIComponent(address)}&limit=100`,
      headers: key,
    });
    expect(list.statusCode, list.body).toBe(200);
    const rows = (list.json() as { data: { data: { _id: string }[] } }).data.data;
    return Promise.all(
      rows.map(async (row) => {
        const one = await t().app.inject({ method: 'GET', url: `/api/outbox/${row._id}`, headers: key });
        return (
          one.json() as {
            data: { to: string[]; cc: string[]; subject: string; kind: string; html: string; text: string };
          }
        ).data;
      }),
    );
  };

  return { call, data, createTenant, addRecord, createTemplate, entityTemplate, mailingDone, mailsTo };
}

import { expect } from 'vitest';
import type { TEntity, TEntityRecord } from '@esigns/contracts/entities';
import type { TEmailTemplate } from '@esigns/contracts/email';
import type { IntegrationEvent } from '@esigns/contracts/integration-events';
import type { TPipeline, TPipelineEntityActions, TPipelineRun } from '@esigns/contracts/pipelines';
import type { SeededUser } from '../../../test/seed-company';
import type { TestApp } from '../../../test/test-app';

/** Calls, Lead and Follow-up entities, runs and mails for the pipeline tests. */

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';
export type Answer = Awaited<ReturnType<TestApp['app']['inject']>>;

export const keysOf = (res: Answer): string[] =>
  ((res.json() as { errors?: { details: { key: string }[] } }).errors?.details ?? []).map((d) => d.key);

const FINAL = ['SUCCEEDED', 'FAILED', 'SKIPPED'];

export type Crm = {
  lead: TEntity;
  followUp: TEntity;
  /** Merge names of the Lead's and Follow-up's fields by key. */
  l: (key: string) => string;
  f: (key: string) => string;
  template: TEmailTemplate;
};

export function pipelineKit(t: () => TestApp) {
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

  const entity = (who: SeededUser, name: string, fields: unknown[]) =>
    data<TEntity>(
      call('POST', '/entities/create', who, {
        name: `${name} ${++seq} ${Math.random().toString(36).slice(2, 6)}`,
        entity_type: 'GENERAL',
        fields,
      }),
    );

  const namer = async (who: SeededUser, e: TEntity) => {
    const actions = await data<TPipelineEntityActions>(
      call('GET', `/automation-pipeline/entity-actions?entity_id=${e._id}`, who),
    );
    return (key: string) => actions.fields.find((f) => f.name.endsWith(`.${key}`))!.name;
  };

  /** A Lead entity (name, status Hot/Cold, owner's email), a Follow-up entity and a Lead mail template. */
  const createCrm = async (who: SeededUser): Promise<Crm> => {
    const lead = await entity(who, 'Lead', [
      { key: 'name', label: 'Name', type: 'SINGLE_LINE_TEXT', required: true },
      {
        key: 'status',
        label: 'Status',
        type: 'SELECT',
        options: [
          { value: 'hot', label: 'Hot' },
          { value: 'cold', label: 'Cold' },
        ],
      },
      { key: 'owner_email', label: 'Owner email', type: 'EMAIL' },
    ]);
    const followUp = await entity(who, 'Follow-up', [
      { key: 'title', label: 'Title', type: 'SINGLE_LINE_TEXT', required: true },
      { key: 'lead_name', label: 'Lead name', type: 'SINGLE_LINE_TEXT' },
    ]);
    const l = await namer(who, lead);
    const f = await namer(who, followUp);
    const template = await data<TEmailTemplate>(
      call('POST', '/entity-email-template/create', who, {
        type: 'ENTITY',
        name: `Hot lead ${seq}`,
        entity_id: lead._id,
        subject: `Hot lead: {{${l('name')}}}`,
        body_html: `<p>{{${l('name')}}} is hot.</p>`,
      }),
    );
    return { lead, followUp, l, f, template };
  };

  /** "When a Lead is created with status Hot, mail the owner and create a Follow-up record." */
  const hotLeadPipeline = (crm: Crm, overrides: Record<string, unknown> = {}) => ({
    name: `Hot leads ${++seq}`,
    trigger: 'record.created',
    entity_id: crm.lead._id,
    conditions: [{ field: crm.l('status'), operator: 'equals', value: 'hot' }],
    actions: [
      { type: 'send_email', template_id: crm.template._id, to: `{{${crm.l('owner_email')}}}` },
      {
        type: 'create_record',
        entity_id: crm.followUp._id,
        values: {
          [crm.f('title')]: `Call {{${crm.l('name')}}}`,
          [crm.f('lead_name')]: `{{${crm.l('name')}}}`,
        },
      },
    ],
    ...overrides,
  });

  const createPipeline = (who: SeededUser, body: unknown) =>
    data<TPipeline>(call('POST', '/automation-pipeline/create', who, body));

  const addLead = (crm: Crm, who: SeededUser, values: Record<string, unknown>) =>
    data<TEntityRecord>(
      call('POST', '/entities-data', who, {
        entity_id: crm.lead._id,
        values: { [crm.lead.primary_template_id]: values },
      }),
    );

  const runs = async (who: SeededUser, pipelineId: string) =>
    (
      await data<{ data: TPipelineRun[] }>(
        call('GET', `/automation-pipeline/${pipelineId}/runs?limit=50`, who),
      )
    ).data;

  /** Polls until the pipeline has `count` runs, all finished (a guard against a hang, not a timing). */
  const settledRuns = async (who: SeededUser, pipelineId: string, count = 1): Promise<TPipelineRun[]> => {
    const deadline = Date.now() + 90_000;
    for (;;) {
      const list = await runs(who, pipelineId);
      if ((list.length >= count && list.every((r) => FINAL.includes(r.status))) || Date.now() > deadline)
        return list;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  };

  /** A stored event, as the bus stores it (published in a transaction, as product modules do). */
  const publish = async (
    companyId: string,
    type: IntegrationEvent['type'],
    subjectId: string,
    eventData: unknown,
  ) => {
    const platform = t().platform;
    await platform.database.db.transaction((tx) =>
      platform.events.publish(tx, { companyId, type, subjectId, data: eventData } as never),
    );
  };

  /** The Outbox's mails to `address` (operator key). */
  const mailsTo = async (address: string) => {
    const key = { 'x-outbox-key': t().config.secrets.outboxKey };
    const list = await t().app.inject({
      method: 'GET',
      url: `/api/outbox?search=${encodeURIComponent(address)}&limit=100`,
      headers: key,
    });
    expect(list.statusCode, list.body).toBe(200);
    return (list.json() as { data: { data: { _id: string; subject: string }[] } }).data.data;
  };

  return {
    call,
    data,
    createCrm,
    hotLeadPipeline,
    createPipeline,
    addLead,
    runs,
    settledRuns,
    publish,
    mailsTo,
  };
}

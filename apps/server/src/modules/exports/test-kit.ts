import ExcelJS from 'exceljs';
import { expect } from 'vitest';
import type { TEntity } from '@esigns/contracts/entities';
import type { SeededCompany, SeededUser } from '../../../test/seed-company';
import type { TestApp } from '../../../test/test-app';
import { entityData } from '../entity-data/schema';

/** Calls, a Leads entity of typed fields and its records inserted in bulk, for the export tests. */

export type Answer = Awaited<ReturnType<TestApp['app']['inject']>>;
export type Leads = { entity: TEntity; tpl: string; ref: (key: string) => string };

export const LEAD_FIELDS = [
  { key: 'name', label: 'Name', type: 'SINGLE_LINE_TEXT', required: true },
  { key: 'amount', label: 'Amount', type: 'CURRENCY', currency: 'USD' },
  { key: 'pct', label: 'Probability', type: 'PERCENTAGE' },
  { key: 'qty', label: 'Quantity', type: 'NUMBER' },
  { key: 'start', label: 'Start', type: 'DATE' },
  { key: 'at', label: 'Met at', type: 'DATE_TIME' },
  { key: 'ok', label: 'Qualified', type: 'YES_OR_NO' },
  {
    key: 'status',
    label: 'Status',
    type: 'SELECT',
    options: [
      { value: 'open', label: 'Open lead' },
      { value: 'won', label: 'Won' },
    ],
  },
  {
    key: 'tags',
    label: 'Tags',
    type: 'MULTI_SELECT',
    options: [
      { value: 'a', label: 'Alpha' },
      { value: 'b', label: 'Beta' },
    ],
  },
];

const BASE = Date.UTC(2026, 0, 1, 0, 0, 0);

/** The values of lead `i` (deterministic: the tests compute what each cell must hold). */
export function leadValues(i: number): Record<string, unknown> {
  return {
    name: `Lead ${i}`,
    amount: i * 1.5,
    pct: i % 101,
    qty: i,
    start: new Date(BASE + (i % 365) * 86_400_000).toISOString().slice(0, 10),
    at: new Date(BASE + i * 60_000).toISOString(),
    ok: i % 2 === 0,
    status: i % 3 === 0 ? 'won' : 'open',
    tags: i % 2 === 0 ? ['a', 'b'] : ['b'],
  };
}

export function exportKit(t: () => TestApp) {
  const call = (method: 'GET' | 'POST', url: string, who: SeededUser | null, payload?: unknown) =>
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

  /** An entity named `name` with LEAD_FIELDS. */
  const createLeads = async (who: SeededUser, name: string): Promise<Leads> => {
    const entity = await data<TEntity>(
      call('POST', '/entities/create', who, { name, entity_type: 'GENERAL', fields: LEAD_FIELDS }),
    );
    const tpl = entity.primary_template_id;
    return { entity, tpl, ref: (key) => `${tpl}#${key}` };
  };

  /** `count` records inserted straight into the table (lead i created i seconds after the first). */
  const insertLeads = async (company: SeededCompany, leads: Leads, count: number, from = 0) => {
    const db = t().platform.database.db;
    for (let start = from; start < from + count; start += 1000) {
      const rows = [];
      for (let i = start; i < Math.min(from + count, start + 1000); i += 1) {
        rows.push({
          companyId: company.companyId,
          entityId: leads.entity._id,
          values: { [leads.tpl]: leadValues(i) },
          title: `Lead ${i}`,
          createdBy: company.users.OWNER.userId,
          createdAt: new Date(BASE + i * 1000),
          updatedAt: new Date(BASE + i * 1000),
        });
      }
      await db.insert(entityData).values(rows);
    }
  };

  const workbookOf = async (res: Answer): Promise<ExcelJS.Workbook> => {
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    return workbook;
  };

  return { call, data, createLeads, insertLeads, workbookOf };
}

export const keysOf = (res: Answer): string[] =>
  ((res.json() as { errors?: { details?: { key: string }[] } }).errors?.details ?? []).map((d) => d.key);

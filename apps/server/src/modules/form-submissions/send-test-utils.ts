import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import {
  ZFormSettings,
  type TFormOwnerType,
  type TFormSettingsInput,
  type TStoredFormStep,
} from '@esigns/contracts/form-builders';
import type { TestApp } from '../../../test/test-app';
import type { SeededCompany, SeededUser } from '../../../test/seed-company';
import { contacts, contactTypes } from '../contacts/schema';
import { formBuilders } from '../form-builders/schema';
import { formSubmissions } from './schema';

/*
 * Fixtures of the send and data-out tests: a template through the API, forms and submissions
 * seeded straight into their tables (tests may seed any table), contacts in bulk, and polling a
 * send until its batch is over.
 */

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export function caller(t: TestApp) {
  let seq = 0;
  return (method: Method, url: string, who?: SeededUser, payload?: unknown) => {
    seq += 1;
    return t.app.inject({
      method,
      url,
      remoteAddress: `10.77.${(seq >> 8) & 255}.${seq & 255}`,
      ...(payload === undefined ? {} : { payload: payload as object }),
      ...(who ? { headers: { authorization: `Bearer ${who.token}` } } : {}),
    });
  };
}

export const keysOf = (res: { json: () => { errors?: { details: { key: string }[] } } }): string[] => [
  ...new Set(res.json().errors?.details.map((d) => d.key) ?? []),
];

/** A form template of the company with text, number, email, date and date-time fields. */
export async function createTemplate(t: TestApp, who: SeededUser): Promise<string> {
  const res = await caller(t)('POST', '/api/template/create', who, {
    name: `Applicant ${randomUUID().slice(0, 6)}`,
    fields: [
      { key: 'full_name', label: 'Full name', type: 'SINGLE_LINE_TEXT' },
      { key: 'amount', label: 'Amount', type: 'NUMBER' },
      { key: 'work_email', label: 'Work email', type: 'EMAIL' },
      { key: 'joined_on', label: 'Joined on', type: 'DATE' },
      { key: 'called_at', label: 'Called at', type: 'DATE_TIME' },
    ],
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data._id as string;
}

export type SeededForm = { id: string; code: string; steps: TStoredFormStep[] };

/** An ACTIVE form of the company (one TEMPLATE step, then a STATIC one), inserted directly. */
export async function seedForm(
  t: TestApp,
  company: SeededCompany,
  templateId: string,
  options: {
    ownerType?: TFormOwnerType;
    status?: 'DRAFT' | 'ACTIVE' | 'INACTIVE';
    /** The settings, or a function of the steps (approvers naming a step's field). */
    settings?: TFormSettingsInput | ((steps: TStoredFormStep[]) => TFormSettingsInput);
  } = {},
): Promise<SeededForm> {
  const code = `form-${randomUUID().slice(0, 8)}`;
  const steps: TStoredFormStep[] = [
    {
      id: randomUUID(),
      type: 'TEMPLATE',
      name: 'Applicant',
      template_id: templateId,
      required: true,
      condition: null,
    },
    {
      id: randomUUID(),
      type: 'STATIC',
      name: 'Terms',
      content: 'Read me',
      require_accept: false,
      required: false,
      condition: null,
    },
  ];
  const [row] = await t.platform.database.db
    .insert(formBuilders)
    .values({
      companyId: company.companyId,
      name: `Onboarding ${code}`,
      code,
      ownerType: options.ownerType ?? 'ANYONE',
      status: options.status ?? 'ACTIVE',
      steps,
      settings: ZFormSettings.parse(
        (typeof options.settings === 'function' ? options.settings(steps) : options.settings) ?? {},
      ),
      createdBy: company.users.OWNER.userId,
    })
    .returning({ id: formBuilders.id });
  return { id: row!.id, code, steps };
}

/** `n` contacts of the company with emails `{prefix}{i}@{domain}`; answers their ids in order. */
export async function seedContacts(
  t: TestApp,
  company: SeededCompany,
  n: number,
  domain: string,
): Promise<string[]> {
  const rows = await t.platform.database.db
    .insert(contacts)
    .values(
      Array.from({ length: n }, (_, i) => ({
        companyId: company.companyId,
        email: `person${i}@${domain}`,
        firstName: 'Person',
        lastName: String(i),
      })),
    )
    .returning({ id: contacts.id, email: contacts.email });
  const order = new Map(rows.map((r) => [r.email, r.id]));
  return Array.from({ length: n }, (_, i) => order.get(`person${i}@${domain}`)!);
}

/** A submission of the form with values of its first step, inserted directly. */
export async function seedSubmission(
  t: TestApp,
  company: SeededCompany,
  form: SeededForm,
  input: {
    values?: Record<string, unknown>;
    status?: 'DRAFT' | 'SUBMITTED';
    name?: string;
    email?: string;
    createdAt?: Date;
  },
): Promise<string> {
  const [row] = await t.platform.database.db
    .insert(formSubmissions)
    .values({
      companyId: company.companyId,
      formBuilderId: form.id,
      formVersion: 1,
      status: input.status ?? 'SUBMITTED',
      fillerKind: 'GUEST',
      fillerEmail: input.email ?? null,
      fillerName: input.name ?? '',
      values: { [form.steps[0]!.id!]: input.values ?? {} },
      ...(input.createdAt ? { createdAt: input.createdAt } : {}),
      submittedAt: input.status === 'DRAFT' ? null : (input.createdAt ?? new Date()),
    })
    .returning({ id: formSubmissions.id });
  return row!.id;
}

/** Polls the company's send until it is DONE, FAILED or CANCELLED. */
export async function waitForBatch(
  t: TestApp,
  who: SeededUser,
  formId: string,
  batchId: string,
  ms = 120_000,
): Promise<Record<string, unknown>> {
  const call = caller(t);
  const deadline = Date.now() + ms;
  for (;;) {
    const res = await call('GET', `/api/formbuilders-batch?formbuilder_details_id=${formId}&limit=50`, who);
    expect(res.statusCode, res.body).toBe(200);
    const batch = res.json().data.data.find((b: { _id: string }) => b._id === batchId);
    if (batch && ['DONE', 'FAILED', 'CANCELLED'].includes(batch.status)) return batch;
    if (Date.now() > deadline) throw new Error(`send ${batchId} not over: ${JSON.stringify(batch)}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** A contact type of the company, inserted directly; answers its id. */
export async function seedContactType(t: TestApp, company: SeededCompany, name: string): Promise<string> {
  const [row] = await t.platform.database.db
    .insert(contactTypes)
    .values({ companyId: company.companyId, name })
    .returning({ id: contactTypes.id });
  return row!.id;
}

import { and, desc, sql } from 'drizzle-orm';
import { expect } from 'vitest';
import type { TFormBuilder, TCreateFormBuilderRequest } from '@esigns/contracts/form-builders';
import { emailLogs } from '../../platform/mail/schema';
import { companyDocuments, configurableDocuments } from '../documents/schema';
import type { TestApp } from '../../../test/test-app';
import type { SeededUser } from '../../../test/seed-company';
import { formSubmissions } from '../form-submissions/schema';

/** Calls, forms and mails for the form-builder tests (one app per test file). */

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
type Reply = { statusCode: number; body: string; json: () => any }; // eslint-disable-line @typescript-eslint/no-explicit-any

export function formTestClient(t: TestApp) {
  let seq = 0;
  const call = (
    method: Method,
    url: string,
    who?: SeededUser | Record<string, string>,
    payload?: unknown,
    remoteAddress?: string,
  ): Promise<Reply> =>
    t.app.inject({
      method,
      url,
      headers: who ? ('headers' in who ? (who as SeededUser).headers : (who as Record<string, string>)) : {},
      ...(payload === undefined ? {} : { payload: payload as object }),
      ...(remoteAddress ? { remoteAddress } : {}),
    });

  async function createTemplate(who: SeededUser, fields?: unknown[]): Promise<{ _id: string }> {
    seq += 1;
    const res = await call('POST', '/api/template/create', who, {
      name: `Visit details ${seq}`,
      fields: fields ?? [
        { key: 'name', label: 'Name', type: 'SINGLE_LINE_TEXT', required: true },
        { key: 'email', label: 'Email', type: 'EMAIL' },
        { key: 'budget', label: 'Budget', type: 'CURRENCY', min: 0 },
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data;
  }

  async function createForm(
    who: SeededUser,
    body: Partial<TCreateFormBuilderRequest> & { templateId?: string },
  ): Promise<TFormBuilder> {
    seq += 1;
    const { templateId, ...rest } = body;
    const res = await call('POST', '/api/formBuilders', who, {
      name: `Site visit ${seq}`,
      steps: [
        templateId
          ? { type: 'TEMPLATE', name: 'Your details', template_id: templateId }
          : { type: 'STATIC', name: 'Terms', content: 'Read me.', require_accept: true },
      ],
      ...rest,
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().data;
  }

  return { call, createTemplate, createForm };
}

export const keysOf = (res: Reply): string[] => [
  ...new Set<string>(res.json().errors?.details.map((d: { key: string }) => d.key) ?? []),
];

/** The latest form passcode mailed to `email`. */
export async function lastPasscode(t: TestApp, email: string): Promise<string> {
  const [row] = await t.platform.database.db
    .select({ text: emailLogs.text })
    .from(emailLogs)
    .where(and(sql`${email} = any(${emailLogs.to})`, sql`${emailLogs.kind} = 'form.passcode'`))
    .orderBy(desc(emailLogs.createdAt))
    .limit(1);
  const code = row?.text.match(/\b\d{6}\b/)?.[0];
  if (!code) throw new Error(`No passcode mailed to ${email}`);
  return code;
}

/** A submission counted as received (status SUBMITTED) of the form. */
export async function insertSubmitted(t: TestApp, form: TFormBuilder): Promise<void> {
  await t.platform.database.db.insert(formSubmissions).values({
    companyId: form.company_id,
    formBuilderId: form._id,
    formVersion: form.version,
    status: 'SUBMITTED',
    fillerKind: 'ANONYMOUS',
    submittedAt: new Date(),
  });
}

/** A document template of the company whose layout has these role names. */
export async function seedDocumentTemplate(
  t: TestApp,
  owner: SeededUser,
  companyId: string,
  roles: string[],
) {
  const db = t.platform.database.db;
  const pdf = {
    key: `companies/${companyId}/lease.pdf`,
    name: 'lease.pdf',
    size: 1,
    mime_type: 'application/pdf',
  };
  const [upload] = await db
    .insert(companyDocuments)
    .values({ companyId, name: 'Lease', files: [pdf] as never, file: pdf as never })
    .returning({ id: companyDocuments.id });
  const [layout] = await db
    .insert(configurableDocuments)
    .values({
      companyId,
      companyDocumentId: upload!.id,
      name: 'Lease',
      isTemplate: true,
      file: pdf as never,
      pages: [],
      settings: {} as never,
      documentUsers: roles.map((role_name) => ({ role_name })) as never,
      ownerId: owner.userId,
    })
    .returning({ id: configurableDocuments.id });
  return layout!.id;
}

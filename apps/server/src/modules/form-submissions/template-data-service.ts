import { count } from 'drizzle-orm';
import type { TFormSubmission } from '@esigns/contracts/form-builders';
import type { TTemplateDataPage } from '@esigns/contracts/form-sends';
import type { Platform } from '../../platform/platform';
import { findFormBuilder } from '../form-builders';
import type { AccessContext } from '../permissions';
import { formSubmissions } from './schema';
import { dataSteps, pickStep, submissionQuerySql, type SubmissionQuery } from './template-data-query';

export type TemplateDataInput = SubmissionQuery & {
  formbuilder_details_id: string;
  step_id?: string | undefined;
  page: number;
  limit: number;
};

/**
 * `GET|POST /template-data`, `POST /sort-template-data`: one page of the company's form's
 * submissions as rows of one step's values, filtered and sorted (newest first by default). 404
 * for a form of another company.
 */
export async function templateDataPage(
  platform: Platform,
  access: AccessContext,
  input: TemplateDataInput,
): Promise<TTemplateDataPage> {
  const db = platform.database.db;
  const form = await findFormBuilder(db, access.companyId, input.formbuilder_details_id);
  const data = pickStep(await dataSteps(db, form), input.step_id);
  const { where, order } = submissionQuerySql(form, data, input);
  const stepId = data.step.id;
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: formSubmissions.id,
        status: formSubmissions.status,
        fillerKind: formSubmissions.fillerKind,
        fillerId: formSubmissions.fillerId,
        fillerEmail: formSubmissions.fillerEmail,
        fillerName: formSubmissions.fillerName,
        values: formSubmissions.values,
        createdAt: formSubmissions.createdAt,
        submittedAt: formSubmissions.submittedAt,
      })
      .from(formSubmissions)
      .where(where)
      .orderBy(...order)
      .limit(input.limit)
      .offset((input.page - 1) * input.limit),
    db.select({ n: count() }).from(formSubmissions).where(where),
  ]);
  const n = Number(total?.n ?? 0);
  return {
    step: { _id: stepId, name: data.step.name, type: data.step.type },
    columns: data.fields.map((f) => ({ key: f.key, label: f.label || f.key, type: f.type })),
    data: rows.map((r) => ({
      _id: r.id,
      status: r.status,
      filler: {
        kind: r.fillerKind,
        id: r.fillerId,
        email: r.fillerEmail,
        name: r.fillerName,
      } satisfies TFormSubmission['filler'],
      created_at: r.createdAt.toISOString(),
      submitted_at: r.submittedAt ? r.submittedAt.toISOString() : null,
      values: r.values[stepId] ?? {},
    })),
    total: n,
    page: input.page,
    total_pages: Math.ceil(n / input.limit),
  };
}

import { and, desc, eq, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { TValidationDetail } from '@esigns/contracts/envelope';
import type { TStoredFormStep, TSubmissionStatus } from '@esigns/contracts/form-builders';
import type { SUBMISSION_SYSTEM_COLUMNS } from '@esigns/contracts/form-sends';
import { type TSubmissionFilter, type ZSubmissionSort } from '@esigns/contracts/form-sends';
import type { TFormField } from '@esigns/contracts/nocode-fields';
import { escapeLike, type Db } from '../../platform/db/database';
import { unlessAppError, validationError } from '../../platform/http/app-error';
import { loadEntityDefinition } from '../entities';
import { stepsOf, type FormBuilderRow } from '../form-builders';
import { templateDefinitions } from '../form-templates';
import { formSubmissions } from './schema';

/*
 * The submissions of a form as rows of one step's values (the data list and its export): which
 * step, its fields, and the SQL of filters and sorts over `form_submissions.values -> step id`.
 */

export type DataStep = Extract<TStoredFormStep, { type: 'TEMPLATE' | 'ENTITY' }>;
export type StepWithFields = { step: DataStep; fields: TFormField[] };

const isDataStep = (step: TStoredFormStep): step is DataStep =>
  step.type === 'TEMPLATE' || step.type === 'ENTITY';

/** The form's TEMPLATE and ENTITY steps, each with its fields (none when its template is gone). */
export async function dataSteps(db: Db, form: FormBuilderRow): Promise<StepWithFields[]> {
  const steps = stepsOf(form).filter(isDataStep);
  const templateIds = steps.flatMap((s) => (s.type === 'TEMPLATE' ? [s.template_id] : []));
  const templates = await templateDefinitions(db, templateIds);
  return Promise.all(
    steps.map(async (step): Promise<StepWithFields> => {
      if (step.type === 'TEMPLATE') return { step, fields: templates.get(step.template_id)?.fields ?? [] };
      const def = await unlessAppError(loadEntityDefinition(db, form.companyId, step.entity_id));
      return { step, fields: def?.primary.fields ?? [] };
    }),
  );
}

/** The step `stepId` (422 `step_id` unless a TEMPLATE or ENTITY step of the form), else the first such step. */
export function pickStep(steps: StepWithFields[], stepId: string | undefined): StepWithFields {
  const found = stepId ? steps.find((s) => s.step.id === stepId) : steps[0];
  if (!found) {
    throw validationError([
      stepId
        ? { key: 'step_id', path: ['step_id'], message: 'Not a template or entity step of this form' }
        : {
            key: 'formbuilder_details_id',
            path: ['formbuilder_details_id'],
            message: 'The form has no template or entity step',
          },
    ]);
  }
  return found;
}

type Column = { text: SQL; kind: 'text' | 'number' | 'time' };

const NUMBER_TYPES = new Set(['NUMBER', 'CURRENCY', 'PERCENTAGE', 'FORMULA', 'AGGREGATE']);

const SYSTEM: Record<(typeof SUBMISSION_SYSTEM_COLUMNS)[number], Column> = {
  status: { text: sql`${formSubmissions.status}`, kind: 'text' },
  filler_name: { text: sql`${formSubmissions.fillerName}`, kind: 'text' },
  filler_email: { text: sql`coalesce(${formSubmissions.fillerEmail}, '')`, kind: 'text' },
  created_at: { text: sql`${formSubmissions.createdAt}`, kind: 'time' },
  submitted_at: { text: sql`${formSubmissions.submittedAt}`, kind: 'time' },
};

function columnOf(data: StepWithFields | null, name: string): Column | null {
  if (name in SYSTEM) return SYSTEM[name as keyof typeof SYSTEM];
  const field = data?.fields.find((f) => f.key === name);
  if (!field) return null;
  return {
    text: sql`(${formSubmissions.values} -> ${data!.step.id}::text ->> ${field.key}::text)`,
    kind: NUMBER_TYPES.has(field.type) ? 'number' : 'text',
  };
}

/** A number from stored text, null for text that is not one (a cast would fail the query). */
const numeric = (text: SQL): SQL =>
  sql`(case when ${text} ~ '^-?[0-9]+(\\.[0-9]+)?$' then (${text})::numeric end)`;

const RANGE = { GREATER_THAN: '>', GREATER_OR_EQUAL: '>=', LESS_THAN: '<', LESS_OR_EQUAL: '<=' } as const;

function ruleSql(
  column: Column,
  rule: TSubmissionFilter,
  fail: (key: string, message: string) => null,
): SQL | null {
  const value = rule.value;
  if (rule.operator === 'IS_EMPTY') return sql`coalesce(${column.text}::text, '') = ''`;
  if (rule.operator === 'IS_NOT_EMPTY') return sql`coalesce(${column.text}::text, '') <> ''`;
  const op = rule.operator in RANGE ? RANGE[rule.operator as keyof typeof RANGE] : null;
  if (column.kind === 'time') {
    const at = typeof value === 'string' ? Date.parse(value) : NaN;
    if (!op) return fail('operator', 'Dates compare as greater or less only');
    if (Number.isNaN(at)) return fail('value', 'Use an ISO date');
    return sql`${column.text} ${sql.raw(op)} ${new Date(at).toISOString()}::timestamptz`;
  }
  const text = String(value);
  if (op) {
    const n = typeof value === 'number' ? value : Number(text);
    if (column.kind === 'number' || (typeof value === 'number' && Number.isFinite(n))) {
      if (!Number.isFinite(n)) return fail('value', 'Use a number');
      return sql`${numeric(column.text)} ${sql.raw(op)} ${n}`;
    }
    return sql`${column.text} ${sql.raw(op)} ${text}`;
  }
  const like = escapeLike(text.toLowerCase());
  switch (rule.operator) {
    case 'EQUALS':
      return sql`lower(${column.text}) = ${text.toLowerCase()}`;
    case 'NOT_EQUALS':
      return sql`coalesce(lower(${column.text}), '') <> ${text.toLowerCase()}`;
    case 'CONTAINS':
      return sql`lower(${column.text}) like ${`%${like}%`}`;
    case 'NOT_CONTAINS':
      return sql`coalesce(lower(${column.text}), '') not like ${`%${like}%`}`;
    default:
      return sql`lower(${column.text}) like ${`${like}%`}`;
  }
}

export type SubmissionQuery = {
  status?: TSubmissionStatus | undefined;
  search?: string | undefined;
  filters?: TSubmissionFilter[];
  match?: 'ALL' | 'ANY';
  sort?: z.output<typeof ZSubmissionSort>[];
};

/** The WHERE and ORDER BY of a data query; 422 `filters.{i}.field|operator|value`, `sort.{i}.field`. */
export function submissionQuerySql(
  form: FormBuilderRow,
  /** The step whose fields filters and sorts may name; null: the system columns only. */
  data: StepWithFields | null,
  query: SubmissionQuery,
): { where: SQL; order: SQL[] } {
  const errors: TValidationDetail[] = [];
  const failAt =
    (path: (string | number)[]) =>
    (key: string, message: string): null => {
      errors.push({ key: [...path, key].join('.'), path: [...path, key], message });
      return null;
    };
  const rules: SQL[] = [];
  (query.filters ?? []).forEach((rule, i) => {
    const column = columnOf(data, rule.field);
    if (!column) {
      failAt(['filters', i])('field', 'Not a field of this step nor a column');
      return;
    }
    const part = ruleSql(column, rule, failAt(['filters', i]));
    if (part) rules.push(part);
  });
  const order: SQL[] = [];
  (query.sort ?? []).forEach((sort, i) => {
    const column = columnOf(data, sort.field);
    if (!column) {
      failAt(['sort', i])('field', 'Not a field of this step nor a column');
      return;
    }
    const expr =
      column.kind === 'number'
        ? numeric(column.text)
        : column.kind === 'time'
          ? column.text
          : sql`lower(${column.text})`;
    order.push(sort.direction === 'desc' ? sql`${expr} desc nulls last` : sql`${expr} asc nulls last`);
  });
  if (errors.length > 0) throw validationError(errors);
  order.push(desc(formSubmissions.createdAt), desc(formSubmissions.id));
  const pattern = query.search ? `%${escapeLike(query.search.toLowerCase())}%` : null;
  const where = and(
    eq(formSubmissions.companyId, form.companyId),
    eq(formSubmissions.formBuilderId, form.id),
    isNull(formSubmissions.deletedAt),
    query.status ? eq(formSubmissions.status, query.status) : undefined,
    pattern
      ? or(
          sql`lower(${formSubmissions.fillerName}) like ${pattern}`,
          sql`lower(coalesce(${formSubmissions.fillerEmail}, '')) like ${pattern}`,
        )
      : undefined,
    rules.length === 0 ? undefined : query.match === 'ANY' ? or(...rules) : and(...rules),
  )!;
  return { where, order };
}

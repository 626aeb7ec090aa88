import { Readable } from 'node:stream';
import { and, desc, eq, lt, or, type SQL } from 'drizzle-orm';
import {
  formatDateTimeIn,
  isTimeZone,
  zoneFromUserTimezoneHeader,
  zoneLabel,
  type TZone,
} from '@esigns/contracts/dates';
import type { TSubmissionStatus } from '@esigns/contracts/form-builders';
import type { TFormField } from '@esigns/contracts/nocode-fields';
import type { Db } from '../../platform/db/database';
import { validationError } from '../../platform/http/app-error';
import type { Platform } from '../../platform/platform';
import { CSV_BOM, csvLine, textOf } from '../exports';
import { findFormBuilder } from '../form-builders';
import type { AccessContext } from '../permissions';
import { formSubmissions } from './schema';
import { dataSteps, pickStep, submissionQuerySql, type StepWithFields } from './template-data-query';

/*
 * `POST /export?tz=`: a form's submissions as a UTF-8 CSV, streamed page by page (500 rows a read,
 * newest first, by keyset), so a form with many submissions never sits in memory whole. Values are
 * written by the exports' one writer (`textOf`, `csvLine` of modules/exports).
 */

const PAGE = 500;

/** `tz`: an IANA zone, or minutes as the `usertimezone` header sends them; else the header; else UTC. */
export function exportZone(tz: string | undefined, header: unknown): TZone {
  if (tz === undefined || tz === '') return zoneFromUserTimezoneHeader(header);
  if (/^[+-]?\d+$/.test(tz)) return zoneFromUserTimezoneHeader(tz);
  if (!isTimeZone(tz))
    throw validationError([{ key: 'tz', path: ['tz'], message: 'Use an IANA time zone or minutes' }]);
  return tz;
}

type Row = {
  id: string;
  status: TSubmissionStatus;
  fillerName: string;
  fillerEmail: string | null;
  values: Record<string, Record<string, unknown>>;
  createdAt: Date;
  submittedAt: Date | null;
};

async function* pages(db: Db, where: SQL): AsyncGenerator<Row[]> {
  let after: { createdAt: Date; id: string } | null = null;
  for (;;) {
    const keyset: SQL | undefined = after
      ? or(
          lt(formSubmissions.createdAt, after.createdAt),
          and(eq(formSubmissions.createdAt, after.createdAt), lt(formSubmissions.id, after.id)),
        )
      : undefined;
    const rows: Row[] = await db
      .select({
        id: formSubmissions.id,
        status: formSubmissions.status,
        fillerName: formSubmissions.fillerName,
        fillerEmail: formSubmissions.fillerEmail,
        values: formSubmissions.values,
        createdAt: formSubmissions.createdAt,
        submittedAt: formSubmissions.submittedAt,
      })
      .from(formSubmissions)
      .where(and(where, keyset))
      .orderBy(desc(formSubmissions.createdAt), desc(formSubmissions.id))
      .limit(PAGE);
    if (rows.length > 0) yield rows;
    if (rows.length < PAGE) return;
    const last = rows[rows.length - 1]!;
    after = { createdAt: last.createdAt, id: last.id };
  }
}

/**
 * The CSV of the company's form (404 for another company's): id, status, filler, times (in `zone`,
 * named in the headers), then every field of every TEMPLATE/ENTITY step, or of `stepId` only.
 */
export async function exportSubmissions(
  platform: Platform,
  access: AccessContext,
  input: {
    formbuilder_details_id: string;
    step_id?: string | undefined;
    status?: TSubmissionStatus | undefined;
  },
  zone: TZone,
): Promise<{ fileName: string; body: Readable }> {
  const db = platform.database.db;
  const form = await findFormBuilder(db, access.companyId, input.formbuilder_details_id);
  const all = await dataSteps(db, form);
  const steps: StepWithFields[] = input.step_id ? [pickStep(all, input.step_id)] : all;
  const { where } = submissionQuerySql(form, null, { status: input.status });
  const zoneName = zoneLabel(new Date(), zone);
  const columns: { header: string; step: string; field: TFormField }[] = steps.flatMap((s) =>
    s.fields.map((field) => ({
      header: steps.length > 1 ? `${s.step.name}: ${field.label || field.key}` : field.label || field.key,
      step: s.step.id,
      field,
    })),
  );
  const when = (value: Date | null) => (value ? formatDateTimeIn(value, { zone }) : '');
  async function* csv(): AsyncGenerator<string> {
    yield `${CSV_BOM}${csvLine(['Submission id', 'Status', 'Name', 'Email', `Created (${zoneName})`, `Submitted (${zoneName})`, ...columns.map((c) => c.header)])}`;
    for await (const rows of pages(db, where)) {
      yield rows
        .map((r) =>
          csvLine([
            r.id,
            r.status,
            r.fillerName,
            r.fillerEmail ?? '',
            when(r.createdAt),
            when(r.submittedAt),
            ...columns.map((c) => textOf(c.field, r.values[c.step]?.[c.field.key], { zone })),
          ]),
        )
        .join('');
    }
  }
  const named = input.step_id && steps[0] ? `${form.name} - ${steps[0].step.name}` : form.name;
  return { fileName: `${named} submissions.csv`, body: Readable.from(csv()) };
}

import { sql, type SQL } from 'drizzle-orm';
import { buildQuery, rowsOfBuilt, type BuiltQuery, type Db } from '../../platform/db/database';
import { rowFromJson } from '../../platform/db/json-rows';
import { formSubmissionEvents, formSubmissions, formSubmissionSteps } from './schema';
import type { StepRow, SubmissionRow } from './submission-store';

/*
 * The fill side's common writes in ONE statement each (data-modifying CTEs, atomic as a
 * transaction): the submission row written, its steps' progress and its history events. A write
 * on an existing submission is a compare-and-set on the `version` the caller read: when another
 * write moved it (or its status changed, or it was deleted), nothing is written and the caller
 * takes its locked path, which reads the row again under the lock. The statements are built once
 * (their text fixed, values as placeholders).
 */

export type StepProgressWrite = {
  stepId: string;
  status: 'SAVED' | 'COMPLETED' | 'SKIPPED';
  completedAt: Date | null;
};
export type EventWrite = { event: string; details: Record<string, unknown> };
type Write = {
  steps: StepProgressWrite[];
  events: EventWrite[];
  actor: string;
  ip: string | null;
  now: Date;
};

type Written = { row: SubmissionRow; steps: StepRow[] };

const p = (name: string) => sql.placeholder(name);

/**
 * `head` writes (inserts or updates) at most one submission row, returning it; the steps'
 * progress is upserted (the record an ENTITY step wrote and a DOCUMENT step's document are kept)
 * and the events inserted, in the given order, only when it did. Events carry the database's time
 * (as `recordEvent`), a microsecond apart so the history keeps their order.
 */
function withTail(head: SQL): BuiltQuery {
  const st = formSubmissionSteps;
  const ev = formSubmissionEvents;
  return buildQuery(sql`with u as (${head}),
    st as (
      insert into ${st} (submission_id, step_id, status, completed_at, updated_at)
      select u.id, w.step_id::uuid, w.status, w.completed_at::timestamptz, ${p('now')}::timestamptz
      from u cross join jsonb_to_recordset(${p('steps')}::jsonb) as w(step_id text, status text, completed_at text)
      on conflict (submission_id, step_id) do update
        set status = excluded.status, completed_at = excluded.completed_at, updated_at = excluded.updated_at
      returning *
    ),
    ev as (
      insert into ${ev} (submission_id, event, actor, details, ip, created_at)
      select u.id, e.event, ${p('actor')}::text, e.details, ${p('ip')}::text, now() + e.n * interval '1 microsecond'
      from u cross join jsonb_to_recordset(${p('events')}::jsonb) as e(event text, details jsonb, n int)
    )
    select to_jsonb(u) as row, (select coalesce(jsonb_agg(to_jsonb(st)), '[]'::jsonb) from st) as steps from u`);
}

const s = formSubmissions;
let built: Record<'save' | 'start' | 'submit', BuiltQuery> | null = null;
const statements = () =>
  (built ??= {
    save: withTail(sql`update ${s} set values = ${p('values')}::jsonb, version = version + 1,
        updated_at = ${p('now')}::timestamptz
      where id = ${p('id')}::uuid and version = ${p('version')}::int and status in ('DRAFT', 'SENT_BACK')
        and deleted_at is null
      returning *`),
    submit: withTail(sql`update ${s} set status = 'SUBMITTED', values = ${p('values')}::jsonb,
        version = version + 1, updated_at = ${p('now')}::timestamptz, submitted_at = ${p('now')}::timestamptz,
        current_level = null
      where id = ${p('id')}::uuid and version = ${p('version')}::int and status = 'DRAFT' and deleted_at is null
      returning *`),
    start: withTail(sql`insert into ${s} (company_id, form_builder_id, form_version, status, filler_kind,
        filler_id, filler_email, filler_name, created_by, values, version, updated_at)
      values (${p('company_id')}::uuid, ${p('form_id')}::uuid, ${p('form_version')}::int, 'DRAFT',
        ${p('filler_kind')}, ${p('filler_id')}::uuid, ${p('filler_email')}, ${p('filler_name')},
        ${p('created_by')}::uuid, ${p('values')}::jsonb, 2, ${p('now')}::timestamptz)
      returning *`),
  });

async function run(
  db: Pick<Db, 'execute'>,
  query: BuiltQuery,
  head: Record<string, unknown>,
  write: Write,
): Promise<Written | null> {
  const [out] = await rowsOfBuilt<{ row: Record<string, unknown>; steps: Record<string, unknown>[] }>(
    db,
    query,
    {
      ...head,
      now: write.now.toISOString(),
      actor: write.actor,
      ip: write.ip,
      steps: JSON.stringify(
        write.steps.map((st) => ({
          step_id: st.stepId,
          status: st.status,
          completed_at: st.completedAt?.toISOString() ?? null,
        })),
      ),
      events: JSON.stringify(write.events.map((e, n) => ({ ...e, n }))),
    },
  );
  if (!out) return null;
  return {
    row: rowFromJson(formSubmissions, out.row),
    steps: out.steps.map((st) => rowFromJson(formSubmissionSteps, st)),
  };
}

type StepWrite = { step: StepProgressWrite; event: EventWrite; actor: string; ip: string | null; now: Date };

/**
 * A step saved on a DRAFT or SENT_BACK submission still at the version read (`row`); null when it
 * moved (take the locked path).
 */
export function saveStepAt(
  db: Db,
  row: SubmissionRow,
  values: SubmissionRow['values'],
  write: StepWrite,
): Promise<Written | null> {
  const head = { id: row.id, version: row.version, values: JSON.stringify(values) };
  return run(db, statements().save, head, { ...write, steps: [write.step], events: [write.event] });
}

/** What a new submission is made of (its filler and the form's version). */
export type NewSubmission = Pick<
  SubmissionRow,
  'companyId' | 'formBuilderId' | 'formVersion' | 'fillerKind' | 'fillerId' | 'fillerEmail' | 'fillerName'
> & { createdBy?: string | null };

/**
 * A new DRAFT with its first step saved, events STARTED then the step's: as the locked path
 * leaves it (inserted at version 1, then the step's save: version 2).
 */
export async function startWithStep(
  db: Db,
  insert: NewSubmission,
  values: SubmissionRow['values'],
  write: StepWrite,
): Promise<Written> {
  const head = {
    company_id: insert.companyId,
    form_id: insert.formBuilderId,
    form_version: insert.formVersion,
    filler_kind: insert.fillerKind,
    filler_id: insert.fillerId,
    filler_email: insert.fillerEmail,
    filler_name: insert.fillerName,
    created_by: insert.createdBy ?? null,
    values: JSON.stringify(values),
  };
  const started = { event: 'STARTED', details: {} };
  const written = await run(db, statements().start, head, {
    ...write,
    steps: [write.step],
    events: [started, write.event],
  });
  return written!;
}

/**
 * Submits a DRAFT still at the version read: SUBMITTED with `values`, `steps` progress, the
 * event. Null when it moved.
 */
export function submitAt(
  db: Db,
  row: SubmissionRow,
  values: SubmissionRow['values'],
  write: { steps: StepProgressWrite[]; event: EventWrite; actor: string; ip: string | null; now: Date },
): Promise<Written | null> {
  const head = { id: row.id, version: row.version, values: JSON.stringify(values) };
  return run(db, statements().submit, head, { ...write, events: [write.event] });
}

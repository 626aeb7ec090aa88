import { sql, type SQL } from 'drizzle-orm';
import { buildQuery, rowsOfBuilt, type BuiltQuery, type Db } from '../../platform/db/database';
import { rowFromJson } from '../../platform/db/json-rows';
import { templateStampsSql } from '../form-templates';
import {
  guestAndFormOf,
  guestAndFormSql,
  type FormBuilderRow,
  type GuestClaim,
  type GuestIdentity,
} from './builders-port';
import { formApprovals, formSubmissions, formSubmissionSteps } from './schema';
import { EDITABLE_STATUSES } from './step-states';
import type { ApprovalRow, StepRow, SubmissionRow } from './submission-store';

/*
 * What a guest's save or submit needs, read in ONE statement by the route's hook: the guest
 * session (checked against its secret), their form, the submission the route names (or, on the
 * start routes, the draft they would resume) with its step rows and decisions, and the stamps of
 * the form's templates (form-templates keeps their fields in a cache keyed by them). Reads, not
 * locks: the writes check the submission's `version` (or lock it) before they change anything.
 */

/** A submission with what its answer shows. */
export type SubmissionRows = { row: SubmissionRow; steps: StepRow[]; decisions: ApprovalRow[] };

export type GuestFill = {
  guest: GuestIdentity;
  /** The guest's form as stored (any status; null when gone): `liveFormOf` / `publicFormOf` judge it. */
  form: FormBuilderRow | null;
  /** The submission asked for (not yet checked as the guest's own), null when none. */
  submission: SubmissionRows | null;
  /** Template id -> stamp, for the form's TEMPLATE steps (form-templates' `findReadableTemplateAt`). */
  templateStamps: Record<string, string>;
};

/** Which submission to read along: the route's `{id}`, the draft the guest would resume, or none. */
export type FillTarget = { submissionId: string } | 'RESUMABLE' | 'NONE';

const editable = sql.join(
  EDITABLE_STATUSES.map((status) => sql.raw(`'${status}'`)),
  sql`, `,
);

function submissionSql(target: 'ID' | 'RESUMABLE' | 'NONE'): SQL {
  const s = formSubmissions;
  if (target === 'NONE') return sql`select * from ${s} where false`;
  if (target === 'RESUMABLE') {
    // As fill-service's `findResumable` with `fillerMatch` of a guest.
    return sql`select * from ${s} where ${s.formBuilderId} = gf.form_id and ${s.companyId} = gf.company_id
      and ${s.deletedAt} is null and ${s.status} in (${editable})
      and ((${s.fillerKind} in ('GUEST', 'ANONYMOUS') and ${s.fillerId} = gf.guest_id)
        or (gf.contact_id is not null and ${s.fillerKind} = 'CONTACT' and ${s.fillerId} = gf.contact_id))
      order by ${s.updatedAt} desc limit 1`;
  }
  return sql`select * from ${s} where ${s.id} = ${sql.placeholder('submission_id')}::uuid and ${s.deletedAt} is null`;
}

function fillSql(target: 'ID' | 'RESUMABLE' | 'NONE'): BuiltQuery {
  const templateIds = sql`array(select (e->>'template_id')::uuid from jsonb_array_elements(gf.form->'steps') e
    where e->>'type' = 'TEMPLATE' and e->>'template_id' ~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$')`;
  return buildQuery(sql`select gf.guest, gf.form, to_jsonb(s) as submission,
      (select coalesce(jsonb_agg(to_jsonb(st)), '[]'::jsonb) from ${formSubmissionSteps} st
        where st.submission_id = s.id) as steps,
      (select coalesce(jsonb_agg(to_jsonb(a) order by a.decided_at), '[]'::jsonb) from ${formApprovals} a
        where a.submission_id = s.id and a.decision is not null) as decisions,
      ${templateStampsSql(templateIds)} as templates
    from (${guestAndFormSql(sql`${sql.placeholder('guest_id')}`)}) gf
    left join lateral (${submissionSql(target)}) s on true`);
}

/** The three statements, built once. */
let built: Record<'ID' | 'RESUMABLE' | 'NONE', BuiltQuery> | null = null;

type FillRow = {
  guest: unknown;
  form: unknown;
  submission: Record<string, unknown> | null;
  steps: Record<string, unknown>[];
  decisions: Record<string, unknown>[];
  templates: Record<string, string>;
};

/** The guest's fill context (401 as `readGuest` when the claim proves no guest). */
export async function readGuestFill(db: Db, claim: GuestClaim, target: FillTarget): Promise<GuestFill> {
  built ??= { ID: fillSql('ID'), RESUMABLE: fillSql('RESUMABLE'), NONE: fillSql('NONE') };
  const kind = typeof target === 'string' ? target : 'ID';
  const submissionId = typeof target === 'string' ? null : target.submissionId;
  const [row] = await rowsOfBuilt<FillRow>(db, built[kind], {
    guest_id: claim.guestId,
    ...(submissionId ? { submission_id: submissionId } : {}),
  });
  const { guest, form } = guestAndFormOf(claim, row);
  const submission = row?.submission
    ? {
        row: rowFromJson(formSubmissions, row.submission),
        steps: row.steps.map((st) => rowFromJson(formSubmissionSteps, st)),
        decisions: row.decisions.map((a) => rowFromJson(formApprovals, a)),
      }
    : null;
  return { guest, form, submission, templateStamps: row?.templates ?? {} };
}

import { and, asc, count, desc, eq, inArray } from 'drizzle-orm';
import { isUuid } from '@esigns/contracts/ids';
import type { TPageQuery } from '@esigns/contracts/envelope';
import { INTEGRATION_EVENT_LABELS, INTEGRATION_EVENT_TYPES } from '@esigns/contracts/integration-events';
import {
  isRecordEvent,
  PIPELINE_ACTION_LABELS,
  PIPELINE_ACTION_TYPES,
  PIPELINE_CONDITION_OPERATORS,
  PIPELINE_OPERATOR_LABELS,
  type TPipelineEntityActions,
  type TPipelineField,
  type TPipelineRun,
} from '@esigns/contracts/pipelines';
import type { Db } from '../../platform/db/database';
import { notFound } from '../../platform/http/app-error';
import type { Platform } from '../../platform/platform';
import { activeTemplateChoices } from '../documents';
import { entityEmailTemplates } from '../email-templates';
import { loadEntityDefinition, type EntityDefinition } from '../entities';
import type { AccessContext } from '../permissions';
import { activeWorkflowChoices } from '../workflows';
import { queueRerun } from './runs';
import { pipelineRunSteps, pipelineRuns } from './schema';
import { findPipeline } from './service';

/* The run history (paged, with each step), re-runs, and what a pipeline of an entity may use. */

type RunRow = typeof pipelineRuns.$inferSelect;

async function present(db: Db, rows: readonly RunRow[]): Promise<TPipelineRun[]> {
  const steps =
    rows.length === 0
      ? []
      : await db
          .select()
          .from(pipelineRunSteps)
          .where(
            inArray(
              pipelineRunSteps.runId,
              rows.map((r) => r.id),
            ),
          )
          .orderBy(asc(pipelineRunSteps.position));
  return rows.map((run) => ({
    _id: run.id,
    pipeline_id: run.pipelineId,
    event_id: run.eventId,
    event_type: run.event.type,
    subject_id: run.event.subject_id,
    status: run.status,
    note: run.note,
    error: run.error,
    attempts: run.attempts,
    depth: run.depth,
    rerun_of: run.rerunOf,
    created_at: run.createdAt.toISOString(),
    finished_at: run.finishedAt?.toISOString() ?? null,
    steps: steps
      .filter((s) => s.runId === run.id)
      .map((s) => ({
        position: s.position,
        type: s.type,
        status: s.status,
        attempts: s.attempts,
        input: s.input,
        output: s.output,
        error: s.error,
        finished_at: s.finishedAt.toISOString(),
      })),
  }));
}

/** The pipeline's runs, newest first (another company's pipeline: 404). */
export async function listRuns(
  platform: Platform,
  access: AccessContext,
  pipelineId: string,
  query: TPageQuery,
): Promise<{ rows: TPipelineRun[]; total: number }> {
  const db = platform.database.db;
  const pipeline = await findPipeline(db, access.companyId, pipelineId);
  const where = eq(pipelineRuns.pipelineId, pipeline.id);
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(pipelineRuns)
      .where(where)
      .orderBy(desc(pipelineRuns.createdAt), desc(pipelineRuns.id))
      .limit(query.limit)
      .offset((query.page - 1) * query.limit),
    db.select({ n: count() }).from(pipelineRuns).where(where),
  ]);
  return { rows: await present(db, rows), total: total?.n ?? 0 };
}

async function findRun(db: Db, companyId: string, id: string): Promise<RunRow> {
  if (!isUuid(id)) throw notFound('Run');
  const [row] = await db
    .select()
    .from(pipelineRuns)
    .where(and(eq(pipelineRuns.id, id), eq(pipelineRuns.companyId, companyId)));
  if (!row) throw notFound('Run');
  return row;
}

export async function readRun(platform: Platform, access: AccessContext, id: string): Promise<TPipelineRun> {
  const db = platform.database.db;
  const [one] = await present(db, [await findRun(db, access.companyId, id)]);
  return one!;
}

/** `POST .../runs/{run_id}/rerun`: the pipeline (as it is now) run again on the run's stored event. */
export async function rerun(platform: Platform, access: AccessContext, id: string): Promise<TPipelineRun> {
  const db = platform.database.db;
  const previous = await findRun(db, access.companyId, id);
  const [one] = await present(db, [await queueRerun(platform, previous)]);
  return one!;
}

/** The fields of an entity's non-repeatable templates, as merge names. */
function fieldList(def: EntityDefinition): TPipelineField[] {
  return def.templates
    .filter((t) => !t.isRepeatable)
    .flatMap((template) =>
      template.fields.map((field) => {
        const options = (field as { options?: { value: string; label: string }[] }).options;
        return {
          name: `${template.code}.${field.key}`,
          label: field.label,
          type: field.type,
          group: template.name,
          options: Array.isArray(options)
            ? options.map((o) => ({ value: String(o.value), label: o.label }))
            : [],
        };
      }),
    );
}

const RUN_MERGE_FIELDS = [
  { name: 'record.id', label: 'Triggering record id' },
  { name: 'record.entity_id', label: 'Triggering record entity' },
  { name: 'event.id', label: 'Event id' },
  { name: 'event.type', label: 'Event type' },
  { name: 'event.subject_id', label: 'What the event is about (id)' },
  { name: 'data.scheduled_for', label: 'Scheduled time (schedule triggers)' },
  { name: 'step1.record_id', label: 'Record written by action 1' },
  { name: 'step1.document_id', label: 'Document sent by action 1' },
];

/** `GET /automation-pipeline/entity-actions`: triggers, actions, operators; with `entity_id` its fields, templates. */
export async function entityActions(
  platform: Platform,
  access: AccessContext,
  entityId: string | undefined,
): Promise<TPipelineEntityActions> {
  const db = platform.database.db;
  const def = entityId ? await loadEntityDefinition(db, access.companyId, entityId) : null;
  const [templates, workflows, documentTemplates] = await Promise.all([
    def ? entityEmailTemplates(db, access.companyId, def.row.id) : Promise.resolve([]),
    activeWorkflowChoices(db, access.companyId),
    activeTemplateChoices(db, access.companyId),
  ]);
  return {
    triggers: [
      ...INTEGRATION_EVENT_TYPES.map((value) => ({
        value,
        label: INTEGRATION_EVENT_LABELS[value],
        record: isRecordEvent(value),
      })),
      { value: 'schedule' as const, label: 'On a schedule', record: false },
    ],
    actions: PIPELINE_ACTION_TYPES.map((value) => ({ value, label: PIPELINE_ACTION_LABELS[value] })),
    operators: PIPELINE_CONDITION_OPERATORS.map((value) => ({
      value,
      label: PIPELINE_OPERATOR_LABELS[value],
    })),
    fields: def ? fieldList(def) : [],
    merge_fields: RUN_MERGE_FIELDS,
    email_templates: templates.map((t) => ({ value: t.id, label: t.name })),
    workflows: workflows.map((w) => ({ value: w.id, label: w.name })),
    document_templates: documentTemplates.map((t) => ({ value: t.id, label: t.name, roles: t.roles })),
  };
}

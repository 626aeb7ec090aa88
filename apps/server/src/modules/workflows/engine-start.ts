import { and, eq, inArray } from 'drizzle-orm';
import { AppError } from '../../platform/http/app-error';
import type { Platform } from '../../platform/platform';
import { findWorkflowVersion, type WorkflowVersionRow } from './definitions-read';
import { NO_CONTACT } from './engine';
import { nextMove, planStage } from './engine-plan';
import {
  actorOf,
  commitAndSettle,
  prepareStageDocuments,
  type StageStart,
  type StartFailure,
} from './engine-stage';
import { stepsOfInstances } from './presenters';
import { workflowData } from './schema';

/*
 * The start of a chunk of a send's DRAFT instances (at most 50) at once: the instances, their
 * steps and versions read in a few queries, every first stage planned, the documents prepared
 * together (each template and its PDF read once), then ONE transaction that locks the instances
 * still DRAFT and writes all their objects, steps and events with multi-row inserts
 * (`engine-stage.ts`). A rerun after kill -9 finds the started ones IN_PROGRESS and skips them
 * (and a document's `send_key` `workflow:{instance}:{step}` could not be stored twice anyway).
 */

export type ChunkStart = {
  /** Instances whose first stage started now. */
  started: string[];
  /** Instances refused before anything was written (an inactive template, no contact...). */
  failed: StartFailure[];
  /** Instances to start on their own (`advanceInstance`): a definition without steps. */
  alone: string[];
};

/** Starts the DRAFT instances among `ids` together; see the top of this file. */
export async function startInstances(
  platform: Platform,
  ids: readonly string[],
  actorName: string | null,
): Promise<ChunkStart> {
  const db = platform.database.db;
  const out: ChunkStart = { started: [], failed: [], alone: [] };
  if (ids.length === 0) return out;
  const rows = await db
    .select()
    .from(workflowData)
    .where(and(inArray(workflowData.id, [...ids]), eq(workflowData.status, 'DRAFT')));
  const steps = await stepsOfInstances(
    db,
    rows.map((r) => r.id),
  );
  const versions = new Map<string, Promise<WorkflowVersionRow>>();
  const versionOf = (row: (typeof rows)[number]) => {
    let found = versions.get(row.versionId);
    if (!found) {
      found = findWorkflowVersion(db, row.companyId, row.versionId);
      versions.set(row.versionId, found);
    }
    return found;
  };
  const starts: StageStart[] = [];
  for (const instance of rows) {
    try {
      if (!instance.contactId) throw NO_CONTACT();
      const version = await versionOf(instance);
      const own = steps.get(instance.id) ?? [];
      const move = nextMove(own);
      if (move.kind !== 'stage') {
        out.alone.push(instance.id);
        continue;
      }
      const plan = await planStage(db, instance.companyId, version.steps, own, move.stage);
      starts.push({ instance, plan, actor: actorOf(instance), documents: [] });
    } catch (err) {
      if (!(err instanceof AppError) || err.status >= 500) throw err;
      out.failed.push({ id: instance.id, error: err });
    }
  }
  const { ready, failed } = await prepareStageDocuments(platform, starts);
  out.failed.push(...failed);
  out.started = await commitAndSettle(platform, ready, 'DRAFT', actorName);
  return out;
}

import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/test-app';
import { seedCompany, type SeededCompany } from '../../../test/seed-company';
import { pruneOldRuns } from './prune';
import { pipelineCauses, pipelineRunSteps, pipelineRuns, pipelines } from './schema';

/* The daily prune: runs (with their steps) and loop-guard rows older than 90 days go, newer stay. */

let t: TestApp;
let acme: SeededCompany;

beforeAll(async () => {
  t = await buildTestApp();
  acme = await seedCompany(t, { name: 'Acme Sales' });
}, 240_000);
afterAll(async () => {
  await t.close();
});

const DAY = 86_400_000;

describe('pruning old runs', () => {
  it('deletes runs and loop-guard rows older than 90 days, keeps the others', async () => {
    const db = t.platform.database.db;
    const now = new Date();
    const ago = (days: number) => new Date(now.getTime() - days * DAY);
    const [pipeline] = await db
      .insert(pipelines)
      .values({ companyId: acme.companyId, name: 'Old runs', trigger: 'document.sent', actions: [] })
      .returning();
    const run = (days: number) => ({
      companyId: acme.companyId,
      pipelineId: pipeline!.id,
      eventId: crypto.randomUUID(),
      event: { id: crypto.randomUUID(), type: 'document.sent' } as never,
      status: 'SUCCEEDED' as const,
      createdAt: ago(days),
    });
    const [old, edge, recent] = await db
      .insert(pipelineRuns)
      .values([run(120), run(91), run(89)])
      .returning({ id: pipelineRuns.id });
    const ids = [old!.id, edge!.id, recent!.id];
    await db
      .insert(pipelineRunSteps)
      .values(
        ids.map((runId) => ({ runId, position: 0, type: 'call_webhook' as const, status: 'DONE' as const })),
      );
    await db.insert(pipelineCauses).values([
      { companyId: acme.companyId, subjectId: 'a', runId: old!.id, depth: 0, writtenAt: ago(120) },
      // A loop-guard row past the limit whose run is recent goes too; a recent one stays.
      { companyId: acme.companyId, subjectId: 'b', runId: recent!.id, depth: 0, writtenAt: ago(95) },
      { companyId: acme.companyId, subjectId: 'c', runId: recent!.id, depth: 0, writtenAt: ago(1) },
    ]);

    expect(await pruneOldRuns(t.platform, now)).toEqual({ runs: 2, causes: 2 });

    const left = await db
      .select({ id: pipelineRuns.id })
      .from(pipelineRuns)
      .where(inArray(pipelineRuns.id, ids));
    expect(left.map((r) => r.id)).toEqual([recent!.id]);
    const steps = await db
      .select({ runId: pipelineRunSteps.runId })
      .from(pipelineRunSteps)
      .where(inArray(pipelineRunSteps.runId, ids));
    expect(steps.map((s) => s.runId)).toEqual([recent!.id]);
    const causes = await db
      .select({ subjectId: pipelineCauses.subjectId })
      .from(pipelineCauses)
      .where(eq(pipelineCauses.companyId, acme.companyId));
    expect(causes.map((c) => c.subjectId)).toEqual(['c']);
    // Nothing left to prune: a second run deletes nothing.
    expect(await pruneOldRuns(t.platform, now)).toEqual({ runs: 0, causes: 0 });
  });
});

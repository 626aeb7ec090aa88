import type { Db } from '../../platform/db/database';
import { AppError } from '../../platform/http/app-error';
import { deleteDashboard } from '../custom-dashboards';
import { deleteEmailTemplate } from '../email-templates';
import { deleteEntity, loadEntityDefinition } from '../entities';
import { deleteEntityView } from '../entity-views';
import { deleteFormBuilder } from '../form-builders';
import { deleteFormTemplate } from '../form-templates';
import type { AccessContext } from '../permissions';
import { deleteRelationship } from '../relationships';
import { archiveWorkflow, deleteArchivedWorkflow } from '../workflows';
import { removeMenuGroup } from './install';

/*
 * Uninstalling removes what the install created (by its `created` map), newest kinds first,
 * through the owning modules, in the caller's transaction. Something the company deleted already
 * is skipped. `keepRecords`: the entities, their templates and relationships stay (with every
 * record and link); menus, dashboards, workflows, forms, email templates and views go.
 */

/** Runs `remove`, treating "already gone" (404) as done. */
async function gone(remove: () => Promise<unknown>): Promise<void> {
  try {
    await remove();
  } catch (err) {
    if (err instanceof AppError && err.code === 'NOT_FOUND') return;
    throw err;
  }
}

const idsOf = (created: Record<string, string>, prefix: string) =>
  Object.entries(created)
    .filter(([ref]) => ref.startsWith(prefix))
    .map(([ref, id]) => ({ ref, id }))
    .reverse();

export async function uninstallCreated(
  tx: Db,
  access: AccessContext,
  created: Record<string, string>,
  keepRecords: boolean,
): Promise<void> {
  const sp = <T>(run: (db: Db) => Promise<T>) => tx.transaction((inner) => run(inner as unknown as Db));
  for (const { id } of idsOf(created, '@menu:')) {
    const slash = id.indexOf('/');
    await sp((db) => removeMenuGroup(db, access, id.slice(0, slash), id.slice(slash + 1)));
  }
  for (const { id } of idsOf(created, '@dashboard:'))
    await gone(() => sp((db) => deleteDashboard(db, access, id)));
  for (const { id } of idsOf(created, '@workflow:')) {
    await gone(() =>
      sp(async (db) => {
        await archiveWorkflow(db, access, id).catch((err: unknown) => {
          if (!(err instanceof AppError && err.code === 'CONFLICT')) throw err; // archived already
        });
        await deleteArchivedWorkflow(db, access, id).catch((err: unknown) => {
          // Instances still running: it stays archived (no new starts), as the workflows module allows.
          if (!(err instanceof AppError && err.code === 'CONFLICT')) throw err;
        });
      }),
    );
  }
  for (const { id } of idsOf(created, '@form:'))
    await gone(() => sp((db) => deleteFormBuilder(db, access, id)));
  for (const { id } of idsOf(created, '@email_template:'))
    await gone(() => sp((db) => deleteEmailTemplate(db, access, id)));
  for (const { id } of idsOf(created, '@view:'))
    await gone(() => sp((db) => deleteEntityView(db, access, id)));
  if (keepRecords) return;

  const entityIds = idsOf(created, '@entity:').map((e) => e.id);
  for (const { id } of idsOf(created, '@relationship:')) {
    // Either side names it; the first entity of the app still there will do.
    for (const entityId of entityIds) {
      const exists = await loadEntityDefinition(tx, access.companyId, entityId).then(
        () => true,
        () => false,
      );
      if (!exists) continue;
      const done = await sp((db) => deleteRelationship(db, access.companyId, entityId, id)).then(
        () => true,
        (err: unknown) => {
          if (err instanceof AppError && err.code === 'NOT_FOUND') return false;
          throw err;
        },
      );
      if (done) break;
    }
  }
  for (const id of entityIds) await gone(() => sp((db) => deleteEntity(db, access, id, true)));
  for (const { id } of idsOf(created, '@template:'))
    await gone(() => sp((db) => deleteFormTemplate(db, access, id)));
}

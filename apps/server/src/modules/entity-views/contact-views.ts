import type { TRecordPage } from '@esigns/contracts/entities';
import type { TEntityView, TEntityViewConfig, TViewDataQuery } from '@esigns/contracts/entity-views';
import type { Db } from '../../platform/db/database';
import { notFound } from '../../platform/http/app-error';
import type { ContactContext } from '../application-users';
import { contactEntityRules } from '../application-user-permissions';
import { contactRecordsPage } from '../entity-data';
import { configOf, findEntityView, findViewRow } from './service';
import { viewRecordQuery } from './view-data';

/*
 * Entity views in the contact area (`/ap/entity-views/view/{id}`): a contact opens a view of their
 * company through the entities their contact type may read. The type's rules are read first, before
 * any view is: no readable entity, 404. A view shows only its entities the contact may read (none:
 * 404, like another company's view), and its records are the contact's records page (their scope
 * ANDed with the view's filters, so a view never widens it).
 */

/** The entities the contact's type may read records of. */
async function readableEntityIds(db: Db, contact: ContactContext): Promise<Set<string>> {
  const rules = await contactEntityRules(db, contact);
  return new Set(rules.filter((rule) => rule.read).map((rule) => rule.entityId));
}

/** The view's config with only the entities in `readable`, or null when none is. */
function narrowConfig(config: TEntityViewConfig, readable: Set<string>): TEntityViewConfig | null {
  const entities = config.entities.filter((e) => readable.has(e.entity_id));
  return entities.length > 0 ? { ...config, entities } : null;
}

/** `GET /entity-view-configuration/{id}` for a contact: the view narrowed to what they may read. */
export async function contactEntityView(db: Db, contact: ContactContext, id: string): Promise<TEntityView> {
  const readable = await readableEntityIds(db, contact);
  if (readable.size === 0) throw notFound('Entity view');
  const view = await findEntityView(db, contact.companyId, id);
  const config = narrowConfig(view.config, readable);
  if (!config) throw notFound('Entity view');
  return {
    ...view,
    entity_id: config.entities[0]!.entity_id,
    config,
    entities: view.entities.filter((e) => readable.has(e._id)),
  };
}

/**
 * `POST /entities-data/entity/view/data` for a contact: `entity_id` defaults to the first entity
 * they may read; an entity they may not read is 404 (in the view or not).
 */
export async function contactViewRecords(
  db: Db,
  contact: ContactContext,
  query: TViewDataQuery,
): Promise<TRecordPage> {
  const readable = await readableEntityIds(db, contact);
  if (readable.size === 0) throw notFound('Entity view');
  const config = narrowConfig(
    configOf(await findViewRow(db, contact.companyId, query.entity_view_id)),
    readable,
  );
  if (!config) throw notFound('Entity view');
  if (query.entity_id !== undefined && !readable.has(query.entity_id)) throw notFound('Entity');
  const { recordQuery } = await viewRecordQuery(db, contact.companyId, config, query);
  return contactRecordsPage(db, contact, recordQuery);
}

import type { TFilterGroup } from '@esigns/contracts/nocode-filters';
import type { SQL } from 'drizzle-orm';
import type { Db } from '../../platform/db/database';
import type { PublishInput } from '../../platform/events/event-bus';
import type { EntityDefinition } from '../entities';
import type { AccessContext } from '../permissions';
import type { RecordRow } from './service';

/*
 * What modules above entity-data add to record reads. Records come before saved filters and
 * relationships (module-order.json), so this module cannot call them: each registers here at
 * start-up (app.ts, before any route runs).
 */

/** Fills the AGGREGATE fields of a page of records (relationships). */
export type AggregateFiller = <T extends Pick<RecordRow, 'id' | 'values'>>(
  db: Db,
  def: EntityDefinition,
  rows: T[],
) => Promise<T[]>;

/**
 * The filter group of one of the entity's saved filters the caller may use (a shared one or their
 * own), or null (entity-filters).
 */
export type SavedFilterReader = (
  db: Db,
  access: AccessContext,
  entityId: string,
  filterId: string,
) => Promise<TFilterGroup | null>;

let aggregates: AggregateFiller | null = null;
let savedFilters: SavedFilterReader | null = null;

export function registerAggregateFiller(fill: AggregateFiller): void {
  aggregates = fill;
}

export function registerSavedFilterReader(read: SavedFilterReader): void {
  savedFilters = read;
}

const missing = (what: string) => new Error(`No module registered ${what} with entity-data (app.ts)`);

export function fillAggregates<T extends Pick<RecordRow, 'id' | 'values'>>(
  db: Db,
  def: EntityDefinition,
  rows: T[],
): Promise<T[]> {
  if (!aggregates) throw missing('the aggregate filler');
  return aggregates(db, def, rows);
}

export function readSavedFilter(...args: Parameters<SavedFilterReader>): Promise<TFilterGroup | null> {
  if (!savedFilters) throw missing('the saved filter reader');
  return savedFilters(...args);
}

/**
 * A condition true when the record whose id is `recordId` (a column) is linked to the record
 * `otherId` by a relationship, either side (relationships): the contact area's OWN scope.
 */
export type RecordLinkCondition = (recordId: SQL, otherId: string) => SQL;

let recordLinks: RecordLinkCondition | null = null;

export function registerRecordLinkCondition(condition: RecordLinkCondition): void {
  recordLinks = condition;
}

export function recordLinkCondition(recordId: SQL, otherId: string): SQL {
  if (!recordLinks) throw missing('the record link condition');
  return recordLinks(recordId, otherId);
}

/**
 * Publishes record events (`record.created|updated|deleted`) in the transaction of the change
 * (platform.events, registered with the platform of the process before its queue starts:
 * src/module-hooks.ts), so that webhooks and pipelines hear of every record written one by one or
 * in API batches. Imports publish none (one bulk change: entity-data/README.md "Record events").
 */
export type RecordEventPublisher = (tx: Db, events: PublishInput[]) => Promise<void>;

let recordEvents: RecordEventPublisher | null = null;

export function registerRecordEventPublisher(publish: RecordEventPublisher): void {
  recordEvents = publish;
}

export function publishRecordEvents(tx: Db, events: PublishInput[]): Promise<void> {
  if (!recordEvents) throw missing('the record event publisher');
  return events.length === 0 ? Promise.resolve() : recordEvents(tx, events);
}

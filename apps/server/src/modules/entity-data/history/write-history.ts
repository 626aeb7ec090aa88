import type {
  TRecordHistoryAction,
  TStoredFieldChange,
  TStoredHistoryChanges,
} from '@esigns/contracts/record-history';
import type { Db } from '../../../platform/db/database';
import type { EntityTemplateDef } from '../../entities';
import { entityDataHistory } from './schema';

/*
 * Writing a record's history: called by the writes of records and entries inside their own
 * transaction, one INSERT per call whatever the number of rows (bulk update writes one row per
 * record through `updateRecord`; several entries added at once, one row each in one statement).
 */

/** Fields whose values are computed on read (never stored, so never a change). */
const READ_ONLY = new Set(['AGGREGATE', 'GLOBAL_VARIABLE']);

const isEmpty = (value: unknown) =>
  value === undefined || value === null || value === '' || (Array.isArray(value) && value.length === 0);

/** Equal JSON values, whatever the order of object keys (JSONB reorders them). */
export function sameValue(a: unknown, b: unknown): boolean {
  if (isEmpty(a) && isEmpty(b)) return true;
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a) && Array.isArray(b))
    return a.length === b.length && a.every((item, i) => sameValue(item, b[i]));
  const ka = Object.keys(a as object);
  const kb = Object.keys(b as object);
  if (ka.length !== kb.length) return false;
  return ka.every((key) =>
    sameValue((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key]),
  );
}

/** The fields of one template whose value differs between `before` and `after`, in the template's order. */
export function fieldChanges(
  template: EntityTemplateDef | undefined,
  templateId: string,
  before: Record<string, unknown> | undefined,
  after: Record<string, unknown> | undefined,
): TStoredFieldChange[] {
  const changes: TStoredFieldChange[] = [];
  for (const field of template?.fields ?? []) {
    if (READ_ONLY.has(field.type)) continue;
    const old = before?.[field.key];
    const now = after?.[field.key];
    if (sameValue(old, now)) continue;
    changes.push({
      template_id: templateId,
      key: field.key,
      label: field.label || field.key,
      type: field.type,
      before: old ?? null,
      after: now ?? null,
    });
  }
  return changes;
}

export type HistoryRow = {
  companyId: string;
  entityId: string;
  entityDataId: string;
  userId: string | null;
  action: TRecordHistoryAction;
  changes: TStoredHistoryChanges;
};

/** Inserts history rows in one statement (nothing for none). Call it inside the change's transaction. */
export async function writeHistory(tx: Db, rows: HistoryRow[]): Promise<void> {
  if (rows.length === 0) return;
  await tx.insert(entityDataHistory).values(rows);
}

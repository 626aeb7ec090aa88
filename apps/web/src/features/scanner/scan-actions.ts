import { splitFieldRef } from '@esigns/contracts/nocode-filters';
import { fetchRecords, updateRecordTemplate } from '../entities/entities-api';
import { recordPath } from '../entities/paths';
import {
  checkInValue,
  isNumericCode,
  readCode,
  recentCheckIn,
  type CheckIn,
  type RecordRef,
} from './scan-rules';
import type { ScannerSettings } from './scanner-settings';

/** A field of the chosen entity as the scanner needs it (features/entities' TemplateField). */
export type ScanField = { ref: string; type: string };

/*
 * What one scan does, by mode (scanner-settings.ts): the decision over `scan-rules.ts`, with the
 * two calls it may need passed in (`ScanDeps`), so the rules are tested without a server.
 */

export type FoundRecord = RecordRef & { title: string };

export type ScanOutcome =
  | { kind: 'open'; path: string }
  | { kind: 'external'; url: string }
  | { kind: 'not-a-link'; code: string }
  | { kind: 'choose'; code: string; records: FoundRecord[]; total: number; purpose: 'open' | 'checkin' }
  | { kind: 'none'; code: string; message: string }
  | { kind: 'checked-in'; entry: CheckIn }
  | { kind: 'confirm-again'; record: RecordRef; last: CheckIn }
  | { kind: 'needs-setup'; message: string }
  | { kind: 'error'; message: string };

export type ScanDeps = {
  /** Records of the entity whose lookup field equals the code (first page). */
  findRecords: (
    entityId: string,
    lookupRef: string,
    code: string,
  ) => Promise<{ records: FoundRecord[]; total: number }>;
  /** Writes the check-in value into the stamp field; answers the record as saved. */
  writeCheckIn: (record: RecordRef, stampRef: string, value: string) => Promise<FoundRecord>;
  now: () => Date;
};

export type ScanContext = {
  settings: ScannerSettings;
  origin: string;
  /** This session's check-ins, newest first. */
  history: readonly CheckIn[];
  /** The type of the lookup field (mode find or check-in), when known. */
  lookupType: string | null;
  /** The type of the check-in field, when it is a date or date-time field. */
  stampType: 'DATE' | 'DATE_TIME' | null;
};

/** The entity whose fields a scan needs in the current mode (find, check-in), or null. */
export function scanEntityOf(settings: ScannerSettings): string | null {
  if (settings.mode === 'checkin') return settings.checkin.entityId;
  if (settings.mode === 'find') return settings.find.entityId;
  return null;
}

/**
 * The context of a scan: the kept choices with the types of their fields, read from `fields` (the
 * chosen entity's fields, loaded). `title` is the record title, a text.
 */
export function scanContextOf(
  settings: ScannerSettings,
  fields: readonly ScanField[],
  history: readonly CheckIn[],
  origin: string,
): ScanContext {
  const typeOf = (ref: string | null) =>
    ref === 'title' ? 'SINGLE_LINE_TEXT' : (fields.find((f) => f.ref === ref)?.type ?? null);
  const lookupRef = settings.mode === 'checkin' ? settings.checkin.lookupRef : settings.find.lookupRef;
  const stampType = typeOf(settings.checkin.stampRef);
  return {
    settings,
    origin,
    history,
    lookupType: typeOf(lookupRef),
    stampType: stampType === 'DATE' || stampType === 'DATE_TIME' ? stampType : null,
  };
}

export const MAX_MATCHES = 20;

const NUMERIC_TYPES = new Set(['NUMBER', 'CURRENCY', 'PERCENTAGE', 'AUTO_INCREMENT']);

async function lookUp(
  code: string,
  entityId: string,
  lookupRef: string,
  ctx: ScanContext,
  deps: ScanDeps,
): Promise<{ records: FoundRecord[]; total: number }> {
  // A number field refuses a non-number value (422): no record can match it anyway.
  if (ctx.lookupType && NUMERIC_TYPES.has(ctx.lookupType) && !isNumericCode(code))
    return { records: [], total: 0 };
  return deps.findRecords(entityId, lookupRef, code);
}

/** Checks the record in, unless it was checked in this session within a minute (then asks, unless `again`). */
export async function checkIn(
  record: RecordRef,
  ctx: ScanContext,
  deps: ScanDeps,
  again = false,
): Promise<ScanOutcome> {
  const { stampRef } = ctx.settings.checkin;
  if (!stampRef || !ctx.stampType)
    return { kind: 'needs-setup', message: 'Choose the date field a check-in sets.' };
  const now = deps.now();
  const last = recentCheckIn(ctx.history, record.recordId, now);
  if (last && !again) return { kind: 'confirm-again', record, last };
  const saved = await deps.writeCheckIn(record, stampRef, checkInValue(ctx.stampType, now));
  return { kind: 'checked-in', entry: { ...record, title: saved.title, at: now.toISOString() } };
}

/** The outcome of scanning (or typing) `raw` in the current mode. */
export async function handleScan(raw: string, ctx: ScanContext, deps: ScanDeps): Promise<ScanOutcome> {
  const target = readCode(raw, ctx.origin);
  if (target.kind === 'external') return { kind: 'external', url: target.url };
  const { mode } = ctx.settings;
  if (mode === 'open')
    return target.kind === 'app'
      ? { kind: 'open', path: target.path }
      : { kind: 'not-a-link', code: target.text };

  if (mode === 'find') {
    if (target.kind === 'app') return { kind: 'open', path: target.path };
    const { entityId, lookupRef } = ctx.settings.find;
    if (!entityId || !lookupRef)
      return { kind: 'needs-setup', message: 'Choose the entity and the field codes are looked up in.' };
    const found = await lookUp(target.text, entityId, lookupRef, ctx, deps);
    if (found.records.length === 1) {
      const [only] = found.records as [FoundRecord];
      return { kind: 'open', path: recordPath(only.entityId, only.recordId, 'view') };
    }
    if (found.records.length === 0)
      return { kind: 'none', code: target.text, message: 'No record has this code.' };
    return { kind: 'choose', code: target.text, records: found.records, total: found.total, purpose: 'open' };
  }

  const { entityId, lookupRef } = ctx.settings.checkin;
  if (!entityId) return { kind: 'needs-setup', message: 'Choose the entity whose records check in.' };
  if (target.kind === 'app') {
    if (target.record?.entityId === entityId) return checkIn(target.record, ctx, deps);
    return { kind: 'none', code: target.path, message: 'This link is not a record of the chosen entity.' };
  }
  if (!lookupRef) {
    return {
      kind: 'needs-setup',
      message: "Scan a record's QR code, or choose the field codes are looked up in.",
    };
  }
  const found = await lookUp(target.text, entityId, lookupRef, ctx, deps);
  if (found.records.length === 1) return checkIn(found.records[0]!, ctx, deps);
  if (found.records.length === 0)
    return { kind: 'none', code: target.text, message: 'No record has this code.' };
  return {
    kind: 'choose',
    code: target.text,
    records: found.records,
    total: found.total,
    purpose: 'checkin',
  };
}

/** The real calls: the records list filtered on the field, and the record's one-template update. */
export const SCAN_CALLS: Omit<ScanDeps, 'now'> = {
  async findRecords(entityId, lookupRef, code) {
    const page = await fetchRecords({
      entity_id: entityId,
      page: 1,
      limit: MAX_MATCHES,
      filters: { match: 'ALL', rules: [{ field: lookupRef, operator: 'EQUALS', value: code }] },
    });
    return {
      records: page.data.map((r) => ({ entityId: r.entity_id, recordId: r._id, title: r.title })),
      total: page.total,
    };
  },
  async writeCheckIn(record, stampRef, value) {
    const field = splitFieldRef(stampRef);
    if (!field) throw new Error('Choose a date field of a template for check-ins.');
    const saved = await updateRecordTemplate(record.recordId, field.templateId, { [field.key]: value });
    return { entityId: saved.entity_id, recordId: saved._id, title: saved.title };
  },
};

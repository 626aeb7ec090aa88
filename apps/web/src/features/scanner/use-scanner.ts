import { useCallback, useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { errorText } from '../../shared/ui/page-kit';
import { useTemplateFields } from '../entities/entities-api';
import { SCAN_CALLS, checkIn, handleScan, type ScanContext, type ScanOutcome } from './scan-actions';
import type { CheckIn, RecordRef } from './scan-rules';
import type { ScannerSettings } from './scanner-settings';

const deps = { ...SCAN_CALLS, now: () => new Date() };

/**
 * The scanner's state: the last outcome, this session's check-ins (newest first), and `scan` for
 * every source. A link of this app opens at once; the rest is shown by `ScanResult`.
 */
export function useScanner(settings: ScannerSettings) {
  const navigate = useNavigate();
  const entityId = settings.mode === 'checkin' ? settings.checkin.entityId : settings.find.entityId;
  const fields = useTemplateFields(entityId ?? '');
  const [outcome, setOutcome] = useState<ScanOutcome | null>(null);
  const [history, setHistory] = useState<CheckIn[]>([]);
  const [busy, setBusy] = useState(false);
  const busyRef = useRef(false);

  const fieldList = entityId ? (fields.data ?? []) : [];
  const typeOf = (ref: string | null) =>
    ref === 'title' ? 'SINGLE_LINE_TEXT' : (fieldList.find((f) => f.ref === ref)?.type ?? null);
  const lookupRef = settings.mode === 'checkin' ? settings.checkin.lookupRef : settings.find.lookupRef;
  const stampType = typeOf(settings.checkin.stampRef);
  const ctx: ScanContext = {
    settings,
    origin: window.location.origin,
    history,
    lookupType: typeOf(lookupRef),
    stampType: stampType === 'DATE' || stampType === 'DATE_TIME' ? stampType : null,
  };
  const ctxRef = useRef(ctx);
  useEffect(() => {
    ctxRef.current = ctx;
  });

  const run = useCallback(
    async (work: (current: ScanContext) => Promise<ScanOutcome>) => {
      // One scan at a time: a camera keeps reading while a lookup is on its way.
      if (busyRef.current) return;
      busyRef.current = true;
      setBusy(true);
      try {
        const next = await work(ctxRef.current);
        if (next.kind === 'checked-in') setHistory((list) => [next.entry, ...list]);
        if (next.kind === 'open') void navigate(next.path);
        else setOutcome(next);
      } catch (error) {
        setOutcome({ kind: 'error', message: errorText(error) });
      } finally {
        busyRef.current = false;
        setBusy(false);
      }
    },
    [navigate],
  );

  const scan = useCallback((code: string) => void run((c) => handleScan(code, c, deps)), [run]);
  /** Check in a record picked from several matches, or again after being asked. */
  const checkInRecord = useCallback(
    (record: RecordRef, again: boolean) => void run((c) => checkIn(record, c, deps, again)),
    [run],
  );

  return { outcome, history, busy, fields: fieldList, scan, checkInRecord, dismiss: () => setOutcome(null) };
}

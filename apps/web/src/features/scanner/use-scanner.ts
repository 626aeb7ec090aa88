import { useCallback, useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { errorText } from '../../shared/ui/page-kit';
import { ENTITY_KEYS, fetchTemplateFields, useTemplateFields } from '../entities/entities-api';
import {
  SCAN_CALLS,
  checkIn,
  handleScan,
  scanContextOf,
  scanEntityOf,
  type ScanContext,
  type ScanOutcome,
} from './scan-actions';
import type { CheckIn, RecordRef } from './scan-rules';
import type { ScannerSettings } from './scanner-settings';

const deps = { ...SCAN_CALLS, now: () => new Date() };

/**
 * The scanner's state: the last outcome, this session's check-ins (newest first), and `scan` for
 * every source. A link of this app opens at once; the rest is shown by `ScanResult`.
 */
export function useScanner(settings: ScannerSettings) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  // The panel shows the fields of the entity of "Find a record" or "Check in".
  const entityId = settings.mode === 'checkin' ? settings.checkin.entityId : settings.find.entityId;
  const fields = useTemplateFields(entityId ?? '');
  const [outcome, setOutcome] = useState<ScanOutcome | null>(null);
  const [history, setHistory] = useState<CheckIn[]>([]);
  const [busy, setBusy] = useState(false);
  const busyRef = useRef(false);
  const latest = useRef({ settings, history });
  useEffect(() => {
    latest.current = { settings, history };
  });

  /**
   * The context of a scan made now. The types of the chosen fields decide what a scan does (a
   * number field, the check-in value), and just after the screen opened with kept choices they may
   * still be on their way: the scan waits for them (the screen's own query, or a new load when it
   * failed) instead of being handled as if no field were chosen.
   */
  const currentContext = useCallback(async (): Promise<ScanContext> => {
    const chosen = latest.current.settings;
    const entity = scanEntityOf(chosen);
    const loaded = entity
      ? await queryClient.ensureQueryData({
          queryKey: ENTITY_KEYS.fields(entity),
          queryFn: ({ signal }) => fetchTemplateFields(entity, signal),
        })
      : [];
    return scanContextOf(chosen, loaded, latest.current.history, window.location.origin);
  }, [queryClient]);

  /** Runs one scan; false (nothing done) while another is on its way: the source offers it again. */
  const run = useCallback(
    (work: (current: ScanContext) => Promise<ScanOutcome>): boolean => {
      // One scan at a time: a camera keeps reading while a lookup is on its way.
      if (busyRef.current) return false;
      busyRef.current = true;
      setBusy(true);
      void (async () => {
        try {
          const next = await work(await currentContext());
          if (next.kind === 'checked-in') setHistory((list) => [next.entry, ...list]);
          if (next.kind === 'open') void navigate(next.path);
          else setOutcome(next);
        } catch (error) {
          setOutcome({ kind: 'error', message: errorText(error) });
        } finally {
          busyRef.current = false;
          setBusy(false);
        }
      })();
      return true;
    },
    [navigate, currentContext],
  );

  /** A scanned or typed code: true when taken, false while another scan is on its way. */
  const scan = useCallback((code: string) => run((c) => handleScan(code, c, deps)), [run]);
  /** Check in a record picked from several matches, or again after being asked. */
  const checkInRecord = useCallback(
    (record: RecordRef, again: boolean) => void run((c) => checkIn(record, c, deps, again)),
    [run],
  );

  const fieldList = entityId ? (fields.data ?? []) : [];
  return { outcome, history, busy, fields: fieldList, scan, checkInRecord, dismiss: () => setOutcome(null) };
}

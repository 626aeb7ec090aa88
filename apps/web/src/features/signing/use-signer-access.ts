import { useEffect, useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import { setDefaultDateFormat } from '../../shared/format/date';
import {
  isContactSession,
  isSignedIn,
  useSession,
  type SessionState,
} from '../../shared/session/session-store';
import { fetchESignRecord, SIGNING_KEYS, type SignerAccess } from './signing-api';
import { readSignerCredentials, type SignerCredentials } from './signer-credentials';

/**
 * How this tab proves the recipient: the link's credentials stored for the document, else a
 * signed-in account (the server accepts a user whose email is the recipient's). `canCall` is false
 * when there is neither: the visitor must open the link from their mail.
 */
export function useSignerAccess(
  documentId: string,
  options: { credentials?: SignerCredentials | null; userId?: string } = {},
): { access: SignerAccess; canCall: boolean } {
  const signedIn = useSession(isSignedIn);
  const given = options.credentials;
  const userId = options.userId;
  const access = useMemo<SignerAccess>(() => {
    const stored = given === undefined ? readSignerCredentials(documentId) : given;
    const credentials = stored && (!userId || stored.user_id === userId) ? stored : null;
    return { documentId, credentials, ...(userId ? { userId } : {}) };
  }, [documentId, given, userId]);
  return { access, canCall: access.credentials !== null || signedIn };
}

/** The recipient's e-sign record (fetched once per visit; the signing view keeps its own state). */
export function useESignRecord(access: SignerAccess, enabled: boolean) {
  const record = useQuery({
    queryKey: SIGNING_KEYS.record(access.documentId),
    queryFn: ({ signal }) => fetchESignRecord(access, signal),
    enabled,
    retry: false,
    refetchOnWindowFocus: false,
    staleTime: 0,
  });
  useCompanyDateFormat(record.data?.company_dates.format);
  return record;
}

const isStaff = (state: SessionState): boolean =>
  isSignedIn(state) && !isContactSession(state) && Boolean(state.user?._id);

/**
 * A signer without an account reads the signing screens' dates in the company's format (the
 * record's `company_dates`, ARCHITECTURE.md "Dates"); a signed-in user of the app keeps their own.
 * Applied while the caller renders (idempotent), so the screens below use it from the first paint,
 * and forgotten when the screen goes.
 */
export function useCompanyDateFormat(format: string | undefined): void {
  const staff = useSession(isStaff);
  const applied = staff ? null : (format ?? null);
  if (applied) setDefaultDateFormat(applied);
  useEffect(() => {
    if (!applied) return undefined;
    setDefaultDateFormat(applied);
    return () => setDefaultDateFormat(null);
  }, [applied]);
}

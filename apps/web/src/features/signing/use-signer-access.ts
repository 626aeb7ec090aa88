import { useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import { isSignedIn, useSession } from '../../shared/session/session-store';
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
  return useQuery({
    queryKey: SIGNING_KEYS.record(access.documentId),
    queryFn: ({ signal }) => fetchESignRecord(access, signal),
    enabled,
    retry: false,
    refetchOnWindowFocus: false,
    staleTime: 0,
  });
}

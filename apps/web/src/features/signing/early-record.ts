import type { QueryClient } from '@tanstack/react-query';
import { fetchESignRecord, SIGNING_KEYS } from './signing-api';
import { credentialsFromLink } from './signer-credentials';
import { loadFirstPageImage } from './first-page-image';
import { LANDING_ADDRESS } from './landing-address';

/**
 * Called by boot.tsx before the app renders: on a signing link's landing with the link's (or this
 * tab's) credentials, the recipient's record is asked for at once, while the landing's code still
 * downloads, instead of after it. The landing's query finds the answer (or the call) in the cache.
 * As soon as the record is in, the first page's image is asked for too (when the recipient may act),
 * so that it is there however soon "Review and sign" is pressed.
 */
export function prefetchLandingRecord(
  queryClient: QueryClient,
  location: Pick<Location, 'pathname' | 'search'>,
): Promise<void> | undefined {
  const match = LANDING_ADDRESS.exec(location.pathname);
  if (!match) return;
  let documentId: string;
  let userId: string;
  try {
    documentId = decodeURIComponent(match[1] ?? '');
    userId = decodeURIComponent(match[2] ?? '');
  } catch {
    return; // a damaged address: the landing says what is wrong
  }
  const credentials = credentialsFromLink(documentId, userId, location.search);
  if (!credentials) return;
  const access = { documentId, credentials, userId };
  // Settles (never fails) once the answer is in: a landing the server drew waits for it (boot.tsx).
  return queryClient.prefetchQuery({
    queryKey: SIGNING_KEYS.record(documentId),
    queryFn: async ({ signal }) => {
      const record = await fetchESignRecord(access, signal);
      void loadFirstPageImage(access, record);
      return record;
    },
    retry: false,
  });
}

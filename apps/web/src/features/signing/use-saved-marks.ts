import { useQuery } from '@tanstack/react-query';
import type { TESignRecord } from '@esigns/contracts/signing';
import { useSession } from '../../shared/session/session-store';
import { fetchMark, type MarkKind } from '../profile/profile-api';

export type SavedMarks = { signature: string | null; initial: string | null };

/** A stored picture's address as a data URL (what the signing API takes). */
async function toDataUrl(url: string): Promise<string | null> {
  if (url.startsWith('data:image/')) return url;
  const response = await fetch(url, { credentials: 'same-origin' });
  if (!response.ok) return null;
  const blob = await response.blob();
  if (!['image/png', 'image/jpeg'].includes(blob.type)) return null;
  return new Promise((resolve) => {
    const reader = new FileReader();
    reader.onload = () => resolve(typeof reader.result === 'string' ? reader.result : null);
    reader.onerror = () => resolve(null);
    reader.readAsDataURL(blob);
  });
}

async function loadMark(kind: MarkKind): Promise<string | null> {
  const url = await fetchMark(kind).catch(() => null);
  return url ? toDataUrl(url).catch(() => null) : null;
}

/**
 * The signature and initials saved on the account, offered for adoption: from the e-sign record
 * (a signed-in recipient opening without a link), else from the profile when the signed-in user
 * is the recipient (same email).
 */
export function useSavedMarks(record: TESignRecord): SavedMarks {
  const email = useSession((state) => (state.tokens ? (state.user?.email ?? null) : null));
  const fromRecord = record.saved_signature;
  const isRecipient = Boolean(email) && email?.toLowerCase() === record.recipient.email.toLowerCase();
  const profile = useQuery({
    queryKey: ['signing', 'saved-marks', email],
    queryFn: async () => ({ signature: await loadMark('signature'), initial: await loadMark('initial') }),
    enabled: !fromRecord && isRecipient,
    staleTime: Infinity,
    retry: false,
  });
  if (fromRecord) return fromRecord;
  return profile.data ?? { signature: null, initial: null };
}

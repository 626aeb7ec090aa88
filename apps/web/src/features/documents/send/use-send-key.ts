import { useState } from 'react';

function randomKey(): string {
  if (typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  return `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}-${Math.random().toString(36).slice(2)}`;
}

/**
 * One idempotency key per visit of a send screen: every click and retry of this visit sends the
 * same key, so the server sends the document once however often the answer is lost.
 */
export function useSendKey(): string {
  const [key] = useState(randomKey);
  return key;
}

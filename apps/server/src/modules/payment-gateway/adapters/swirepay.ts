/**
 * SWIREPAY: an adapter slot, not configured (spec 1 §1 names it; no account, keys or API of it are
 * available to this product). `GET /activeSystems` lists it with `configured: false`, accounts of
 * it cannot be added, and nothing starts a payment through it.
 */
export const SWIREPAY = {
  provider: 'SWIREPAY',
  configured: false,
  note: 'Not configured: an adapter slot for a later integration.',
} as const;

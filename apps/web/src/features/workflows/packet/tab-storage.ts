/*
 * Small values kept for this tab only (sessionStorage), with an in-memory copy for browsers that
 * refuse storage (privacy modes): it then lives as long as the page.
 */

const memory = new Map<string, string>();

function storage(): Storage | null {
  try {
    return typeof sessionStorage === 'undefined' ? null : sessionStorage;
  } catch {
    return null;
  }
}

export function writeTabValue(key: string, value: string): void {
  try {
    const store = storage();
    if (store) {
      store.setItem(key, value);
      memory.delete(key);
      return;
    }
  } catch {
    // Quota or privacy errors: the in-memory copy serves this page.
  }
  memory.set(key, value);
}

export function readTabValue(key: string): string | null {
  try {
    const stored = storage()?.getItem(key);
    if (stored) return stored;
  } catch {
    // Blocked storage: fall back to memory.
  }
  return memory.get(key) ?? null;
}

export function removeTabValue(key: string): void {
  memory.delete(key);
  try {
    storage()?.removeItem(key);
  } catch {
    // Nothing to remove.
  }
}

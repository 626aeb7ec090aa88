/*
 * In-process caches of list results that must never outlive a change of what they were read
 * from: each entry is stored with the version of its source (e.g. a company's documents, an
 * entity's records) and answers only while that version is current.
 */

/**
 * A small in-process cache of values that hold for one list version: an entry answers only while
 * the version it was made at is current. Least recently used entries go first once the summed
 * weight (e.g. ids held) passes the budget.
 */
export class VersionedCache<V> {
  private readonly entries = new Map<string, { version: string; value: V; weight: number }>();
  private weight = 0;
  private readonly loading = new Map<string, Promise<V>>();

  constructor(
    private readonly budget: number,
    private readonly maxEntries: number,
  ) {}

  get(key: string, version: string): V | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    this.entries.delete(key);
    if (entry.version !== version) {
      this.weight -= entry.weight;
      return undefined;
    }
    this.entries.set(key, entry);
    return entry.value;
  }

  set(key: string, version: string, value: V, weight = 1): void {
    const old = this.entries.get(key);
    if (old) {
      this.entries.delete(key);
      this.weight -= old.weight;
    }
    if (weight > this.budget) return;
    this.entries.set(key, { version, value, weight });
    this.weight += weight;
    for (const [k, e] of this.entries) {
      if (this.weight <= this.budget && this.entries.size <= this.maxEntries) break;
      this.entries.delete(k);
      this.weight -= e.weight;
    }
  }

  /**
   * The entry of `key` at `version`, else `load()`'s value, stored with `weightOf(value)`. Callers
   * asking for the same key and version while it loads share that one load: after a change, the
   * many requests that find the entry stale at once do not each read the list again.
   */
  getOrLoad(
    key: string,
    version: string,
    load: () => Promise<V>,
    weightOf: (value: V) => number,
  ): Promise<V> {
    const cached = this.get(key, version);
    if (cached !== undefined) return Promise.resolve(cached);
    const flight = `${version}\u0000${key}`;
    let pending = this.loading.get(flight);
    if (!pending) {
      pending = load()
        .then((value) => {
          this.set(key, version, value, weightOf(value));
          return value;
        })
        .finally(() => this.loading.delete(flight));
      this.loading.set(flight, pending);
    }
    return pending;
  }

  clear(): void {
    this.entries.clear();
    this.loading.clear();
    this.weight = 0;
  }
}

/** Record ids (UUIDs) packed 16 bytes each: a 50,000-id snapshot holds 800 kB, not 4 MB of strings. */
export function packIds(ids: string[]): Buffer {
  const out = Buffer.allocUnsafe(ids.length * 16);
  ids.forEach((id, i) => out.write(id.replaceAll('-', ''), i * 16, 16, 'hex'));
  return out;
}

export function unpackIds(packed: Buffer, from: number, to: number): string[] {
  const ids: string[] = [];
  for (let i = from; i < Math.min(to, packed.length / 16); i++) {
    const h = packed.toString('hex', i * 16, i * 16 + 16);
    ids.push(`${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`);
  }
  return ids;
}

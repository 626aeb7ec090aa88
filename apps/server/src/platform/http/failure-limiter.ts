/**
 * Counts failed attempts per key (a client IP) in a sliding window and tells when a key has
 * failed too often. In memory, per process: a bounded map, oldest keys evicted first. Several
 * API nodes each keep their own counts, which only multiplies an attacker's budget by the node
 * count (the secrets it protects have 256 bits).
 */
export class FailureLimiter {
  private readonly entries = new Map<string, { count: number; resetAt: number }>();

  constructor(
    private readonly options: { max: number; windowMs: number; maxKeys?: number },
    private readonly now: () => number = Date.now,
  ) {}

  /** Seconds until `key` may try again, or 0 when it may now. */
  blockedFor(key: string): number {
    const entry = this.entries.get(key);
    if (!entry) return 0;
    const now = this.now();
    if (entry.resetAt <= now) {
      this.entries.delete(key);
      return 0;
    }
    return entry.count >= this.options.max ? Math.ceil((entry.resetAt - now) / 1000) : 0;
  }

  recordFailure(key: string): void {
    const now = this.now();
    const entry = this.entries.get(key);
    if (entry && entry.resetAt > now) {
      entry.count += 1;
      return;
    }
    this.entries.delete(key);
    this.entries.set(key, { count: 1, resetAt: now + this.options.windowMs });
    const maxKeys = this.options.maxKeys ?? 10_000;
    if (this.entries.size > maxKeys) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
  }
}

/**
 * One limiter per owner (a platform: each test app has its own), made on first use: how the link
 * checks (signing, document requests, workflows' user status) keep their failure counts.
 */
export function limiterPerOwner(options: {
  max: number;
  windowMs: number;
}): (owner: object) => FailureLimiter {
  const limiters = new WeakMap<object, FailureLimiter>();
  return (owner) => {
    let limiter = limiters.get(owner);
    if (!limiter) {
      limiter = new FailureLimiter(options);
      limiters.set(owner, limiter);
    }
    return limiter;
  };
}

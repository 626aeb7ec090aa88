import type { FastifyReply, FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import type { Platform } from '../platform';

/**
 * Admission control (README "Admission of busy read routes"): at most `limit` requests inside at
 * once, the others wait their turn in arrival order. Without it, each statement of every request
 * queues at the back of the connection pool's one FIFO queue, behind the statements of every
 * client: a request with N sequential statements waits N times for the whole queue, and they all
 * finish together (seconds with hundreds of answers, then seconds with none).
 */
export class Admission {
  private inside = 0;
  private readonly waiting: Waiter[] = [];
  private head = 0;

  constructor(readonly limit: number) {}

  /** Requests inside and waiting (tests, diagnostics). */
  get counts(): { inside: number; waiting: number } {
    return { inside: this.inside, waiting: this.waiting.length - this.head };
  }

  /** A place inside: at once when one is free, else in arrival order. Call `release` once after. */
  enter(): Waiter {
    const waiter = new Waiter(this);
    if (this.inside < this.limit && this.head === this.waiting.length) {
      this.inside++;
      waiter.admit();
    } else {
      this.waiting.push(waiter);
    }
    return waiter;
  }

  /** Frees a place (or gives it to the next one waiting). */
  release(): void {
    while (this.head < this.waiting.length) {
      const next = this.waiting[this.head]!;
      this.waiting[this.head++] = undefined as unknown as Waiter;
      if (this.head > 1024 && this.head * 2 > this.waiting.length) {
        this.waiting.splice(0, this.head);
        this.head = 0;
      }
      if (next.state === 'waiting') {
        next.admit();
        return;
      }
    }
    this.inside--;
  }
}

export class Waiter {
  state: 'waiting' | 'inside' | 'left' = 'waiting';
  private resolve!: () => void;
  /** Resolves once the request is inside (or left while it waited). */
  readonly admitted = new Promise<void>((resolve) => (this.resolve = resolve));

  constructor(private readonly admission: Admission) {}

  admit(): void {
    this.state = 'inside';
    this.resolve();
  }

  /** The request is over: frees its place, or takes it out of the queue if it never got one. */
  leave(): void {
    if (this.state === 'inside') this.admission.release();
    this.state = 'left';
    this.resolve();
  }
}

const admissions = new WeakMap<Platform, Admission>();

/** This process's admission of busy read routes: twice the connection pool's size inside at once. */
export function admissionOf(platform: Platform): Admission {
  let admission = admissions.get(platform);
  if (!admission) {
    admission = new Admission(2 * platform.config.databasePoolSize);
    admissions.set(platform, admission);
  }
  return admission;
}

/**
 * onRequest hook (first of the route's own hooks, so that the authentication's statements are
 * inside too): waits for a place in the process's admission; the place is freed when the response
 * is over (sent, failed or abandoned by the client: the raw response's `close`). A request whose
 * client leaves while it waits goes on without a place (its answer is written nowhere).
 */
export function admitted(platform: Platform): onRequestAsyncHookHandler {
  return async (_request: FastifyRequest, reply: FastifyReply) => {
    // Already abandoned: its 'close' has gone, a place taken now would never be freed.
    if (reply.raw.closed) return;
    const waiter = admissionOf(platform).enter();
    reply.raw.once('close', () => waiter.leave());
    await waiter.admitted;
  };
}

import { describe, expect, it } from 'vitest';
import { Admission } from './admission';

const settled = async (p: Promise<unknown>): Promise<boolean> => {
  let done = false;
  void p.then(() => (done = true));
  await new Promise((r) => setImmediate(r));
  return done;
};

describe('Admission', () => {
  it('lets `limit` requests in at once and the others in arrival order as places free up', async () => {
    const admission = new Admission(2);
    const [a, b, c, d] = [1, 2, 3, 4].map(() => admission.enter());
    expect(await settled(a!.admitted)).toBe(true);
    expect(await settled(b!.admitted)).toBe(true);
    expect(await settled(c!.admitted)).toBe(false);
    expect(admission.counts).toEqual({ inside: 2, waiting: 2 });
    b!.leave();
    expect(await settled(c!.admitted)).toBe(true);
    expect(await settled(d!.admitted)).toBe(false);
    a!.leave();
    expect(await settled(d!.admitted)).toBe(true);
    c!.leave();
    d!.leave();
    expect(admission.counts).toEqual({ inside: 0, waiting: 0 });
  });

  it('frees a place once however often a request leaves, and skips requests that left while waiting', async () => {
    const admission = new Admission(1);
    const a = admission.enter();
    const b = admission.enter();
    const c = admission.enter();
    b.leave();
    // b left the queue: its promise settles (its request goes on), and it holds no place.
    expect(await settled(b.admitted)).toBe(true);
    a.leave();
    a.leave();
    expect(await settled(c.admitted)).toBe(true);
    expect(admission.counts).toEqual({ inside: 1, waiting: 0 });
    c.leave();
    expect(admission.counts).toEqual({ inside: 0, waiting: 0 });
    // A new request gets in at once.
    expect(await settled(admission.enter().admitted)).toBe(true);
  });
});

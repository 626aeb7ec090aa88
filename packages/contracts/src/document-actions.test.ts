import { describe, expect, it } from 'vitest';
import { availableActions, blockedReason } from './document-actions';

describe('the fixes of a failed seal', () => {
  it('are offered only on a WAITING document whose seal failed', () => {
    const all = () => true;
    const failed = { status: 'WAITING' as const, archived: false, seal_failed: true };
    expect(availableActions(failed, all)).toEqual(expect.arrayContaining(['retry-seal', 'sign-again']));
    for (const subject of [
      { status: 'WAITING' as const, archived: false },
      { status: 'WAITING' as const, archived: false, seal_failed: false },
      { status: 'COMPLETED' as const, archived: false, seal_failed: true },
    ]) {
      expect(availableActions(subject, all)).not.toContain('sign-again');
      expect(availableActions(subject, all)).not.toContain('retry-seal');
    }
    expect(blockedReason('sign-again', { status: 'WAITING', archived: false })).toMatch(/sealing failed/);
  });

  it('follow the permission slugs: asking to sign again needs documents:send', () => {
    const failed = { status: 'WAITING' as const, archived: false, seal_failed: true };
    const viewer = availableActions(failed, (slug) => slug === 'documents:view');
    expect(viewer).toContain('retry-seal');
    expect(viewer).not.toContain('sign-again');
  });
});

import { describe, expect, it } from 'vitest';
import { STATUS_TRANSITIONS, canTransition } from './document-actions';
import {
  DOCUMENT_STATUS_CHANGES,
  DOCUMENT_STATUS_EVENTS,
  HAND_MADE_STATUS_EVENTS,
  NEW_DOCUMENT_STATUSES,
  nextStatuses,
  previousStatuses,
  statusChangeEvent,
  statusChangeRefusal,
} from './document-status';
import { DOCUMENT_STATUSES, type TDocumentStatus } from './documents';

/** Every change of the table as `FROM>TO:event`, sorted. */
const changes = (): string[] =>
  DOCUMENT_STATUSES.flatMap((from) =>
    nextStatuses(from).map((to) => `${from}>${to}:${statusChangeEvent(from, to)}`),
  ).sort();

describe('the document status table', () => {
  it('lists exactly the changes of the lifecycle', () => {
    expect(changes()).toEqual(
      [
        'DRAFT>WAITING:send',
        'WAITING>COMPLETED:complete',
        'WAITING>DECLINED:decline',
        'WAITING>REJECTED:reject',
        'WAITING>VOIDED:void',
        'WAITING>EXPIRED:expire',
        'EXPIRED>WAITING:reopen',
      ].sort(),
    );
  });

  it('has a row for every status and names only known statuses and events', () => {
    expect(Object.keys(DOCUMENT_STATUS_CHANGES).sort()).toEqual([...DOCUMENT_STATUSES].sort());
    for (const from of DOCUMENT_STATUSES) {
      for (const [to, event] of Object.entries(DOCUMENT_STATUS_CHANGES[from])) {
        expect(DOCUMENT_STATUSES).toContain(to);
        expect(DOCUMENT_STATUS_EVENTS).toContain(event);
        expect(to).not.toBe(from);
      }
    }
  });

  it('makes COMPLETED, DECLINED, REJECTED and VOIDED final, and DRAFT reachable only at creation', () => {
    for (const final of ['COMPLETED', 'DECLINED', 'REJECTED', 'VOIDED'] as const) {
      expect(nextStatuses(final)).toEqual([]);
    }
    expect(previousStatuses('DRAFT')).toEqual([]);
    expect(NEW_DOCUMENT_STATUSES).toEqual({ DRAFT: 'create', WAITING: 'send' });
  });

  it('uses every event, and each event leads to one status', () => {
    const used = new Map<string, Set<TDocumentStatus>>();
    for (const from of DOCUMENT_STATUSES) {
      for (const to of nextStatuses(from)) {
        const event = statusChangeEvent(from, to)!;
        used.set(event, (used.get(event) ?? new Set()).add(to));
      }
    }
    for (const event of Object.values(NEW_DOCUMENT_STATUSES)) {
      if (!used.has(event)) used.set(event, new Set());
    }
    expect([...used.keys()].sort()).toEqual([...DOCUMENT_STATUS_EVENTS].sort());
    for (const [event, targets] of used) expect(targets.size, event).toBeLessThanOrEqual(1);
  });

  it('refuses every change it does not list, saying why', () => {
    for (const from of DOCUMENT_STATUSES) {
      for (const to of DOCUMENT_STATUSES) {
        const listed = statusChangeEvent(from, to) !== null;
        expect(statusChangeRefusal(from, to) === null, `${from} -> ${to}`).toBe(listed);
      }
    }
    expect(statusChangeRefusal('WAITING', 'WAITING')).toBe('The document is already WAITING');
    expect(statusChangeRefusal('COMPLETED', 'WAITING')).toBe(
      'A COMPLETED document is final: its status cannot change',
    );
    expect(statusChangeRefusal('DRAFT', 'COMPLETED')).toBe(
      'A DRAFT document cannot become COMPLETED: it can become WAITING',
    );
    expect(statusChangeRefusal('EXPIRED', 'VOIDED')).toBe(
      'An EXPIRED document cannot become VOIDED: it can become WAITING',
    );
  });

  it('gives the action menu its hand-made changes, a part of the lifecycle', () => {
    expect(STATUS_TRANSITIONS).toEqual({
      DRAFT: [],
      WAITING: ['EXPIRED', 'VOIDED'],
      COMPLETED: [],
      DECLINED: [],
      REJECTED: [],
      VOIDED: [],
      EXPIRED: ['WAITING'],
    });
    for (const from of DOCUMENT_STATUSES) {
      for (const to of DOCUMENT_STATUSES) {
        const event = statusChangeEvent(from, to);
        expect(canTransition(from, to), `${from} -> ${to}`).toBe(
          event !== null && HAND_MADE_STATUS_EVENTS.includes(event),
        );
      }
    }
  });
});

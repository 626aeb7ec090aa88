import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { TDocumentLogEntry, TDocumentLogsReply } from '@esigns/contracts/signing';
import { fail, installFakeApi, ok, seedStaffSession } from '../../shared/testing/fake-api';
import { renderWithProviders } from '../../shared/testing/render-with-providers';
import { sessionStore } from '../../shared/session/session-store';
import { DocumentTimeline } from './document-timeline';

const DOC = '0a1b2c3d-0000-4000-8000-00000000e0d1';

afterEach(() => {
  cleanup();
  sessionStore.clear();
  vi.unstubAllGlobals();
});

function entry(seq: number, action: string, overrides: Partial<TDocumentLogEntry> = {}): TDocumentLogEntry {
  return {
    _id: `0a1b2c3d-0000-4000-8000-0000000000${String(seq).padStart(2, '0')}`,
    seq,
    action,
    actor: null,
    recipient: null,
    document_user_id: null,
    details: {},
    ip: null,
    user_agent: null,
    created_at: `2027-01-0${seq}T10:00:00.000Z`,
    hash: 'h'.repeat(64),
    prev_hash: 'p'.repeat(64),
    ...overrides,
  };
}

const RAVI_LABEL = 'Ravi Kumar <ravi@example.com>';

const reply = (overrides: Partial<TDocumentLogsReply> = {}): TDocumentLogsReply => ({
  logs: [
    entry(1, 'document.sent', { actor: 'Ada Lovelace <ada@acme.test>', ip: '10.0.0.1' }),
    entry(2, 'recipient.viewed', { actor: RAVI_LABEL, recipient: RAVI_LABEL, ip: '203.0.113.7' }),
    entry(3, 'recipient.signed', { actor: RAVI_LABEL, recipient: RAVI_LABEL, ip: '203.0.113.7' }),
    entry(4, 'something.new'),
  ],
  chain_ok: true,
  broken_at: null,
  ...overrides,
});

const RAVI = 'Ravi Kumar <ravi@example.com>';
const ADA = 'Ada Lovelace <ada@acme.test>';

describe('DocumentTimeline', () => {
  it("shows a notification under the sender who sent it, with the sender's IP, and in-person signing with its host", async () => {
    seedStaffSession();
    installFakeApi((call) =>
      call.path === `/api/documents/${DOC}/users/logs`
        ? ok(
            reply({
              logs: [
                entry(1, 'recipient.notified', { actor: ADA, recipient: RAVI, ip: '10.0.0.1' }),
                entry(2, 'recipient.link_generated', { actor: ADA, recipient: RAVI, ip: '10.0.0.1' }),
                entry(3, 'recipient.signed_in_person', {
                  actor: RAVI,
                  recipient: RAVI,
                  ip: '10.0.0.9',
                  details: { via: 'HOSTED', hosted_by: ADA },
                }),
              ],
            }),
          )
        : undefined,
    );
    renderWithProviders(<DocumentTimeline documentId={DOC} />);
    const timeline = await screen.findByTestId('document-timeline');
    const items = [...timeline.querySelectorAll('.mantine-Timeline-item')];
    expect(items).toHaveLength(3);
    const [notified, generated, signed] = items.map((item) => item.textContent ?? '');
    expect(notified).toContain('Recipient emailed');
    expect(notified).toContain(ADA);
    expect(notified).toContain(`Recipient: ${RAVI}`);
    expect(notified).toContain('IP 10.0.0.1');
    expect(generated).toContain('Signing link generated for the sender');
    expect(signed).toContain('Signed in person');
    expect(signed).toContain(`In person, hosted by ${ADA}`);
    expect(signed).not.toContain('Recipient:');
  });

  it('shows each event with its label, who, when and IP, and the chain check', async () => {
    seedStaffSession();
    const api = installFakeApi((call) =>
      call.path === `/api/documents/${DOC}/users/logs` ? ok(reply()) : undefined,
    );
    renderWithProviders(<DocumentTimeline documentId={DOC} />);
    const timeline = await screen.findByTestId('document-timeline');
    expect(within(timeline).getByText('Sent')).toBeTruthy();
    expect(within(timeline).getByText('Viewed')).toBeTruthy();
    expect(within(timeline).getByText('Signed')).toBeTruthy();
    expect(within(timeline).getByText('New')).toBeTruthy();
    expect(within(timeline).getAllByText('Ravi Kumar <ravi@example.com>')).toHaveLength(2);
    expect(within(timeline).getAllByText('IP 203.0.113.7')).toHaveLength(2);
    expect(screen.getByTestId('chain-badge').textContent).toBe('Chain verified');
    expect(api.callsTo(`/api/documents/${DOC}/users/logs`)[0]!.headers.authorization).toBe('Bearer access-1');
  });

  it('says where the chain breaks', async () => {
    seedStaffSession();
    installFakeApi((call) =>
      call.path === `/api/documents/${DOC}/users/logs`
        ? ok(reply({ chain_ok: false, broken_at: 3 }))
        : undefined,
    );
    renderWithProviders(<DocumentTimeline documentId={DOC} />);
    expect((await screen.findByTestId('chain-badge')).textContent).toBe('Chain broken at event 3');
  });

  it("shows the API's refusal (another company's document)", async () => {
    seedStaffSession();
    installFakeApi((call) =>
      call.path === `/api/documents/${DOC}/users/logs` ? fail(404, 'Document not found') : undefined,
    );
    renderWithProviders(<DocumentTimeline documentId={DOC} />);
    expect(await screen.findByText('Document not found')).toBeTruthy();
  });
});

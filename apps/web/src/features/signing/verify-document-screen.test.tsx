import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { TVerifyDocumentResult } from '@esigns/contracts/signing';
import { fail, installFakeApi, ok } from '../../shared/testing/fake-api';
import { renderWithProviders } from '../../shared/testing/render-with-providers';
import { VerifyDocumentScreen, verdictOf } from './verify-document-screen';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function result(overrides: Partial<TVerifyDocumentResult> = {}): TVerifyDocumentResult {
  return {
    signed: true,
    intact: true,
    ours: true,
    known: true,
    sha256: 'b'.repeat(64),
    signed_at: '2027-01-05T10:00:00.000Z',
    document: {
      name: 'Sale deed',
      completed_at: '2027-01-05T10:00:00.000Z',
      recipients: [
        {
          name: 'Ravi Kumar',
          email: 'ravi@example.com',
          status: 'SIGNED',
          finished_at: '2027-01-05T09:59:00.000Z',
        },
      ],
      timeline: [
        { action: 'document.sent', at: '2027-01-04T10:00:00.000Z', actor: null },
        { action: 'recipient.signed', at: '2027-01-05T09:59:00.000Z', actor: 'Ravi Kumar' },
        { action: 'document.completed', at: '2027-01-05T10:00:00.000Z', actor: null },
      ],
    },
    ...overrides,
  };
}

const pdf = () => new File(['%PDF-1.7'], 'deed (completed).pdf', { type: 'application/pdf' });

function drop(file: File) {
  fireEvent.change(screen.getByLabelText('PDF to verify'), { target: { files: [file] } });
}

describe('/verify-document', () => {
  it.each([
    ['authentic', result(), 'Authentic document'],
    ['unrecorded', result({ known: false, document: null }), 'Sealed here, but not on record'],
    ['modified', result({ intact: false, known: false, document: null }), 'Modified after signing'],
    ['foreign', result({ ours: false, known: false, document: null }), 'Not from this service'],
    [
      'unsigned',
      result({ signed: false, intact: false, ours: false, known: false, document: null, signed_at: null }),
      'Not signed',
    ],
  ] as const)('shows the %s verdict', async (verdict, answer, title) => {
    const api = installFakeApi((call) => (call.path === '/api/verify-document' ? ok(answer) : undefined));
    renderWithProviders(<VerifyDocumentScreen />);
    drop(pdf());
    const card = await screen.findByTestId('verdict');
    expect(card.getAttribute('data-verdict')).toBe(verdict);
    expect(within(card).getByRole('heading', { name: title })).toBeTruthy();
    expect(card.textContent).toContain('b'.repeat(64));
    const sent = api.callsTo('/api/verify-document', 'POST')[0]!;
    expect(sent.body).toBeInstanceOf(FormData);
    expect(((sent.body as FormData).get('file') as File).name).toBe('deed (completed).pdf');
  });

  it('shows the seal level, the trusted time and the certificate chain', async () => {
    const answer = result({
      level: 'B-LTA',
      timestamped_at: '2027-01-05T10:00:01.000Z',
      chain_status: 'COMPLETE',
      chain: [
        {
          subject: 'CN=Acme Sealing, O=Acme',
          issuer: 'CN=Acme Root, O=Acme',
          not_before: '2026-01-01T00:00:00.000Z',
          not_after: '2028-01-01T00:00:00.000Z',
          fingerprint: 'c'.repeat(64),
        },
      ],
    });
    installFakeApi((call) => (call.path === '/api/verify-document' ? ok(answer) : undefined));
    renderWithProviders(<VerifyDocumentScreen />);
    drop(pdf());
    const details = await screen.findByTestId('seal-details');
    expect(details.textContent).toContain('PAdES B-LTA');
    expect(details.textContent).toContain('Trusted time');
    expect(details.textContent).toContain('Certificate chain complete up to its root');
    expect(details.textContent).toContain('CN=Acme Sealing, O=Acme');
  });

  it('shows the long-term validation: the levels in plain words and every timestamp', async () => {
    const answer = result({
      level: 'B-LTA',
      timestamped_at: '2027-01-05T10:00:01.000Z',
      timestamps: [
        {
          kind: 'SIGNATURE',
          valid: true,
          time: '2027-01-05T10:00:01.000Z',
          authority: 'Acme TSA 2027',
          authority_expires_at: '2027-03-01T00:00:00.000Z',
        },
        {
          kind: 'DOCUMENT',
          valid: true,
          time: '2027-01-05T10:00:02.000Z',
          authority: 'Acme TSA 2027',
          authority_expires_at: '2027-03-01T00:00:00.000Z',
        },
        {
          kind: 'DOCUMENT',
          valid: true,
          time: '2027-01-20T02:23:00.000Z',
          authority: 'Acme TSA 2037',
          authority_expires_at: '2037-01-01T00:00:00.000Z',
        },
      ],
    });
    installFakeApi((call) => (call.path === '/api/verify-document' ? ok(answer) : undefined));
    renderWithProviders(<VerifyDocumentScreen />);
    drop(pdf());
    const section = await screen.findByTestId('long-term-validation');
    expect(within(section).getByRole('heading', { name: 'Long-term validation' })).toBeTruthy();
    expect(section.textContent).toContain('PAdES B-LTA');
    // Every level explained, all four reached.
    const levels = within(section).getAllByRole('listitem');
    expect(levels.map((l) => l.getAttribute('data-reached'))).toEqual(['true', 'true', 'true', 'true']);
    expect(section.textContent).toContain('Signing time proved');
    expect(section.textContent).toContain('Validation data embedded');
    expect(section.textContent).toContain('renewed before its authority');
    const rows = within(section).getAllByTestId('timestamp');
    expect(rows.map((r) => r.querySelector('p')?.textContent)).toEqual([
      'Signature timestamp',
      'Document timestamp (archive)',
      'Document timestamp 2 (renewal)',
    ]);
    expect(rows[2]!.textContent).toContain('Acme TSA 2037');
    expect(rows[2]!.textContent).toContain('valid until');
    expect(rows[2]!.textContent).toContain('valid');
  });

  it('a seal without timestamps reaches B-B only and says so', async () => {
    installFakeApi((call) =>
      call.path === '/api/verify-document' ? ok(result({ level: 'B-B', timestamps: [] })) : undefined,
    );
    renderWithProviders(<VerifyDocumentScreen />);
    drop(pdf());
    const section = await screen.findByTestId('long-term-validation');
    const levels = within(section).getAllByRole('listitem');
    expect(levels.map((l) => l.getAttribute('data-reached'))).toEqual(['true', 'false', 'false', 'false']);
    expect(section.textContent).toContain('the time of sealing rests on the sealer');
    expect(within(section).queryAllByTestId('timestamp')).toHaveLength(0);
  });

  it('lists the recipients and the timeline of a known document', async () => {
    installFakeApi((call) => (call.path === '/api/verify-document' ? ok(result()) : undefined));
    renderWithProviders(<VerifyDocumentScreen />);
    drop(pdf());
    const card = await screen.findByTestId('verdict');
    expect(within(card).getByText('Ravi Kumar')).toBeTruthy();
    expect(within(card).getByText('ravi@example.com')).toBeTruthy();
    expect(within(card).getByText('Completed and sealed')).toBeTruthy();
    expect(within(card).getByText('Signed')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Check another document' }));
    expect(screen.getByLabelText('PDF to verify')).toBeTruthy();
  });

  it('refuses a file that is not a PDF without calling the API', async () => {
    const api = installFakeApi(() => undefined);
    renderWithProviders(<VerifyDocumentScreen />);
    drop(new File(['hello'], 'notes.txt', { type: 'text/plain' }));
    expect(await screen.findByText('Choose a PDF file.')).toBeTruthy();
    expect(api.calls).toHaveLength(0);
  });

  it("shows the server's refusal (a file it cannot read)", async () => {
    installFakeApi((call) =>
      call.path === '/api/verify-document' ? fail(415, 'The file is not a PDF') : undefined,
    );
    renderWithProviders(<VerifyDocumentScreen />);
    drop(pdf());
    expect(await screen.findByText('The file is not a PDF')).toBeTruthy();
  });

  it('puts the most serious finding first', () => {
    expect(verdictOf(result({ signed: false, intact: false }))).toBe('unsigned');
    expect(verdictOf(result({ intact: false, ours: false }))).toBe('modified');
  });
});

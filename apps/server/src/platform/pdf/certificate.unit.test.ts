import { PDFDocument } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { AppError } from '../http/app-error';
import {
  appendCertificate,
  formatTime,
  type CertificateRecipient,
  type CompletionCertificate,
} from './certificate';
import { darkPixelsIn, makePdf, pdfText, qpdfCheck, renderPage, signatureDataUrl } from './testing';

const UA = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148';

function recipient(overrides: Partial<CertificateRecipient> = {}): CertificateRecipient {
  return {
    name: 'Priya Raman',
    email: 'priya@example.com',
    role: 'SIGNER',
    status: 'SIGNED',
    sent_at: '2026-02-01T09:00:00Z',
    viewed_at: '2026-02-01T09:05:00Z',
    finished_at: '2026-02-01T09:07:30Z',
    ip: '198.51.100.7',
    user_agent: UA,
    verification: ['EMAIL_CODE'],
    signature: signatureDataUrl(),
    ...overrides,
  };
}

function certificate(overrides: Partial<CompletionCertificate> = {}): CompletionCertificate {
  return {
    document: {
      id: '0d6f6a52-5b1e-4a39-9d3b-1f0c4e0a9b11',
      name: 'Lease agreement 2026',
      original_sha256: 'a3f1'.repeat(16),
      page_count: 2,
      sent_at: '2026-02-01T09:00:00Z',
      completed_at: '2026-02-01T10:00:00Z',
    },
    sender: { name: 'Sam Sender', email: 'sam@example.com', company: 'Acme Estates' },
    recipients: [
      recipient(),
      recipient({
        name: 'Olu Adé',
        email: 'olu@example.com',
        role: 'APPROVER',
        role_name: 'Landlord',
        status: 'APPROVED',
        verification: ['REPRESENTATIVE_PASSWORD', 'EMAIL_CODE'],
        signature: null,
      }),
      recipient({
        name: 'Cee Copy',
        email: 'cc@example.com',
        role: 'CC',
        status: 'SENT',
        verification: [],
        ip: null,
        user_agent: null,
      }),
    ],
    events: [
      { at: '2026-02-01T09:00:00Z', action: 'SENT', actor: 'Sam Sender', ip: '203.0.113.1' },
      { at: '2026-02-01T09:05:00Z', action: 'VIEWED', actor: 'Priya Raman', ip: '198.51.100.7' },
      { at: '2026-02-01T09:06:00Z', action: 'CODE_VERIFIED', actor: 'Priya Raman', ip: '198.51.100.7' },
      { at: new Date('2026-02-01T09:07:30Z'), action: 'document.signed', actor: 'Priya Raman', ip: null },
    ],
    ...overrides,
  };
}

describe('appendCertificate', { timeout: 30_000 }, () => {
  it('appends a certificate page with the document, the sender, each recipient and the event log', async () => {
    const original = await makePdf([{}, {}]);
    const withCertificate = await appendCertificate(original, certificate());
    const doc = await PDFDocument.load(withCertificate);
    expect(doc.getPageCount()).toBe(4); // two pages of document, two of certificate
    expect(qpdfCheck(withCertificate).status).toBe(0);

    const text = pdfText(withCertificate);
    for (const expected of [
      'Certificate of completion',
      'Lease agreement 2026',
      '0d6f6a52-5b1e-4a39-9d3b-1f0c4e0a9b11',
      'a3f1'.repeat(16),
      'Sam Sender <sam@example.com> · Acme Estates',
      'Priya Raman',
      'priya@example.com',
      'Signer · Signed',
      'Approver (Landlord) · Approved',
      'Cc · Sent',
      '02-01-2026 09:07:30 (UTC)',
      '198.51.100.7',
      UA,
      'Email code',
      'Representative password, Email code',
      'None',
      'Event log (4)',
      'Code verified',
      'Signed',
      'Page 1 of 2',
      'Page 2 of 2',
    ]) {
      expect(text, expected).toContain(expected);
    }
  });

  it('draws the recipient’s signature image in their card', async () => {
    const one = certificate({ recipients: [recipient()], events: [] });
    const withImage = await appendCertificate(await makePdf([{}]), one);
    const without = await appendCertificate(await makePdf([{}]), {
      ...one,
      recipients: [recipient({ signature: null })],
    });
    // The signature box is at the card's top right: the right column of the page.
    const box = { x: 380, y: 150, width: 180, height: 400 };
    const card = (bytes: Uint8Array) => darkPixelsIn(renderPage(bytes, 2, 72), box);
    expect(card(withImage) - card(without)).toBeGreaterThan(300);
  });

  it('prints names in any script', async () => {
    const names = ['राहुल शर्मा', 'Иван Петров', 'محمد علي', '张伟', 'Zoë Ğüneş'];
    const bytes = await appendCertificate(
      await makePdf([{}]),
      certificate({ recipients: names.map((name) => recipient({ name })), events: [] }),
    );
    const text = pdfText(bytes);
    expect(text).toContain('Иван Петров');
    expect(text).toContain('Zoë Ğüneş');
    // (Text extraction gives glyphs in visual order: the reph of शर्मा comes out reordered.)
    expect(text).toContain('राहुल');
    expect(qpdfCheck(bytes).status).toBe(0);
  }, 30_000);

  it('paginates 30 recipients and 500 events, with the table header and page numbers on every page', async () => {
    const recipients = Array.from({ length: 30 }, (_, i) =>
      recipient({ name: `Recipient ${i + 1}`, email: `r${i + 1}@example.com` }),
    );
    const events = Array.from({ length: 500 }, (_, i) => ({
      at: new Date(Date.UTC(2026, 1, 1, 9, 0, i)).toISOString(),
      action: i % 2 ? 'VIEWED' : 'CODE_SENT',
      actor: `Recipient ${(i % 30) + 1}`,
      ip: `10.0.${Math.floor(i / 250)}.${i % 250}`,
    }));
    const bytes = await appendCertificate(await makePdf([{}]), certificate({ recipients, events }));
    const doc = await PDFDocument.load(bytes);
    const pages = doc.getPageCount() - 1;
    expect(pages).toBeGreaterThan(10);
    const all = pdfText(bytes);
    for (let i = 1; i <= 30; i++) expect(all).toContain(`r${i}@example.com`);
    for (const ip of ['10.0.0.0', '10.0.0.249', '10.0.1.0', '10.0.1.249']) expect(all).toContain(ip);
    expect(all).toContain('02-01-2026 09:08:19'); // the 500th event
    for (let page = 2; page <= pages + 1; page++) {
      const text = pdfText(bytes, page);
      expect(text).toContain(`Page ${page - 1} of ${pages}`);
      expect(text).toContain('Certificate of completion');
    }
    // The event table's header repeats on the pages it continues on.
    expect(pdfText(bytes, pages + 1)).toContain('Time (UTC)');
    expect(qpdfCheck(bytes).status).toBe(0);
  }, 60_000);

  it("prints every time in the company's date format and zone, the zone named", async () => {
    const bytes = await appendCertificate(
      await makePdf([{}]),
      certificate({ dates: { format: 'DD MMM YYYY', zone: 'Asia/Kolkata' } }),
    );
    const text = pdfText(bytes).replace(/\s+/g, ' ');
    expect(text).toContain('01 Feb 2026 14:37:30 (Asia/Kolkata, UTC+05:30)');
    expect(text).toContain('Time (Asia/Kolkata)');
    expect(text).not.toContain('(UTC)');
  });

  it('prints a clean certificate for a document without events', async () => {
    const bytes = await appendCertificate(await makePdf([{}]), certificate({ events: [] }));
    expect(pdfText(bytes)).toContain('No events were recorded.');
  });

  it('answers 415 for bytes that are not a PDF', async () => {
    const error = await appendCertificate(Buffer.from('nope'), certificate()).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).status).toBe(415);
  });
});

describe('formatTime', { timeout: 30_000 }, () => {
  it.each([
    ['2026-02-01T09:07:30.123Z', '02-01-2026 09:07:30 (UTC)'],
    [new Date('2026-02-01T09:07:30+05:30'), '02-01-2026 03:37:30 (UTC)'],
    [null, '—'],
    ['', '—'],
    ['not a date', 'not a date'],
  ])('%s -> %s', (input, expected) => {
    expect(formatTime(input)).toBe(expected);
  });

  it("writes the company's format and zone, the zone named", () => {
    const late = new Date('2026-12-28T20:30:15Z');
    expect(formatTime(late, { format: 'DD-MM-YYYY', zone: 'Asia/Kolkata' })).toBe(
      '29-12-2026 02:00:15 (Asia/Kolkata, UTC+05:30)',
    );
    expect(formatTime(late, { format: 'YYYY-MM-DD', zone: { offsetMinutes: 330 } }, false)).toBe(
      '2026-12-29 02:00:15',
    );
  });
});

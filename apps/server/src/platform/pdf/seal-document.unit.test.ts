import { createHash } from 'node:crypto';
import { PDFDocument } from 'pdf-lib';
import { beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../http/app-error';
import type { CompletionCertificate } from './certificate';
import { createPdfSigner, type PdfSigner } from './pdf-signer';
import { sealDocument } from './seal-document';
import { generateSigningIdentity } from './signing-identity';
import {
  darkPixelsIn,
  field,
  makePdf,
  pdfsig,
  pdfText,
  qpdfCheck,
  renderPage,
  signatureDataUrl,
} from './testing';
import { verifyPdf } from './verify-pdf';

let signer: PdfSigner;

beforeAll(async () => {
  const identity = await generateSigningIdentity({ instanceName: 'e-Signs', keyBits: 2048 });
  signer = createPdfSigner({ privateKey: identity.privateKeyPem, certificates: [identity.certificatePem] });
}, 30_000);

const certificate: CompletionCertificate = {
  document: {
    id: '9b2f3c1e-0000-4000-8000-000000000001',
    name: 'Supply contract',
    original_sha256: 'ignored',
  },
  sender: { name: 'Sam Sender', email: 'sam@example.com' },
  recipients: [
    {
      name: 'अनीता देवी',
      email: 'anita@example.com',
      role: 'SIGNER',
      status: 'SIGNED',
      finished_at: '2026-04-01T10:00:00Z',
      ip: '192.0.2.10',
      user_agent: 'Mozilla/5.0',
      verification: ['EMAIL_CODE'],
      signature: signatureDataUrl(),
    },
  ],
  events: [{ at: '2026-04-01T10:00:00Z', action: 'SIGNED', actor: 'अनीता देवी', ip: '192.0.2.10' }],
};

describe('sealDocument', { timeout: 30_000 }, () => {
  it('stamps, appends the certificate and signs: pdfsig valid over the whole file, qpdf clean', async () => {
    const original = await makePdf([{}, { rotate: 90 }, { rotate: 270 }]);
    const signature = signatureDataUrl();
    const sealed = await sealDocument({
      original,
      fields: [
        field({ key: 'sig', type: 'SIGNATURE', page: 2, x: 30, y: 40, width: 150, height: 50 }),
        field({
          key: 'name',
          type: 'FULL_NAME',
          page: 3,
          x: 30,
          y: 120,
          width: 200,
          height: 24,
          font: { family: 'NotoSansDevanagari', size: 14 },
        }),
        field({ key: 'agree', type: 'CHECKBOX', page: 1, x: 200, y: 200, width: 24, height: 24 }),
      ],
      values: { sig: signature, name: 'अनीता देवी', agree: 'true' },
      certificate,
      signer,
    });

    const check = pdfsig(sealed.bytes);
    expect(check.output).toContain('Signature Validation: Signature is Valid.');
    expect(check.output).toContain('Total document signed');
    expect(qpdfCheck(sealed.bytes).status).toBe(0);

    expect(sealed.sha256).toBe(createHash('sha256').update(sealed.bytes).digest('hex'));
    expect(sealed.size).toBe(sealed.bytes.length);
    expect(sealed.certificate_pages).toBe(1);
    expect(sealed.page_count).toBe(4);
    expect(sealed.pages.slice(0, 3)).toEqual([
      { width: 300, height: 400 },
      { width: 400, height: 300 },
      { width: 400, height: 300 },
    ]);
    expect(verifyPdf(sealed.bytes, { ourFingerprints: [signer.fingerprint] })).toMatchObject({
      signed: true,
      intact: true,
      ours: true,
      sha256: sealed.sha256,
    });

    // The stamps are where the editor put them on the rotated pages.
    expect(
      darkPixelsIn(renderPage(sealed.bytes, 2), { x: 30, y: 40, width: 150, height: 50 }),
    ).toBeGreaterThan(30);
    expect(
      darkPixelsIn(renderPage(sealed.bytes, 3), { x: 30, y: 120, width: 200, height: 24 }),
    ).toBeGreaterThan(30);
    expect(
      darkPixelsIn(renderPage(sealed.bytes, 1), { x: 200, y: 200, width: 24, height: 24 }),
    ).toBeGreaterThan(10);

    // The certificate carries the SHA-256 of the original, computed here.
    const text = pdfText(sealed.bytes, 4);
    expect(text).toContain(createHash('sha256').update(original).digest('hex'));
    expect(text).toContain('anita@example.com');

    // No fillable field remains: the only field is the seal itself.
    const fields = (await PDFDocument.load(sealed.bytes)).getForm().getFields();
    expect(fields.map((f) => f.constructor.name)).toEqual(['PDFSignature']);
  }, 60_000);

  it('is byte-for-byte reproducible for the same inputs and signing time', async () => {
    const original = await makePdf([{}, {}]);
    const input = {
      original,
      fields: [
        field({ key: 'a', type: 'TEXT' as const }),
        field({ key: 's', type: 'INITIAL' as const, y: 50 }),
      ],
      values: { a: 'Same every time — हिन्दी', s: signatureDataUrl() },
      certificate,
      signer,
      signingTime: new Date('2026-04-01T12:00:00Z'),
    };
    const first = await sealDocument(input);
    const second = await sealDocument(input);
    expect(second.sha256).toBe(first.sha256);
    expect(second.bytes.equals(first.bytes)).toBe(true);
    const later = await sealDocument({ ...input, signingTime: new Date('2026-04-01T12:00:01Z') });
    expect(later.sha256).not.toBe(first.sha256);
  }, 30_000);

  it('seals a 200-page document', async () => {
    const original = await makePdf(
      Array.from({ length: 200 }, (_, i) => ({ width: 612, height: 792, rotate: (i % 4) * 90 })),
    );
    const fields = Array.from({ length: 200 }, (_, i) =>
      field({
        key: `f${i}`,
        type: i % 2 ? 'TEXT' : 'SIGNATURE',
        page: i + 1,
        x: 40,
        y: 40,
        width: 160,
        height: 40,
      }),
    );
    const signature = signatureDataUrl();
    const values = Object.fromEntries(fields.map((f, i) => [f.key, i % 2 ? `Value ${i}` : signature]));
    const sealed = await sealDocument({ original, fields, values, certificate, signer });
    expect(sealed.page_count).toBe(201);
    expect(pdfsig(sealed.bytes).output).toContain('Signature is Valid.');
    expect(qpdfCheck(sealed.bytes).status).toBe(0);
  }, 120_000);

  it('passes bad input on as 4xx errors', async () => {
    const original = await makePdf([{}]);
    const onMissingPage = await sealDocument({
      original,
      fields: [field({ key: 'a', type: 'TEXT', page: 2 })],
      values: { a: 'x' },
      certificate,
      signer,
    }).catch((e: unknown) => e);
    expect(onMissingPage).toBeInstanceOf(AppError);
    expect((onMissingPage as AppError).status).toBe(422);

    const garbage = await sealDocument({
      original: Buffer.from('garbage'),
      fields: [],
      values: {},
      certificate,
      signer,
    }).catch((e: unknown) => e);
    expect(garbage).toBeInstanceOf(AppError);
    expect((garbage as AppError).status).toBe(415);
  });
});

import { createHash } from 'node:crypto';
import { pdflibAddPlaceholder } from '@signpdf/placeholder-pdf-lib';
import { P12Signer } from '@signpdf/signer-p12';
import { SignPdf } from '@signpdf/signpdf';
import { PDFDocument } from 'pdf-lib';
import { beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../http/app-error';
import { createPdfSigner, type PdfSigner } from './pdf-signer';
import { signPdf } from './sign-pdf';
import { generateSigningIdentity, toP12, type SigningIdentityPem } from './signing-identity';
import { makePdf, pdfsig } from './testing';
import { verifyPdf } from './verify-pdf';

let identity: SigningIdentityPem;
let signer: PdfSigner;
let other: PdfSigner;
let signed: Buffer;

beforeAll(async () => {
  identity = await generateSigningIdentity({ instanceName: 'e-Signs', keyBits: 2048 });
  signer = createPdfSigner({ privateKey: identity.privateKeyPem, certificates: [identity.certificatePem] });
  const second = await generateSigningIdentity({ instanceName: 'Elsewhere', keyBits: 2048 });
  other = createPdfSigner({ privateKey: second.privateKeyPem, certificates: [second.certificatePem] });
  signed = await signPdf(await makePdf([{}]), signer, { signingTime: new Date('2026-05-06T07:08:09Z') });
}, 30_000);

describe('verifyPdf', { timeout: 30_000 }, () => {
  it('recognises a file sealed by this instance', () => {
    const result = verifyPdf(signed, { ourFingerprints: [signer.fingerprint.toUpperCase()] });
    expect(result).toMatchObject({
      signed: true,
      intact: true,
      ours: true,
      signed_by: 'e-Signs Document Sealing',
      signed_at: '2026-05-06T07:08:09.000Z',
      sha256: createHash('sha256').update(signed).digest('hex'),
    });
    expect(result.signatures).toHaveLength(1);
    expect(result.signatures[0]).toMatchObject({ valid: true, covers_whole_file: true, problem: null });
  });

  it('says intact but not ours for a valid seal by another certificate', async () => {
    const foreign = await signPdf(await makePdf([{}]), other);
    const result = verifyPdf(foreign, { ourFingerprints: [signer.fingerprint] });
    expect(result).toMatchObject({
      signed: true,
      intact: true,
      ours: false,
      signed_by: 'Elsewhere Document Sealing',
    });
    expect(verifyPdf(signed)).toMatchObject({ intact: true, ours: false }); // no fingerprints given
  });

  it('reports an unsigned PDF as unsigned', async () => {
    const original = await makePdf([{}, {}]);
    expect(verifyPdf(original)).toEqual({
      signed: false,
      intact: false,
      signed_by: null,
      signed_at: null,
      ours: false,
      sha256: createHash('sha256').update(original).digest('hex'),
      level: null,
      timestamped_at: null,
      chain: [],
      chain_status: 'NONE',
      timestamps: [],
      signatures: [],
    });
  });

  it('reports a tampered file as signed but not intact', () => {
    const tampered = Buffer.from(signed);
    const at = tampered.indexOf('/MediaBox [ 0 0 300 400 ]');
    expect(at).toBeGreaterThan(0);
    tampered.write('/MediaBox [ 0 0 300 401 ]', at, 'latin1');
    const result = verifyPdf(tampered, { ourFingerprints: [signer.fingerprint] });
    expect(result).toMatchObject({ signed: true, intact: false, ours: false });
    expect(result.signatures[0]?.problem).toBe('the document changed after it was signed');
  });

  it('agrees with an independent signer (node-forge P12Signer, adbe.pkcs7.detached with signingTime)', async () => {
    const doc = await PDFDocument.create();
    doc.addPage();
    pdflibAddPlaceholder({
      pdfDoc: doc,
      reason: 'Independent',
      contactInfo: '',
      name: 'x',
      location: 'Somewhere',
      signingTime: new Date('2025-12-24T18:00:00Z'),
    });
    const prepared = Buffer.from(await doc.save({ useObjectStreams: false }));
    const p12Signer = new P12Signer(toP12(identity, 'pw'), { passphrase: 'pw' });
    const foreign = await new SignPdf().sign(prepared, p12Signer, new Date('2025-12-24T18:00:00Z'));
    expect(pdfsig(foreign).output).toContain('Signature is Valid.');
    const result = verifyPdf(foreign, { ourFingerprints: [signer.fingerprint] });
    expect(result).toMatchObject({
      signed: true,
      intact: true,
      ours: true,
      signed_at: '2025-12-24T18:00:00.000Z',
    });
    expect(result.signatures[0]).toMatchObject({
      sub_filter: 'adbe.pkcs7.detached',
      reason: 'Independent',
      location: 'Somewhere',
    });

    const tampered = Buffer.from(foreign);
    tampered.write('Dependent', tampered.indexOf('Independent'), 'latin1');
    expect(verifyPdf(tampered).intact).toBe(false);
  });

  it('reports every signature; a rewritten earlier signature makes the file not intact', async () => {
    // Signing an already signed file rewrites it (pdf-lib saves whole files): the first breaks.
    const resigned = await signPdf(signed, other);
    const result = verifyPdf(resigned, { ourFingerprints: [other.fingerprint] });
    expect(result.signatures).toHaveLength(2);
    expect(result.signatures[0]).toMatchObject({ valid: false, signed_by: 'e-Signs Document Sealing' });
    expect(result.signatures[1]).toMatchObject({ valid: true, covers_whole_file: true });
    expect(result).toMatchObject({
      signed: true,
      intact: false,
      ours: true,
      signed_by: 'Elsewhere Document Sealing',
    });
  });

  it.each([
    [
      'an unfinished placeholder',
      (b: Buffer) =>
        b
          .toString('latin1')
          .replace(/\/ByteRange \[[^\]]*\]/, '/ByteRange [0 /********** /********** /**********]'),
    ],
    [
      'a byte range pointing past the end',
      (b: Buffer) =>
        b
          .toString('latin1')
          .replace(/\/ByteRange \[0 (\d+) (\d+) (\d+)\]/, (_m, a, c) => `/ByteRange [0 ${a} ${c} 99999999]`),
    ],
    [
      'a signature value that is not hex',
      (b: Buffer) => b.toString('latin1').replace(/\/Contents <3082/, '/Contents <zz82'),
    ],
    [
      'an empty signature value',
      (b: Buffer) =>
        b
          .toString('latin1')
          .replace(/\/Contents <[0-9a-f]+>/, (m) => `/Contents <${'0'.repeat(m.length - 12)}>`),
    ],
  ])('reports %s as not intact, without throwing', (_label, mangle) => {
    const mangled = Buffer.from(mangle(signed), 'latin1');
    const result = verifyPdf(mangled, { ourFingerprints: [signer.fingerprint] });
    expect(result).toMatchObject({ signed: true, intact: false, ours: false });
    expect(result.signatures[0]?.problem).toEqual(expect.any(String));
  });

  it('stops after 32 signatures (a file stuffed with byte ranges) and does not call it intact', () => {
    const junk = Array.from({ length: 5000 }, (_, i) => `% /ByteRange [0 10 20 ${i}]\n`).join('');
    const stuffed = Buffer.concat([signed, Buffer.from(junk)]);
    const result = verifyPdf(stuffed);
    expect(result.signatures.length).toBeLessThanOrEqual(32);
    expect(result.intact).toBe(false);
  });

  it('survives a truncated signed file', () => {
    for (const length of [20, 200, Math.floor(signed.length / 2), signed.length - 10]) {
      const result = verifyPdf(signed.subarray(0, length));
      expect(result.intact).toBe(false);
    }
  });

  it.each([
    ['empty bytes', new Uint8Array()],
    ['plain text', new TextEncoder().encode('definitely not a pdf')],
    ['a PNG', Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0])],
    ['random bytes', Buffer.from(Array.from({ length: 4096 }, (_, i) => (i * 7919) % 251))],
  ])('answers a 415 AppError for %s', (_label, bytes) => {
    const error = (() => {
      try {
        verifyPdf(bytes);
        return null;
      } catch (err) {
        return err;
      }
    })();
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).status).toBe(415);
  });
});

import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PDFDocument } from 'pdf-lib';
import { beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../http/app-error';
import { createPdfSigner, SignerError, type PdfSigner } from './pdf-signer';
import { signPdf } from './sign-pdf';
import { generateSigningIdentity, readP12, toP12, type SigningIdentityPem } from './signing-identity';
import { issueCertificate, makeTestCa, signerOf } from './test-pki';
import { makePdf, pdfsig, qpdfCheck } from './testing';
import { verifyPdf } from './verify-pdf';

let identity: SigningIdentityPem;
let signer: PdfSigner;

beforeAll(async () => {
  identity = await generateSigningIdentity({
    instanceName: 'Acme Signs',
    unit: 'sign.acme.test',
    keyBits: 2048,
  });
  signer = createPdfSigner({
    privateKey: identity.privateKeyPem,
    certificates: [identity.certificatePem],
    location: 'sign.acme.test',
    contactInfo: 'no-reply@acme.test',
  });
}, 30_000);

/** Offset (in the file) of a hex digit inside the CMS's final signature value. */
function signatureValueOffset(bytes: Buffer): number {
  const start = bytes.indexOf('/Contents <') + '/Contents <'.length;
  // SEQUENCE with a two-byte length (308 2 xxxx): the CMS ends 4 + xxxx bytes after its start.
  const length = parseInt(bytes.toString('latin1', start + 4, start + 8), 16) + 4;
  return start + 2 * (length - 20);
}

/** Flips one bit at `offset` (a copy). */
function flip(bytes: Uint8Array, offset: number): Buffer {
  const copy = Buffer.from(bytes);
  copy[offset] = copy[offset]! ^ 0x01;
  return copy;
}

describe('generateSigningIdentity', { timeout: 30_000 }, () => {
  it('makes a self-signed certificate for document sealing, valid ten years', async () => {
    const { X509Certificate } = await import('node:crypto');
    const cert = new X509Certificate(identity.certificatePem);
    expect(cert.subject).toContain('CN=Acme Signs Document Sealing');
    expect(cert.subject).toContain('O=Acme Signs');
    expect(cert.issuer).toBe(cert.subject);
    expect(cert.verify(cert.publicKey)).toBe(true);
    expect(cert.ca).toBe(false);
    const years = (Date.parse(cert.validTo) - Date.parse(cert.validFrom)) / (365.25 * 24 * 3600_000);
    expect(Math.round(years)).toBe(10);
    expect(cert.publicKey.asymmetricKeyDetails?.modulusLength).toBe(2048);
    // keyUsage digitalSignature + nonRepudiation, critical; no extended key usage.
    expect(cert.keyUsage ?? []).toEqual([]);
    const der = cert.raw.toString('hex');
    // 2.5.29.15 (keyUsage) critical with bits 11000000.
    expect(der).toMatch(/0603551d0f0101ff040403020(6c0|7c0|3c0)/);
  });
});

describe('signPdf', { timeout: 30_000 }, () => {
  it('produces a file pdfsig calls valid and fully signed, and qpdf finds clean', async () => {
    const signed = await signPdf(await makePdf([{}, { rotate: 90 }]), signer);
    const result = pdfsig(signed);
    expect(result.output).toContain('Signature Validation: Signature is Valid.');
    expect(result.output).toContain('Total document signed');
    expect(result.output).toContain('Signature Type: ETSI.CAdES.detached');
    expect(result.output).toContain('Signer Certificate Common Name: Acme Signs Document Sealing');
    expect(result.output).toContain('Signing Hash Algorithm: SHA-256');
    // Self-signed: valid signature, unknown issuer. That is the expected state.
    expect(result.output).toMatch(
      /Certificate Validation: (Certificate issuer is unknown|Certificate is not trusted)/,
    );
    expect(qpdfCheck(signed).status).toBe(0);
  });

  it('writes the reason, location, contact and signing time into the signature', async () => {
    const signingTime = new Date('2026-03-04T05:06:07Z');
    const signed = await signPdf(await makePdf([{}]), signer, { signingTime });
    const check = verifyPdf(signed);
    expect(check).toMatchObject({ level: 'B-B', chain_status: 'SELF_SIGNED', timestamped_at: null });
    expect(check.signatures[0]).toMatchObject({
      reason: 'Sealed by e-Signs',
      location: 'sign.acme.test',
      sub_filter: 'ETSI.CAdES.detached',
      signed_at: '2026-03-04T05:06:07.000Z',
      signed_by: 'Acme Signs Document Sealing',
    });
    expect(signed.toString('latin1')).toContain('/ContactInfo (no-reply@acme.test)');
    expect(pdfsig(signed).output).toContain('Signing Time: Mar 04 2026 05:06:07');
  });

  it('is reproducible: same input and signing time, same bytes', async () => {
    const original = await makePdf([{}, {}]);
    const signingTime = new Date('2026-01-01T00:00:00Z');
    const a = await signPdf(original, signer, { signingTime });
    const b = await signPdf(original, signer, { signingTime });
    expect(a.equals(b)).toBe(true);
    const c = await signPdf(original, signer, { signingTime: new Date('2026-01-01T00:00:01Z') });
    expect(a.equals(c)).toBe(false);
  });

  describe('any change after signing is detected', () => {
    let signed: Buffer;
    beforeAll(async () => {
      signed = await signPdf(await makePdf([{}, {}]), signer);
    });

    it.each([
      ['a byte of page content', (b: Buffer) => b.indexOf('stream') + 20],
      ['a byte of the signature dictionary', (b: Buffer) => b.indexOf('/Reason') + 9],
      ['a byte of the trailer', (b: Buffer) => b.lastIndexOf('/Root') + 1],
      ['a digit of the signature value itself', (b: Buffer) => signatureValueOffset(b)],
    ])('flipping %s', (_label, where) => {
      const offset = where(signed);
      const tampered = flip(signed, offset);
      expect(pdfsig(tampered).output).not.toContain('Signature is Valid.');
      expect(verifyPdf(tampered, { ourFingerprints: [signer.fingerprint] })).toMatchObject({
        signed: true,
        intact: false,
        ours: false,
      });
    });

    it('appending bytes (an incremental update)', () => {
      const extended = Buffer.concat([signed, Buffer.from('\n1 0 obj\n<< >>\nendobj\n')]);
      expect(pdfsig(extended).output).toContain('Not total document signed');
      const check = verifyPdf(extended, { ourFingerprints: [signer.fingerprint] });
      expect(check.intact).toBe(false);
      expect(check.signatures[0]).toMatchObject({ valid: true, covers_whole_file: false });
    });

    it('an edited certificate inside the signature (same key, other bytes) is not accepted', () => {
      const contents = signed.indexOf('/Contents <') + '/Contents <'.length;
      // The certificate's subject "Acme Signs" appears (as hex) inside the embedded certificate.
      const name = signed.indexOf(Buffer.from('Acme Signs').toString('hex'), contents);
      expect(name).toBeGreaterThan(contents);
      const tampered = Buffer.from(signed);
      tampered.write(Buffer.from('Evil Signs').toString('hex'), name, 'latin1');
      const check = verifyPdf(tampered, { ourFingerprints: [signer.fingerprint] });
      expect(check).toMatchObject({ intact: false, ours: false });
      expect(check.signatures[0]?.problem).toBe('the signer certificate was altered');
    });

    it('every single-bit flip of the signed bytes (sampled) breaks verification without throwing', () => {
      const [, l1 = 0, o2 = 0] = /\/ByteRange \[(\d+) (\d+) (\d+)/
        .exec(signed.toString('latin1'))!
        .slice(1)
        .map(Number);
      const step = Math.floor(signed.length / 97);
      for (let offset = 0; offset < signed.length; offset += step) {
        if (offset >= l1 && offset < o2) continue; // the /Contents value is not signed, by design

        const result = (() => {
          try {
            return verifyPdf(flip(signed, offset));
          } catch (err) {
            return err;
          }
        })();
        if (result instanceof AppError) {
          // Only a broken %PDF- header turns the file into a non-PDF.
          expect(result.status).toBe(415);
          expect(offset).toBeLessThan(8);
          continue;
        }
        expect((result as ReturnType<typeof verifyPdf>).intact).toBe(false);
      }
    });
  });

  it('keeps the file’s other fields (sealDocument flattens them first) and adds the seal last', async () => {
    const doc = await PDFDocument.create();
    const page = doc.addPage();
    doc.getForm().createTextField('x').addToPage(page, { x: 10, y: 10, width: 100, height: 20 });
    const signed = await signPdf(await doc.save(), signer);
    const fields = (await PDFDocument.load(signed)).getForm().getFields();
    expect(fields.map((f) => f.constructor.name)).toEqual(['PDFTextField', 'PDFSignature']);
    expect(pdfsig(signed).output).toContain('Signature is Valid.');
  });

  it('answers 415 for bytes that are not a PDF', async () => {
    const error = await signPdf(Buffer.from('not a pdf at all'), signer).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).status).toBe(415);
  });
});

describe('other key types', { timeout: 30_000 }, () => {
  it('signs with an ECDSA P-256 identity', async () => {
    const ca = await makeTestCa();
    const ecSigner = await signerOf(await issueCertificate(ca, { name: 'EC Sealing', role: 'sealing' }), [
      ca,
    ]);
    const signed = await signPdf(await makePdf([{}]), ecSigner);
    const output = pdfsig(signed).output;
    expect(output).toContain('Signature Validation: Signature is Valid.');
    expect(output).toContain('Signer Certificate Common Name: EC Sealing');
    expect(verifyPdf(signed, { ourFingerprints: [ecSigner.fingerprint] })).toMatchObject({
      intact: true,
      ours: true,
    });
    expect(verifyPdf(flip(signed, signed.indexOf('stream') + 20)).intact).toBe(false);
  });
});

describe('PKCS#12 identities (SIGNING_P12)', { timeout: 30_000 }, () => {
  it('reads a bundle given as base64 or as a file path, and seals with it', async () => {
    const p12 = toP12(identity, 'correct horse');
    const fromBase64 = readP12(p12.toString('base64'), 'correct horse', { location: 'here' });
    expect(fromBase64.fingerprint).toBe(signer.fingerprint);
    expect(fromBase64.location).toBe('here');
    const dir = mkdtempSync(path.join(os.tmpdir(), 'p12-'));
    try {
      const file = path.join(dir, 'seal.p12');
      writeFileSync(file, p12);
      const fromFile = readP12(file, 'correct horse');
      const signed = await signPdf(await makePdf([{}]), fromFile);
      expect(pdfsig(signed).output).toContain('Signature is Valid.');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it.each([
    ['a wrong passphrase', (p12: Buffer) => [p12.toString('base64'), 'wrong']],
    ['garbage', () => ['bm90IGEgcDEy', '']],
    ['a missing file', () => ['/nonexistent/seal.p12', '']],
  ])('refuses %s with a clear error', (_label, input) => {
    const [source, passphrase] = input(toP12(identity, 'pw')) as [string, string];
    expect(() => readP12(source, passphrase)).toThrow(SignerError);
  });

  it('refuses a certificate that does not match the key', async () => {
    const other = await generateSigningIdentity({ instanceName: 'Other', keyBits: 2048 });
    expect(() =>
      createPdfSigner({ privateKey: identity.privateKeyPem, certificates: [other.certificatePem] }),
    ).toThrow(SignerError);
  });
});

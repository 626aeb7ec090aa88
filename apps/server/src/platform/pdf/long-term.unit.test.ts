import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addLongTermValidation } from './long-term';
import type { PdfSigner } from './pdf-signer';
import { signPdf } from './sign-pdf';
import {
  issueCertificate,
  makeTestCa,
  pdfsigTrusting,
  signerOf,
  startTestOcsp,
  startTestTsa,
  type TestIdentity,
  type TestOcsp,
  type TestTsa,
} from './test-pki';
import { makePdf, qpdfCheck } from './testing';
import { createTimestamper } from './timestamp';
import { verifyPdf } from './verify-pdf';

let ca: TestIdentity;
let signer: PdfSigner;
let tsa: TestTsa;
let ocsp: TestOcsp;

beforeAll(async () => {
  ca = await makeTestCa();
  ocsp = await startTestOcsp(ca);
  const sealing = await issueCertificate(ca, {
    name: 'LTV Sealing',
    role: 'sealing',
    key: 'rsa',
    ocspUrl: ocsp.url,
  });
  signer = await signerOf(sealing, [ca]);
  tsa = await startTestTsa(ca, { ocspUrl: ocsp.url });
}, 30_000);

afterAll(async () => {
  await tsa.close();
  await ocsp.close();
});

async function sealLongTerm(): Promise<Buffer> {
  const timestamper = createTimestamper({ urls: [tsa.url] });
  const signed = await signPdf(await makePdf([{}, {}]), signer, { timestamper });
  return addLongTermValidation(signed, { timestamper });
}

describe('PAdES B-LT / B-LTA', { timeout: 60_000 }, () => {
  it('appends the DSS (chain and OCSP responses) and a document timestamp over it', async () => {
    const before = ocsp.requests;
    const sealed = await sealLongTerm();
    // The sealing and TSA certificates name the responder: one OCSP response each.
    expect(ocsp.requests - before).toBe(2);
    const text = sealed.toString('latin1');
    expect(text).toMatch(/\/Type \/DSS \/Certs \[(\d+ 0 R ?){3}\] \/OCSPs \[(\d+ 0 R ?){2}\]/);
    expect(text).toContain('/SubFilter /ETSI.RFC3161');

    const check = verifyPdf(sealed);
    expect(check).toMatchObject({ intact: true, level: 'B-LTA', chain_status: 'COMPLETE' });
    expect(check.chain.map((c) => c.subject)).toEqual([
      'CN=LTV Sealing, O=e-Signs Tests',
      'CN=e-Signs Test Root CA, O=e-Signs Tests',
    ]);
    expect(check.timestamped_at).toBe(check.signatures[0]?.timestamp?.time);
    expect(check.signatures).toHaveLength(2);
    expect(check.signatures[0]).toMatchObject({
      sub_filter: 'ETSI.CAdES.detached',
      valid: true,
      covers_whole_file: false,
    });
    expect(check.signatures[0]?.timestamp?.valid).toBe(true);
    expect(check.signatures[1]).toMatchObject({
      sub_filter: 'ETSI.RFC3161',
      valid: true,
      covers_whole_file: true,
      signed_by: 'e-Signs Test TSA',
    });
    expect(qpdfCheck(sealed).status).toBe(0);

    const output = await pdfsigTrusting(sealed, [ca]);
    // poppler 22.12 lists the document timestamp (whole file signed) but cannot check ETSI.RFC3161
    // ("Unable to validate this type of signature"): verifyPdf above does. The seal itself stays
    // valid and trusted, its byte range untouched by the update.
    const [docTimestamp, seal] = output.split(/Signature #2:/);
    expect(docTimestamp).toContain('Signature Field Name: DocTimeStamp1');
    expect(docTimestamp).toContain('Signer Certificate Common Name: e-Signs Test TSA');
    expect(docTimestamp).toContain('Total document signed');
    expect(seal).toContain('Signer Certificate Common Name: LTV Sealing');
    expect(seal).toContain('Signature Validation: Signature is Valid.');
    expect(seal).toContain('Certificate Validation: Certificate is Trusted.');
  });

  it('detects a change to the DSS or the document after the document timestamp', async () => {
    const sealed = await sealLongTerm();
    const dss = Buffer.from(sealed);
    const at = dss.indexOf('/Type /DSS');
    dss.write('X', at + 7, 'latin1'); // /Type /DSX
    expect(verifyPdf(dss).intact).toBe(false);
    expect(verifyPdf(dss).signatures[1]?.valid).toBe(false);

    const appended = Buffer.concat([sealed, Buffer.from('\n% more\n')]);
    expect(verifyPdf(appended).intact).toBe(false);
    expect(await pdfsigTrusting(appended, [ca])).toContain('Not total document signed');
  });
});

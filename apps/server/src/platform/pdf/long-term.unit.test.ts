import { createHash, X509Certificate } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addLongTermValidation,
  archiveExpiryOf,
  createRevocationCache,
  extendLongTermValidation,
  lastDocumentTimestamp,
  renewLongTermValidation,
} from './long-term';
import { certificateFingerprint } from './pdf-signer';
import type { PdfSigner } from './pdf-signer';
import { signPdf } from './sign-pdf';
import {
  issueCertificate,
  makeTestCa,
  pdfsigTrusting,
  signerOf,
  startTestCrl,
  startTestOcsp,
  startTestTsa,
  tsaIdentity,
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

describe('OCSP answers kept between seals', { timeout: 60_000 }, () => {
  it('reuses an answer until its nextUpdate, then asks the responder again', async () => {
    let clock = Date.now();
    // The test responder's answers stand 7 days (nextUpdate); no other limit for this cache.
    const revocationCache = createRevocationCache({ now: () => clock, maxAgeMs: 30 * 86_400_000 });
    const timestamper = createTimestamper({ urls: [tsa.url] });
    const seal = async () =>
      addLongTermValidation(await signPdf(await makePdf([{}]), signer, { timestamper }), {
        timestamper,
        revocationCache,
      });
    const ocspsOf = (sealed: Buffer) => /\/OCSPs \[((?:\d+ 0 R ?)+)\]/.exec(sealed.toString('latin1'))?.[1];

    let before = ocsp.requests;
    const first = await seal();
    expect(ocsp.requests - before).toBe(2);
    expect(ocspsOf(first)?.match(/ 0 R/g)).toHaveLength(2);

    clock += 6 * 86_400_000;
    before = ocsp.requests;
    const second = await seal();
    expect(ocsp.requests - before).toBe(0);
    expect(ocspsOf(second)?.match(/ 0 R/g)).toHaveLength(2);
    expect(verifyPdf(second)).toMatchObject({ intact: true, level: 'B-LTA' });

    clock += 86_400_000 + 60_000; // past nextUpdate
    before = ocsp.requests;
    await seal();
    expect(ocsp.requests - before).toBe(2);
  });

  it('keeps an answer no longer than maxAgeMs after it was fetched, and none without nextUpdate', () => {
    let clock = 1_000_000;
    const cache = createRevocationCache({ now: () => clock, maxAgeMs: 3_600_000 });
    const answer = Buffer.from('answer');
    cache.set('a', answer, new Date(clock + 7 * 86_400_000));
    cache.set('b', answer, null);
    cache.set('c', answer, new Date(clock - 1));
    expect(cache.get('a')).toBe(answer);
    expect(cache.get('b')).toBeNull();
    expect(cache.get('c')).toBeNull();
    clock += 3_600_000;
    expect(cache.get('a')).toBeNull();
  });
});

describe('CRLs and /VRI', { timeout: 60_000 }, () => {
  /** A sealing identity of the test CA whose certificate names `crlUrl` and no OCSP responder. */
  const sealerWithCrl = async (name: string, crlUrl: string) =>
    signerOf(await issueCertificate(ca, { name, role: 'sealing', key: 'rsa', crlUrl }), [ca]);

  it('puts the CRL of a certificate without OCSP in the DSS, with a /VRI entry for the seal', async () => {
    const crl = await startTestCrl(ca);
    try {
      const crlSigner = await sealerWithCrl('CRL Sealing', crl.url);
      const timestamper = createTimestamper({ urls: [tsa.url] });
      const revocationCache = createRevocationCache();
      const signed = await signPdf(await makePdf([{}]), crlSigner, { timestamper });
      const ocspBefore = ocsp.requests;
      const sealed = await addLongTermValidation(signed, { timestamper, revocationCache });
      // The sealing certificate: its CRL; the authority's certificate: its OCSP answer.
      expect(crl.requests).toBe(1);
      expect(ocsp.requests - ocspBefore).toBe(1);
      const text = sealed.toString('latin1');
      const dss =
        /\/Type \/DSS \/Certs \[([^\]]*)\] \/OCSPs \[([^\]]*)\] \/CRLs \[(\d+) 0 R\] \/VRI (\d+) 0 R >>/.exec(
          text,
        );
      expect(dss).not.toBeNull();
      const [, certs, ocsps, crlId, vriId] = dss!;
      expect(certs!.match(/ 0 R/g)).toHaveLength(3);
      expect(ocsps!.match(/ 0 R/g)).toHaveLength(1);
      const streamOf = (id: string) => {
        const match = new RegExp(`\\n${id} 0 obj\\n<< /Length (\\d+) >>\\nstream\\n`).exec(text)!;
        const start = match.index + match[0].length;
        return sealed.subarray(start, start + Number(match[1]));
      };
      expect(streamOf(crlId!).equals(crl.last!)).toBe(true);

      // /VRI: the key is the upper-case SHA-1 of the seal's /Contents bytes.
      const range = /\/ByteRange \[0 (\d+) (\d+) \d+\]/.exec(text)!;
      const contents = Buffer.from(text.slice(Number(range[1]) + 1, Number(range[2]) - 1), 'hex');
      const key = createHash('sha1').update(contents).digest('hex').toUpperCase();
      const vri = new RegExp(
        `\\n${vriId} 0 obj\\n<< /${key} << /Cert \\[([^\\]]*)\\] /OCSP \\[([^\\]]*)\\] /CRL \\[(\\d+) 0 R\\] >> >>`,
      ).exec(text);
      expect(vri).not.toBeNull();
      expect(vri![1]).toBe(certs);
      expect(vri![2]).toBe(ocsps);
      expect(vri![3]).toBe(crlId);

      expect(verifyPdf(sealed)).toMatchObject({ intact: true, level: 'B-LTA' });
      expect(qpdfCheck(sealed).status).toBe(0);
      const seal = (await pdfsigTrusting(sealed, [ca])).split(/Signature #2:/)[1];
      expect(seal).toContain('Signer Certificate Common Name: CRL Sealing');
      expect(seal).toContain('Signature Validation: Signature is Valid.');
      expect(seal).toContain('Certificate Validation: Certificate is Trusted.');

      // The CRL stands until its nextUpdate: the next seal takes it from the cache.
      await addLongTermValidation(await signPdf(await makePdf([{}]), crlSigner, { timestamper }), {
        timestamper,
        revocationCache,
      });
      expect(crl.requests).toBe(1);

      // A renewal keeps the CRL and the /VRI and asks again for the authority's revocation data.
      const ocspBeforeRenewal = ocsp.requests;
      const renewed = await renewLongTermValidation(sealed, { timestamper });
      expect(ocsp.requests - ocspBeforeRenewal).toBe(1);
      const renewedDss = [...renewed.toString('latin1').matchAll(/\/Type \/DSS [^\n]*/g)].at(-1)?.[0];
      expect(renewedDss).toContain(`/CRLs [${crlId} 0 R]`);
      expect(renewedDss).toContain(`/VRI ${vriId} 0 R`);
      expect(verifyPdf(renewed)).toMatchObject({ intact: true, level: 'B-LTA' });
    } finally {
      await crl.close();
    }
  });

  it('leaves out a CRL that the certificate issuer did not sign', async () => {
    const other = await startTestCrl(await makeTestCa('Other Test CA'));
    try {
      const timestamper = createTimestamper({ urls: [tsa.url] });
      const signed = await signPdf(await makePdf([{}]), await sealerWithCrl('Wrong CRL Sealing', other.url), {
        timestamper,
      });
      const sealed = await addLongTermValidation(signed, { timestamper, revocationCache: null });
      expect(other.requests).toBe(1);
      const text = sealed.toString('latin1');
      expect(text).not.toContain('/CRLs');
      expect(text).toMatch(/\/Type \/DSS \/Certs \[(\d+ 0 R ?){3}\] \/OCSPs \[\d+ 0 R\] \/VRI \d+ 0 R >>/);
    } finally {
      await other.close();
    }
  });
});

describe('renewing B-LTA (re-timestamping)', { timeout: 120_000 }, () => {
  it('adds a new DSS and a second document timestamp; every earlier signature stays valid', async () => {
    const sealed = await sealLongTerm();
    expect(lastDocumentTimestamp(sealed)?.authorityNotAfter?.getTime()).toBe(
      new Date(tsa.identity.certificate.notAfter).getTime(),
    );
    // A new authority (the first one's certificate about to expire).
    const next = await startTestTsa(ca, { ocspUrl: ocsp.url });
    try {
      const before = ocsp.requests;
      const renewed = await renewLongTermValidation(sealed, {
        timestamper: createTimestamper({ urls: [next.url] }),
      });
      // Fresh revocation data for the last timestamp's authority certificate.
      expect(ocsp.requests - before).toBe(1);
      expect(renewed.subarray(0, sealed.length).equals(sealed)).toBe(true);
      const check = verifyPdf(renewed);
      expect(check).toMatchObject({ intact: true, level: 'B-LTA' });
      expect(check.signatures.map((s) => [s.sub_filter, s.valid, s.covers_whole_file])).toEqual([
        ['ETSI.CAdES.detached', true, false],
        ['ETSI.RFC3161', true, false],
        ['ETSI.RFC3161', true, true],
      ]);
      const text = renewed.toString('latin1');
      expect(text).toContain('/T (DocTimeStamp2)');
      // The new DSS keeps the earlier entries (3 certificates, 2 responses) and adds one response;
      // the authority's certificate was already there.
      const dssList = [...text.matchAll(/\/Type \/DSS \/Certs \[([^\]]*)\] \/OCSPs \[([^\]]*)\]/g)];
      expect(dssList).toHaveLength(2);
      const count = (refs: string) =>
        refs
          .trim()
          .split(/\s+0\s+R\s*/)
          .filter(Boolean).length;
      expect(count(dssList[1]![1]!)).toBe(3);
      expect(count(dssList[1]![2]!)).toBe(3);
      expect(qpdfCheck(renewed).status).toBe(0);
      const seal = (await pdfsigTrusting(renewed, [ca])).split(/Signature #3:/)[1];
      expect(seal).toContain('Signer Certificate Common Name: LTV Sealing');
      expect(seal).toContain('Signature Validation: Signature is Valid.');

      // Renewed again: a third timestamp, and a changed byte is still caught.
      const again = await renewLongTermValidation(renewed, {
        timestamper: createTimestamper({ urls: [next.url] }),
      });
      expect(verifyPdf(again).signatures).toHaveLength(4);
      expect(verifyPdf(again).intact).toBe(true);
      const tampered = Buffer.from(again);
      tampered.write('X', tampered.indexOf('/Type /DSS') + 7, 'latin1');
      expect(verifyPdf(tampered).intact).toBe(false);
    } finally {
      await next.close();
    }
  });

  it('lists every timestamp with its authority and expiry; the seal stays the signer and ours', async () => {
    const sealed = await sealLongTerm();
    const next = await startTestTsa(ca, { notAfter: new Date(Date.now() + 5 * 365 * 86_400_000) });
    next.identity = await tsaIdentity(ca, {
      name: 'Second Test TSA',
      notAfter: new Date(Date.now() + 5 * 365 * 86_400_000),
    });
    try {
      const renewed = await renewLongTermValidation(sealed, {
        timestamper: createTimestamper({ urls: [next.url] }),
      });
      const check = verifyPdf(renewed, {
        ourFingerprints: [certificateFingerprint(signer.certificates[0]!)],
      });
      expect(check).toMatchObject({ ours: true, signed_by: 'LTV Sealing', level: 'B-LTA' });
      const first = new Date(tsa.identity.certificate.notAfter).toISOString();
      expect(check.timestamps).toEqual([
        expect.objectContaining({
          kind: 'SIGNATURE',
          valid: true,
          authority: 'e-Signs Test TSA',
          authority_expires_at: first,
        }),
        expect.objectContaining({
          kind: 'DOCUMENT',
          valid: true,
          authority: 'e-Signs Test TSA',
          authority_expires_at: first,
        }),
        expect.objectContaining({
          kind: 'DOCUMENT',
          valid: true,
          authority: 'Second Test TSA',
          authority_expires_at: new Date(next.identity.certificate.notAfter).toISOString(),
        }),
      ]);
      expect(check.timestamps.every((t) => t.time !== null)).toBe(true);
      expect(archiveExpiryOf(renewed)?.toISOString()).toBe(check.timestamps[2]!.authority_expires_at);
    } finally {
      await next.close();
    }
  });

  it('extends a seal without a document timestamp with its first one (its expiry: the seal certificate)', async () => {
    const signed = await signPdf(await makePdf([{}]), signer, {});
    expect(verifyPdf(signed).timestamps).toEqual([]);
    expect(archiveExpiryOf(signed)?.getTime()).toBe(
      new Date(new X509Certificate(signer.certificates[0]!).validTo).getTime(),
    );
    const extended = await extendLongTermValidation(signed, {
      timestamper: createTimestamper({ urls: [tsa.url] }),
    });
    const check = verifyPdf(extended);
    expect(check).toMatchObject({ intact: true, level: 'B-B', signed_by: 'LTV Sealing' });
    expect(check.timestamps.map((t) => t.kind)).toEqual(['DOCUMENT']);
    expect(archiveExpiryOf(extended)?.getTime()).toBe(new Date(tsa.identity.certificate.notAfter).getTime());
  });

  it('refuses a file that does not end with a document timestamp', async () => {
    const signed = await signPdf(await makePdf([{}]), signer, {});
    expect(lastDocumentTimestamp(signed)).toBeNull();
    await expect(
      renewLongTermValidation(signed, { timestamper: createTimestamper({ urls: [tsa.url] }) }),
    ).rejects.toMatchObject({ status: 422 });
  });
});

import { spawnSync } from 'node:child_process';
import { createHash, X509Certificate } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import * as asn1js from 'asn1js';
import * as pkijs from 'pkijs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addLongTermValidation,
  archiveExpiryOf,
  createRevocationCache,
  CRL_MAX_BYTES,
  extendLongTermValidation,
  lastDocumentTimestamp,
  renewLongTermValidation,
  type RevocationCache,
} from './long-term';
import { certificateFingerprint } from './pdf-signer';
import type { PdfSigner } from './pdf-signer';
import { signPdf } from './sign-pdf';
import {
  drained,
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

type QpdfObject = { value?: unknown; stream?: { dict: Record<string, unknown>; data?: string } };
type VriEntry = { certs: Buffer[]; ocsps: Buffer[]; crls: Buffer[] };

/**
 * The file's DSS as qpdf reads it (its own parser; the catalog of the last update): the streams
 * of /Certs, /OCSPs and /CRLs and each /VRI entry's /Cert, /OCSP and /CRL streams, by key.
 */
function dssOf(file: Buffer): VriEntry & { vri: Record<string, VriEntry> } {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'dss-'));
  let objects: Record<string, QpdfObject>;
  try {
    writeFileSync(path.join(dir, 'file.pdf'), file);
    const result = spawnSync(
      'qpdf',
      ['--json=2', '--json-key=qpdf', '--json-stream-data=inline', path.join(dir, 'file.pdf')],
      { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 },
    );
    objects = (JSON.parse(result.stdout) as { qpdf: [unknown, Record<string, QpdfObject>] }).qpdf[1];
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  const resolve = (ref: unknown) => objects[`obj:${String(ref)}`]!;
  const dictionary = (ref: unknown) => resolve(ref).value as Record<string, unknown>;
  const streams = (refs: unknown) =>
    ((refs as string[] | undefined) ?? []).map((ref) => Buffer.from(resolve(ref).stream!.data!, 'base64'));
  const trailer = objects.trailer!.value as Record<string, unknown>;
  const dss = dictionary(dictionary(trailer['/Root'])['/DSS']);
  const vri = dss['/VRI'] ? dictionary(dss['/VRI']) : {};
  return {
    certs: streams(dss['/Certs']),
    ocsps: streams(dss['/OCSPs']),
    crls: streams(dss['/CRLs']),
    vri: Object.fromEntries(
      Object.entries(vri).map(([key, value]) => {
        const entry = value as Record<string, unknown>;
        return [
          key.slice(1),
          { certs: streams(entry['/Cert']), ocsps: streams(entry['/OCSP']), crls: streams(entry['/CRL']) },
        ];
      }),
    ),
  };
}

/** The /Contents bytes (zero padding included) of the file's signatures, in file order. */
function signatureContents(file: Buffer): Buffer[] {
  const text = file.toString('latin1');
  return [...text.matchAll(/\/ByteRange \[0 (\d+) (\d+) \d+\]/g)].map((m) =>
    Buffer.from(text.slice(Number(m[1]) + 1, Number(m[2]) - 1), 'hex'),
  );
}

const sha1Key = (bytes: Buffer) => createHash('sha1').update(bytes).digest('hex').toUpperCase();

/** A document timestamp's /VRI key: the SHA-1 of its token's DER (asn1js finds where it ends). */
const tokenKey = (contents: Buffer) =>
  sha1Key(contents.subarray(0, asn1js.fromBER(new Uint8Array(contents)).offset));

/** The serial number (hex) of the certificate an OCSP response answers for. */
function ocspSerial(der: Buffer): string {
  const answer = pkijs.OCSPResponse.fromBER(new Uint8Array(der));
  const basic = pkijs.BasicOCSPResponse.fromBER(answer.responseBytes!.response.getValue());
  return Buffer.from(
    basic.tbsResponseData.responses[0]!.certID.serialNumber.valueBlock.valueHexView,
  ).toString('hex');
}

const hex = (list: Buffer[]) => list.map((b) => b.toString('hex'));

/** A serial number in hex, compared without case and leading zeros. */
const serialOf = (value: string) => value.toLowerCase().replace(/^0+/, '');

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

      // A renewal keeps the CRL and the seal's /VRI entry and asks again for the authority's
      // revocation data (the /VRI dictionary is written again, with the document timestamp's entry).
      const ocspBeforeRenewal = ocsp.requests;
      const renewed = await renewLongTermValidation(sealed, { timestamper });
      expect(ocsp.requests - ocspBeforeRenewal).toBe(1);
      const renewedDss = [...renewed.toString('latin1').matchAll(/\/Type \/DSS [^\n]*/g)].at(-1)?.[0];
      expect(renewedDss).toContain(`/CRLs [${crlId} 0 R]`);
      expect(dssOf(renewed).vri[key]).toEqual(dssOf(sealed).vri[key]);
      expect(hex(dssOf(renewed).vri[key]!.crls)).toEqual(hex([crl.last!]));
      expect(verifyPdf(renewed)).toMatchObject({ intact: true, level: 'B-LTA' });
    } finally {
      await crl.close();
    }
  });

  /**
   * Seals with a certificate whose only revocation source is `crlUrl`: the file, its DSS's CRLs
   * and the CRLs handed to the revocation cache (their size).
   */
  const sealWithCrlAt = async (crlUrl: string, options: { ocspTimeoutMs?: number } = {}) => {
    const kept: number[] = [];
    const revocationCache: RevocationCache = {
      get: () => null,
      set: (key, der) => {
        if (key.startsWith('crl ')) kept.push(der.length);
      },
    };
    const timestamper = createTimestamper({ urls: [tsa.url] });
    const signed = await signPdf(await makePdf([{}]), await sealerWithCrl('Limits Sealing', crlUrl), {
      timestamper,
    });
    const sealed = await addLongTermValidation(signed, { timestamper, revocationCache, ...options });
    return { sealed, crls: dssOf(sealed).crls, kept };
  };

  it.each([
    ['signed by a CA of another name', async () => startTestCrl(await makeTestCa('Other Test CA'))],
    // The issuer's name, another key: only the signature check tells.
    ['signed by another key in the issuer’s name', async () => startTestCrl(await makeTestCa())],
    ['past its nextUpdate', () => startTestCrl(ca, { nextUpdate: new Date(Date.now() - 60_000) })],
  ])('leaves out a CRL %s', async (_, start) => {
    const other = await start();
    try {
      const { sealed, crls, kept } = await sealWithCrlAt(other.url);
      expect(other.requests).toBe(1);
      expect(crls).toEqual([]);
      expect(kept).toEqual([]);
      const text = sealed.toString('latin1');
      expect(text).not.toContain('/CRLs');
      expect(text).toMatch(/\/Type \/DSS \/Certs \[(\d+ 0 R ?){3}\] \/OCSPs \[\d+ 0 R\] \/VRI \d+ 0 R >>/);
    } finally {
      await other.close();
    }
  });

  it.each([
    ['keeps a CRL of 1 KiB of padding sent in chunks', 1024, true, true],
    ['leaves out a valid CRL over CRL_MAX_BYTES sent with its Content-Length', CRL_MAX_BYTES, false, false],
    ['leaves out a valid CRL over CRL_MAX_BYTES sent in chunks', CRL_MAX_BYTES, true, false],
  ])('%s', async (_, paddingBytes, chunked, isKept) => {
    const large = await startTestCrl(ca, { paddingBytes, chunked });
    try {
      const { sealed, crls, kept } = await sealWithCrlAt(large.url);
      expect(large.requests).toBe(1);
      expect(large.last!.length).toBeGreaterThan(paddingBytes);
      expect(hex(crls)).toEqual(isKept ? hex([large.last!]) : []);
      expect(kept).toEqual(isKept ? [large.last!.length] : []);
      expect(verifyPdf(sealed)).toMatchObject({ intact: true, level: 'B-LTA' });
      if (!isKept) expect(sealed.length).toBeLessThan(1024 * 1024);
    } finally {
      await large.close();
    }
  });

  it.each([
    ['with a Content-Length', true],
    ['in chunks', false],
  ])('stops reading a download past CRL_MAX_BYTES (%s)', async (_, hasLength) => {
    const total = 16 * CRL_MAX_BYTES;
    let served = 0;
    let finished: Promise<boolean> | null = null;
    const endless = await startCrlServer((response) => {
      finished = new Promise((resolve) => {
        response.on('finish', () => resolve(true));
        response.on('close', () => resolve(response.writableFinished));
      });
      response.writeHead(200, {
        'content-type': 'application/pkix-crl',
        ...(hasLength ? { 'content-length': String(total) } : {}),
      });
      void (async () => {
        const chunk = Buffer.alloc(65_536);
        while (served < total && !response.destroyed) {
          served += chunk.length;
          if (!response.write(chunk)) await drained(response);
        }
        if (!response.destroyed) response.end();
      })();
    });
    try {
      const { sealed, crls, kept } = await sealWithCrlAt(endless.url);
      expect(endless.requests).toBe(1);
      expect(crls).toEqual([]);
      expect(kept).toEqual([]);
      expect(verifyPdf(sealed)).toMatchObject({ intact: true, level: 'B-LTA' });
      // The client closed the connection: the server never got to the end of the body.
      expect(await finished).toBe(false);
      expect(served).toBeLessThan(total);
    } finally {
      await endless.close();
    }
  });

  it.each([
    ['never answers', () => undefined],
    [
      'sends the start of a CRL, then nothing',
      (response: ServerResponse) => {
        response.writeHead(200, { 'content-type': 'application/pkix-crl' });
        response.write(Buffer.from([0x30, 0x82, 0x04, 0x00]));
      },
    ],
  ])('gives up on a distribution point that %s (the timeout)', async (_, handle) => {
    const silent = await startCrlServer(handle);
    try {
      // The default timeout is 10 s; without one the seal would wait past the test's 60 s.
      const { sealed, crls } = await sealWithCrlAt(silent.url, { ocspTimeoutMs: 300 });
      expect(silent.requests).toBe(1);
      expect(crls).toEqual([]);
      expect(verifyPdf(sealed)).toMatchObject({ intact: true, level: 'B-LTA' });
    } finally {
      await silent.close();
    }
  });

  it('lists the CRL of the document timestamp’s authority in its /VRI entry at renewal', async () => {
    const crl = await startTestCrl(ca);
    const crlTsa = await startTestTsa(ca, { crlUrl: crl.url });
    try {
      const timestamper = createTimestamper({ urls: [crlTsa.url] });
      const signed = await signPdf(await makePdf([{}]), signer, { timestamper });
      const sealed = await addLongTermValidation(signed, { timestamper, revocationCache: null });
      expect(crl.requests).toBe(1);
      const renewed = await renewLongTermValidation(sealed, { timestamper });
      expect(crl.requests).toBe(2);
      const [sealContents, firstStamp] = signatureContents(renewed);
      const sealKey = sha1Key(sealContents!);
      const after = dssOf(renewed);
      expect(Object.keys(after.vri).sort()).toEqual([sealKey, tokenKey(firstStamp!)].sort());
      expect(after.vri[sealKey]).toEqual(dssOf(sealed).vri[sealKey]);
      const entry = after.vri[tokenKey(firstStamp!)]!;
      expect(hex(entry.certs)).toEqual(hex([crlTsa.identity.der, ca.der]));
      expect(entry.ocsps).toEqual([]);
      expect(hex(entry.crls)).toEqual(hex([crl.last!]));
      expect(hex(after.crls)).toHaveLength(2);
      expect(hex(after.crls)).toContain(crl.last!.toString('hex'));
      expect(verifyPdf(renewed)).toMatchObject({ intact: true, level: 'B-LTA' });
      expect(qpdfCheck(renewed).status).toBe(0);
    } finally {
      await crlTsa.close();
      await crl.close();
    }
  });
});

/** A CRL distribution point answering every request with `handle` (a misbehaving one). */
async function startCrlServer(handle: (response: ServerResponse) => void) {
  const server = createServer((_request, response) => {
    local.requests++;
    handle(response);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const local = {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/ca.crl`,
    requests: 0,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  return local;
}

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

  it('adds a /VRI entry for the document timestamp whose authority it adds data for; earlier entries stay', async () => {
    const sealed = await sealLongTerm();
    const [sealContents, firstStamp] = signatureContents(sealed);
    const sealKey = sha1Key(sealContents!);
    const before = dssOf(sealed);
    expect(Object.keys(before.vri)).toEqual([sealKey]);

    const timestamper = createTimestamper({ urls: [tsa.url] });
    const renewed = await renewLongTermValidation(sealed, { timestamper });
    const after = dssOf(renewed);
    // The key: SHA-1 of the token's DER, the zero padding of /Contents left out.
    const firstKey = tokenKey(firstStamp!);
    expect(firstKey).not.toBe(sha1Key(firstStamp!));
    expect(Object.keys(after.vri).sort()).toEqual([sealKey, firstKey].sort());
    expect(after.vri[sealKey]).toEqual(before.vri[sealKey]);
    const entry = after.vri[firstKey]!;
    // The authority's chain and the fresh OCSP response for its certificate (the root has none).
    expect(hex(entry.certs)).toEqual(hex([tsa.identity.der, ca.der]));
    expect(hex(entry.ocsps)).toEqual(hex(after.ocsps.slice(before.ocsps.length)));
    expect(entry.ocsps).toHaveLength(1);
    expect(serialOf(ocspSerial(entry.ocsps[0]!))).toBe(serialOf(tsa.identity.certificate.serialNumber));
    expect(entry.crls).toEqual([]);
    expect(hex(after.certs)).toEqual(expect.arrayContaining(hex(entry.certs)));

    // Renewed again: an entry for DocTimeStamp2 too, the earlier two kept as they were.
    const again = await renewLongTermValidation(renewed, { timestamper });
    const secondKey = tokenKey(signatureContents(again)[2]!);
    const third = dssOf(again);
    expect(Object.keys(third.vri).sort()).toEqual([sealKey, firstKey, secondKey].sort());
    expect(third.vri[sealKey]).toEqual(before.vri[sealKey]);
    expect(third.vri[firstKey]).toEqual(entry);
    expect(third.vri[secondKey]!.ocsps).toHaveLength(1);
    expect(verifyPdf(again)).toMatchObject({ intact: true, level: 'B-LTA' });
    expect(qpdfCheck(again).status).toBe(0);
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

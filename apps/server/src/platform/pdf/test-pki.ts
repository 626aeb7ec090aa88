import { execFile } from 'node:child_process';
import { createHash, KeyObject, webcrypto } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { x509 } from './x509';
import * as asn1js from 'asn1js';
import * as pkijs from 'pkijs';
import { arrayBufferOf, OID, parseCertificate } from './cms';
import { createPdfSigner, type PdfSigner } from './pdf-signer';

/*
 * A public-key infrastructure for tests only: a CA made on the spot, certificates it issues, a
 * local RFC 3161 timestamp authority and a local OCSP responder (HTTP servers on 127.0.0.1), and
 * pdfsig with that CA trusted (an NSS database made with certutil). No internet.
 */

pkijs.setEngine(
  'node-webcrypto',
  new pkijs.CryptoEngine({
    name: 'node',
    crypto: webcrypto as unknown as pkijs.CryptoEngineParameters['crypto'],
  }),
);

type CryptoKeyPair = webcrypto.CryptoKeyPair;

const EC = { name: 'ECDSA', namedCurve: 'P-256', hash: 'SHA-256' } as const;
const RSA = {
  name: 'RSASSA-PKCS1-v1_5',
  hash: 'SHA-256',
  publicExponent: new Uint8Array([1, 0, 1]),
  modulusLength: 2048,
} as const;

export type TestIdentity = {
  certificate: x509.X509Certificate;
  keys: CryptoKeyPair;
  der: Buffer;
  pem: string;
};

let serial = 1000;

async function keysFor(kind: 'ec' | 'rsa'): Promise<CryptoKeyPair> {
  return (await webcrypto.subtle.generateKey(kind === 'ec' ? EC : RSA, true, [
    'sign',
    'verify',
  ])) as CryptoKeyPair;
}

function identityOf(certificate: x509.X509Certificate, keys: CryptoKeyPair): TestIdentity {
  return { certificate, keys, der: Buffer.from(certificate.rawData), pem: certificate.toString('pem') };
}

/** A self-signed root CA (ECDSA P-256 unless `key`), valid from a day ago for ten years. */
export async function makeTestCa(
  name = 'e-Signs Test Root CA',
  key: 'ec' | 'rsa' = 'ec',
): Promise<TestIdentity> {
  const keys = await keysFor(key);
  const certificate = await x509.X509CertificateGenerator.createSelfSigned({
    serialNumber: (serial++).toString(16).padStart(4, '0'),
    name: `CN=${name}, O=e-Signs Tests`,
    notBefore: new Date(Date.now() - 86_400_000),
    notAfter: new Date(Date.now() + 10 * 365 * 86_400_000),
    signingAlgorithm: key === 'ec' ? EC : RSA,
    keys,
    extensions: [
      new x509.BasicConstraintsExtension(true, undefined, true),
      new x509.KeyUsagesExtension(x509.KeyUsageFlags.keyCertSign | x509.KeyUsageFlags.cRLSign, true),
      await x509.SubjectKeyIdentifierExtension.create(keys.publicKey),
    ],
  });
  return identityOf(certificate, keys);
}

/**
 * A certificate issued by `ca`: `sealing` (digitalSignature + nonRepudiation), `tsa` (critical
 * extended key usage timeStamping) or `ocsp` (OCSPSigning). `ocspUrl`: its authority information
 * access names that responder.
 */
export async function issueCertificate(
  ca: TestIdentity,
  options: {
    name: string;
    role: 'sealing' | 'tsa' | 'ocsp' | 'encryption';
    key?: 'ec' | 'rsa';
    ocspUrl?: string;
    /** A CRL distribution point (`startTestCrl`'s url). */
    crlUrl?: string;
    /** Validity (default: from an hour ago for two years). */
    notBefore?: Date;
    notAfter?: Date;
  },
): Promise<TestIdentity> {
  const keys = await keysFor(options.key ?? 'ec');
  const extensions: x509.Extension[] = [
    new x509.BasicConstraintsExtension(false, undefined, true),
    new x509.KeyUsagesExtension(
      options.role === 'sealing'
        ? x509.KeyUsageFlags.digitalSignature | x509.KeyUsageFlags.nonRepudiation
        : options.role === 'encryption'
          ? x509.KeyUsageFlags.keyEncipherment
          : x509.KeyUsageFlags.digitalSignature,
      true,
    ),
    await x509.SubjectKeyIdentifierExtension.create(keys.publicKey),
    await x509.AuthorityKeyIdentifierExtension.create(ca.certificate),
  ];
  if (options.role === 'tsa')
    extensions.push(new x509.ExtendedKeyUsageExtension(['1.3.6.1.5.5.7.3.8'], true));
  if (options.role === 'ocsp') extensions.push(new x509.ExtendedKeyUsageExtension(['1.3.6.1.5.5.7.3.9']));
  if (options.ocspUrl) {
    extensions.push(
      new x509.AuthorityInfoAccessExtension({ ocsp: [new x509.GeneralName('url', options.ocspUrl)] }),
    );
  }
  if (options.crlUrl) extensions.push(new x509.CRLDistributionPointsExtension([options.crlUrl]));
  const certificate = await x509.X509CertificateGenerator.create({
    serialNumber: (serial++).toString(16).padStart(4, '0'),
    subject: `CN=${options.name}, O=e-Signs Tests`,
    issuer: ca.certificate.subjectName,
    notBefore: options.notBefore ?? new Date(Date.now() - 3600_000),
    notAfter: options.notAfter ?? new Date(Date.now() + 2 * 365 * 86_400_000),
    signingAlgorithm: ca.keys.privateKey.algorithm.name === 'ECDSA' ? EC : RSA,
    publicKey: keys.publicKey,
    signingKey: ca.keys.privateKey,
    extensions,
  });
  return identityOf(certificate, keys);
}

/** A PdfSigner for a test identity, its chain embedded. */
export async function signerOf(identity: TestIdentity, chain: TestIdentity[] = []): Promise<PdfSigner> {
  const pkcs8 = Buffer.from(await webcrypto.subtle.exportKey('pkcs8', identity.keys.privateKey));
  return createPdfSigner({
    privateKey: KeyObject.from(
      await webcrypto.subtle.importKey('pkcs8', pkcs8, identity.keys.privateKey.algorithm, true, ['sign']),
    ),
    certificates: [identity.der, ...chain.map((c) => c.der)],
    location: 'sign.test',
    contactInfo: 'seal@sign.test',
  });
}

/**
 * A PKCS#12 bundle of a test identity and its chain, made by `openssl pkcs12 -export` (OpenSSL 3's
 * defaults: PBES2/AES-256, SHA-256 MAC), or with `legacy` 3DES. `noKey`: certificates only.
 */
export async function p12Of(
  identity: TestIdentity,
  passphrase: string,
  options: { chain?: TestIdentity[]; noKey?: boolean; legacy?: boolean } = {},
): Promise<Buffer> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'esigns-p12-'));
  try {
    const keyPem = KeyObject.from(identity.keys.privateKey).export({ type: 'pkcs8', format: 'pem' });
    writeFileSync(path.join(dir, 'key.pem'), keyPem);
    writeFileSync(path.join(dir, 'cert.pem'), identity.pem);
    writeFileSync(path.join(dir, 'chain.pem'), (options.chain ?? []).map((c) => c.pem).join('\n'));
    const args = [
      'pkcs12',
      '-export',
      '-in',
      'cert.pem',
      '-out',
      'out.p12',
      '-passout',
      `pass:${passphrase}`,
    ];
    if (options.noKey) args.push('-nokeys');
    else args.push('-inkey', 'key.pem');
    if (options.chain?.length) args.push('-certfile', 'chain.pem');
    if (options.legacy) args.push('-legacy');
    await execFileAsync('openssl', args, { cwd: dir });
    return readFileSync(path.join(dir, 'out.p12'));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

type LocalServer = { url: string; requests: number; close(): Promise<void> };

async function listen(server: Server): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

async function readBody(request: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** Resolves when `response` can take more bytes, or is closed (the client went away). */
export function drained(response: ServerResponse): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      response.off('drain', done);
      response.off('close', done);
      resolve();
    };
    response.on('drain', done);
    response.on('close', done);
  });
}

/** Test identities' certificates parsed once (the local TSA signs with the same ones every time). */
const parsedIdentities = new WeakMap<TestIdentity, pkijs.Certificate>();
function parsedIdentity(identity: TestIdentity): pkijs.Certificate {
  let parsed = parsedIdentities.get(identity);
  if (!parsed) {
    parsed = parseCertificate(identity.der);
    parsedIdentities.set(identity, parsed);
  }
  return parsed;
}

/** A SignedData over `eContent` signed (pkijs) by `identity`, with `certificates` embedded. */
async function signedContent(
  identity: TestIdentity,
  eContentType: string,
  eContent: ArrayBuffer,
  certificates: TestIdentity[],
): Promise<pkijs.ContentInfo> {
  const certificate = parsedIdentity(identity);
  const digest = createHash('sha256').update(Buffer.from(eContent)).digest();
  const essCertIdV2 = new asn1js.Sequence({
    value: [
      new asn1js.OctetString({ valueHex: arrayBufferOf(createHash('sha256').update(identity.der).digest()) }),
    ],
  });
  const signedData = new pkijs.SignedData({
    version: 3,
    digestAlgorithms: [new pkijs.AlgorithmIdentifier({ algorithmId: OID.sha256 })],
    encapContentInfo: new pkijs.EncapsulatedContentInfo({
      eContentType,
      eContent: new asn1js.OctetString({ valueHex: eContent }),
    }),
    certificates: certificates.map(parsedIdentity),
    signerInfos: [
      new pkijs.SignerInfo({
        version: 1,
        sid: new pkijs.IssuerAndSerialNumber({
          issuer: certificate.issuer,
          serialNumber: certificate.serialNumber,
        }),
        signedAttrs: new pkijs.SignedAndUnsignedAttributes({
          type: 0,
          attributes: [
            new pkijs.Attribute({
              type: OID.contentType,
              values: [new asn1js.ObjectIdentifier({ value: eContentType })],
            }),
            new pkijs.Attribute({
              type: OID.messageDigest,
              values: [new asn1js.OctetString({ valueHex: arrayBufferOf(digest) })],
            }),
            new pkijs.Attribute({
              type: OID.signingCertificateV2,
              values: [new asn1js.Sequence({ value: [new asn1js.Sequence({ value: [essCertIdV2] })] })],
            }),
          ],
        }),
      }),
    ],
  });
  await signedData.sign(identity.keys.privateKey, 0, 'SHA-256');
  return new pkijs.ContentInfo({ contentType: OID.signedData, content: signedData.toSchema(true) });
}

export type TestTsa = LocalServer & {
  /** When set, the authority answers with this HTTP status (a failing authority). */
  failWith: number | null;
  /** The authority's certificate and key: replace it (`tsaIdentity`) to rotate the authority. */
  identity: TestIdentity;
};

/** A timestamp authority's certificate issued by `ca` (for `startTestTsa`, or to rotate `tsa.identity`). */
export function tsaIdentity(
  ca: TestIdentity,
  options: { ocspUrl?: string; crlUrl?: string; notAfter?: Date; name?: string } = {},
): Promise<TestIdentity> {
  return issueCertificate(ca, { role: 'tsa', ...options, name: options.name ?? 'e-Signs Test TSA' });
}

/**
 * A local RFC 3161 timestamp authority (its certificate issued by `ca`, embedded in every token).
 * `notAfter`: its certificate expires then (a short-lived authority for the renewal tests).
 * `ocspUrl`, `crlUrl`: its certificate names that responder, that CRL distribution point.
 */
export async function startTestTsa(
  ca: TestIdentity,
  options: { ocspUrl?: string; crlUrl?: string; notAfter?: Date } = {},
): Promise<TestTsa> {
  const identity = await tsaIdentity(ca, options);
  let tokenSerial = 1;
  const server = createServer((request, response) => {
    void (async () => {
      tsa.requests++;
      const body = await readBody(request);
      if (tsa.failWith !== null) {
        response.writeHead(tsa.failWith).end('unavailable');
        return;
      }
      const query = pkijs.TimeStampReq.fromBER(arrayBufferOf(body));
      const tstInfo = new pkijs.TSTInfo({
        version: 1,
        policy: '1.3.6.1.4.1.99999.1',
        messageImprint: query.messageImprint,
        serialNumber: new asn1js.Integer({ value: tokenSerial++ }),
        genTime: new Date(Math.floor(Date.now() / 1000) * 1000),
        accuracy: new pkijs.Accuracy({ seconds: 1 }),
        ...(query.nonce ? { nonce: query.nonce } : {}),
      });
      const token = await signedContent(tsa.identity, OID.tstInfo, tstInfo.toSchema().toBER(), [
        tsa.identity,
        ca,
      ]);
      const answer = new pkijs.TimeStampResp({
        status: new pkijs.PKIStatusInfo({ status: 0 }),
        timeStampToken: token,
      });
      response.writeHead(200, { 'content-type': 'application/timestamp-reply' });
      response.end(Buffer.from(answer.toSchema().toBER()));
    })().catch((err: unknown) => {
      response.writeHead(500).end(String(err));
    });
  });
  const url = await listen(server);
  const tsa: TestTsa = {
    url,
    requests: 0,
    failWith: null,
    identity,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
  return tsa;
}

export type TestOcsp = LocalServer & { identity: TestIdentity; revoked: Set<string> };

/**
 * A local OCSP responder for certificates issued by `ca` (answers "good", or "revoked" for the
 * serial numbers (hex) in `revoked`), signed by a delegated responder certificate.
 */
export async function startTestOcsp(ca: TestIdentity): Promise<TestOcsp> {
  const identity = await issueCertificate(ca, { name: 'e-Signs Test OCSP', role: 'ocsp' });
  const responderCertificate = parseCertificate(identity.der);
  const server = createServer((request, response) => {
    void (async () => {
      ocsp.requests++;
      const body = await readBody(request);
      const query = pkijs.OCSPRequest.fromBER(arrayBufferOf(body));
      const now = new Date(Math.floor(Date.now() / 1000) * 1000);
      const responses = query.tbsRequest.requestList.map((item) => {
        const serialHex = Buffer.from(item.reqCert.serialNumber.valueBlock.valueHexView).toString('hex');
        const revoked = ocsp.revoked.has(serialHex.replace(/^0+/, ''));
        return new pkijs.SingleResponse({
          certID: item.reqCert,
          certStatus: revoked
            ? new asn1js.Constructed({
                idBlock: { tagClass: 3, tagNumber: 1 },
                value: [new asn1js.GeneralizedTime({ valueDate: new Date(now.getTime() - 60_000) })],
              })
            : new asn1js.Primitive({ idBlock: { tagClass: 3, tagNumber: 0 } }),
          thisUpdate: now,
          nextUpdate: new Date(now.getTime() + 7 * 86_400_000),
        });
      });
      const basic = new pkijs.BasicOCSPResponse({
        tbsResponseData: new pkijs.ResponseData({
          responderID: responderCertificate.subject,
          producedAt: now,
          responses,
        }),
        certs: [responderCertificate],
      });
      await basic.sign(identity.keys.privateKey, 'SHA-256');
      const answer = new pkijs.OCSPResponse({
        responseStatus: new asn1js.Enumerated({ value: 0 }),
        responseBytes: new pkijs.ResponseBytes({
          responseType: '1.3.6.1.5.5.7.48.1.1',
          response: new asn1js.OctetString({ valueHex: basic.toSchema().toBER() }),
        }),
      });
      response.writeHead(200, { 'content-type': 'application/ocsp-response' });
      response.end(Buffer.from(answer.toSchema().toBER()));
    })().catch((err: unknown) => {
      response.writeHead(500).end(String(err));
    });
  });
  const url = await listen(server);
  const ocsp: TestOcsp = {
    url,
    requests: 0,
    identity,
    revoked: new Set(),
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
  return ocsp;
}

export type TestCrl = LocalServer & {
  /** Serial numbers (hex, as in the certificate) listed as revoked. */
  revoked: Set<string>;
  /** The last CRL served (DER). */
  last: Buffer | null;
};

/** A private, non-critical CRL extension of `bytes` zero bytes (an OCTET STRING): a CRL made large. */
function paddingExtension(bytes: number): x509.Extension {
  const header = Buffer.from([0x04, 0x84, 0, 0, 0, 0]);
  header.writeUInt32BE(bytes, 2);
  return new x509.Extension('1.3.6.1.4.1.99999.3', false, Buffer.concat([header, Buffer.alloc(bytes)]));
}

/**
 * A local CRL distribution point for `ca`: GET answers a CRL signed by the CA (thisUpdate now,
 * nextUpdate in 7 days unless `nextUpdate`) listing the serial numbers in `revoked`, sent with its
 * Content-Length. `paddingBytes`: the CRL carries an extension of that many bytes (a large but
 * valid CRL); `chunked`: sent in 64 KiB chunks without a Content-Length.
 */
export async function startTestCrl(
  ca: TestIdentity,
  options: { nextUpdate?: Date; paddingBytes?: number; chunked?: boolean } = {},
): Promise<TestCrl> {
  const server = createServer((_request, response) => {
    void (async () => {
      crl.requests++;
      const now = new Date(Math.floor(Date.now() / 1000) * 1000);
      const list = await x509.X509CrlGenerator.create({
        issuer: ca.certificate.subjectName,
        thisUpdate: now,
        nextUpdate: options.nextUpdate ?? new Date(now.getTime() + 7 * 86_400_000),
        entries: [...crl.revoked].map((serialNumber) => ({ serialNumber, revocationDate: now })),
        extensions: options.paddingBytes ? [paddingExtension(options.paddingBytes)] : [],
        signingAlgorithm: ca.keys.privateKey.algorithm.name === 'ECDSA' ? EC : RSA,
        signingKey: ca.keys.privateKey,
      });
      crl.last = Buffer.from(list.rawData);
      if (!options.chunked) {
        response.writeHead(200, { 'content-type': 'application/pkix-crl' });
        response.end(crl.last);
        return;
      }
      response.writeHead(200, { 'content-type': 'application/pkix-crl' });
      for (let at = 0; at < crl.last.length && !response.destroyed; at += 65_536) {
        if (!response.write(crl.last.subarray(at, at + 65_536))) await drained(response);
      }
      if (!response.destroyed) response.end();
    })().catch((err: unknown) => {
      response.writeHead(500).end(String(err));
    });
  });
  const url = await listen(server);
  const crl: TestCrl = {
    url: `${url}/ca.crl`,
    requests: 0,
    revoked: new Set(),
    last: null,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
  return crl;
}

const execFileAsync = promisify(execFile);

/**
 * pdfsig with `trusted` CA certificates imported into a fresh NSS database (certutil), run
 * asynchronously so that local responders in this process can answer. `ocsp: false` adds -no-ocsp
 * (poppler 22.12 then reports "Unknown issue with Certificate" for a good chain: leave OCSP on).
 */
export async function pdfsigTrusting(
  bytes: Uint8Array,
  trusted: TestIdentity[],
  options: { ocsp?: boolean } = {},
): Promise<string> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'nss-'));
  try {
    await execFileAsync('certutil', ['-N', '-d', `sql:${dir}`, '--empty-password']);
    for (const [i, ca] of trusted.entries()) {
      const file = path.join(dir, `ca-${i}.pem`);
      writeFileSync(file, ca.pem);
      await execFileAsync('certutil', [
        '-A',
        '-d',
        `sql:${dir}`,
        '-n',
        `test-ca-${i}`,
        '-t',
        'CT,C,C',
        '-i',
        file,
      ]);
    }
    const pdf = path.join(dir, 'signed.pdf');
    writeFileSync(pdf, bytes);
    const args = ['-nssdir', `sql:${dir}`, ...(options.ocsp === false ? ['-no-ocsp'] : []), pdf];
    const result = await execFileAsync('pdfsig', args).catch((err: { stdout?: string; stderr?: string }) => ({
      stdout: err.stdout ?? '',
      stderr: err.stderr ?? '',
    }));
    return `${result.stdout}\n${result.stderr}`;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

import { createHash, X509Certificate } from 'node:crypto';
import * as pkijs from 'pkijs';
import { AppError } from '../http/app-error';
import {
  arrayBufferOf,
  certificatesInCms,
  checkCmsSignature,
  checkTimestampToken,
  parsedCertificate,
} from './cms';
import type { Timestamper } from './timestamp';

/*
 * PAdES B-LT and B-LTA on a signed PDF, in one incremental update appended after the signature:
 * a DSS (Document Security Store: the certificates of the signer's and the timestamp authority's
 * chains, an OCSP response for each certificate that names a responder, else the CRL of its
 * distribution point, and a /VRI entry for the seal's signature), then a document timestamp
 * (/DocTimeStamp, ETSI.RFC3161) whose byte range covers the whole file, DSS included.
 * The signature before stays valid: its byte range is untouched. A renewal adds the /VRI entry
 * of the document timestamp before it.
 */

export type LongTermOptions = {
  timestamper: Timestamper;
  /**
   * Per OCSP request and CRL download (default 10 s). An unreachable responder or distribution
   * point leaves that certificate without revocation data.
   */
  ocspTimeoutMs?: number;
  /**
   * `addLongTermValidation` only: the certificates of the signature and of its timestamp token
   * when the caller already has them (`sealDocument`: the signer's chain and the token's, as the
   * timestamper checked it); else they are read from the last signature of `signed`.
   */
  certificates?: Buffer[];
  /**
   * Where OCSP answers and CRLs are kept between seals (default: this process's
   * `sharedRevocationCache` for `addLongTermValidation`; a renewal always asks again, fresh data
   * being its point). null: ask every time.
   */
  revocationCache?: RevocationCache | null;
};

/** A CRL larger than this is not downloaded (the certificate then goes without revocation data). */
export const CRL_MAX_BYTES = 5 * 1024 * 1024;

/**
 * OCSP answers (per certificate, issuer and responder) and CRLs (per distribution point and
 * issuer) kept until their nextUpdate, the issuer's own statement of how long they stand (RFC 5019
 * 2.2.4; what the EU's DSS library does with its OCSP and CRL caches), and never longer than
 * `maxAgeMs` after they were fetched (default 24 h) so that a long nextUpdate does not make them
 * stale. One without nextUpdate is not kept. Bounded (`maxEntries`, default 1,000; the oldest
 * goes first).
 */
export type RevocationCache = {
  get(key: string): Buffer | null;
  set(key: string, der: Buffer, nextUpdate: Date | null): void;
};

export function createRevocationCache(
  options: { now?: () => number; maxAgeMs?: number; maxEntries?: number } = {},
): RevocationCache {
  const now = options.now ?? Date.now;
  const maxAgeMs = options.maxAgeMs ?? 86_400_000;
  const maxEntries = options.maxEntries ?? 1000;
  const entries = new Map<string, { der: Buffer; until: number }>();
  return {
    get(key) {
      const entry = entries.get(key);
      if (!entry) return null;
      if (now() >= entry.until) {
        entries.delete(key);
        return null;
      }
      return entry.der;
    },
    set(key, der, nextUpdate) {
      const at = now();
      if (!nextUpdate || nextUpdate.getTime() <= at) return;
      if (!entries.has(key) && entries.size >= maxEntries) entries.delete(entries.keys().next().value!);
      entries.set(key, { der, until: Math.min(nextUpdate.getTime(), at + maxAgeMs) });
    },
  };
}

/** The process's OCSP answers and CRLs, shared by every seal (`addLongTermValidation`'s default). */
export const sharedRevocationCache: RevocationCache = createRevocationCache();

const OCSP_AIA = '1.3.6.1.5.5.7.48.1';

/** Appends the DSS and a document timestamp to `signed` (the output of signPdf with a timestamp). */
export async function addLongTermValidation(signed: Buffer, options: LongTermOptions): Promise<Buffer> {
  try {
    const signature = lastSignatureContents(signed);
    const chain = options.certificates ?? (signature ? certificatesInCms(signature) : []);
    const cache = options.revocationCache === undefined ? sharedRevocationCache : options.revocationCache;
    const revocation = await revocationData(chain, options.ocspTimeoutMs ?? 10_000, cache);
    // PAdES's /VRI entry for the seal: SHA-1 of its /Contents bytes, upper-case hex.
    const vri = signature ? { key: sha1Hex(signature), certificates: chain } : null;
    return await appendDssAndDocTimestamp(signed, chain, revocation, options.timestamper, vri);
  } catch (err) {
    // The timestamper's 503 (TIMESTAMP_UNAVAILABLE) as it is: the seal is retried.
    if (err instanceof AppError) throw err;
    throw new AppError('SERVICE_UNAVAILABLE', {
      message: `The long-term validation data could not be added (${err instanceof Error ? err.message : 'unknown error'})`,
      cause: err,
    });
  }
}

/**
 * Renews B-LTA on a file whose last signature is a document timestamp (the daily re-timestamping,
 * before that authority's certificate expires): one more incremental update with a new DSS (the
 * earlier DSS entries, plus the last timestamp's chain, fresh OCSP responses or CRLs for it and a
 * /VRI entry for that timestamp) and a new document timestamp (`DocTimeStamp<n>`) over the whole
 * file. Every earlier signature and timestamp stays valid: their byte ranges are untouched.
 */
export async function renewLongTermValidation(sealed: Buffer, options: LongTermOptions): Promise<Buffer> {
  const last = lastDocumentTimestamp(sealed);
  if (!last) {
    throw new AppError('VALIDATION_FAILED', {
      message: 'The file does not end with a document timestamp (B-LTA)',
    });
  }
  try {
    const revocation = await revocationData(last.certificates, options.ocspTimeoutMs ?? 10_000, null);
    // A /VRI entry for the document timestamp whose authority's data this renewal adds: key the
    // SHA-1 of its token's DER (the /Contents value without the zero padding; what iText keys an
    // ETSI.RFC3161 signature by).
    const vri = { key: sha1Hex(last.token), certificates: last.certificates };
    return await appendDssAndDocTimestamp(sealed, last.certificates, revocation, options.timestamper, vri);
  } catch (err) {
    if (err instanceof AppError) throw err;
    throw new AppError('SERVICE_UNAVAILABLE', {
      message: `The long-term validation data could not be renewed (${err instanceof Error ? err.message : 'unknown error'})`,
      cause: err,
    });
  }
}

/** Upper-case hex SHA-1: the form of a /VRI key. */
function sha1Hex(bytes: Buffer): string {
  return createHash('sha1').update(bytes).digest('hex').toUpperCase();
}

/**
 * The file's last signature when it is a document timestamp: its time, the authority's
 * certificates (the authority's first), when the authority's certificate expires and the token
 * (its DER, the /Contents value without the zero padding). Null when the last signature is not an
 * RFC 3161 document timestamp (B-B, B-T) or cannot be read.
 */
export function lastDocumentTimestamp(
  sealed: Buffer,
): { time: Date | null; certificates: Buffer[]; authorityNotAfter: Date | null; token: Buffer } | null {
  const at = sealed.lastIndexOf('/ByteRange');
  if (at < 0) return null;
  const dictionaryStart = sealed.lastIndexOf('<<', at);
  if (!/\/SubFilter\s*\/ETSI\.RFC3161/.test(sealed.toString('latin1', dictionaryStart, at + 200)))
    return null;
  const range = /\/ByteRange\s*\[\s*(\d+)\s+(\d+)\s+(\d+)\s+(\d+)\s*\]/.exec(
    sealed.toString('latin1', at, at + 100),
  );
  if (!range) return null;
  const [o1, l1, o2, l2] = range.slice(1, 5).map(Number) as [number, number, number, number];
  const contents = Buffer.from(sealed.toString('latin1', o1 + l1 + 1, o2 - 1), 'hex');
  // The zero padding after the token is ignored by the DER parser.
  const check = checkTimestampToken(
    contents,
    Buffer.concat([sealed.subarray(o1, o1 + l1), sealed.subarray(o2, o2 + l2)]),
  );
  if (check.certificates.length === 0) return null;
  return {
    time: check.time,
    certificates: check.certificates,
    authorityNotAfter: new Date(new X509Certificate(check.certificates[0]!).validTo),
    token: derValueAtStart(contents),
  };
}

/** The DER value at the start of `bytes` (tag, length, contents), without what follows it. */
function derValueAtStart(bytes: Buffer): Buffer {
  const first = bytes[1] ?? 0;
  if (first < 0x80) return bytes.subarray(0, 2 + first);
  const count = first & 0x7f;
  if (count === 0 || count > 4 || bytes.length < 2 + count) return bytes;
  return bytes.subarray(0, 2 + count + bytes.readUIntBE(2, count));
}

/**
 * Archival renewal of a sealed file (the signing module's daily re-timestamping): a file that ends
 * with a document timestamp gets `renewLongTermValidation`; one without (sealed B-B or B-T) gets
 * its first DSS and document timestamp (`addLongTermValidation`). Either way one incremental update.
 */
export async function extendLongTermValidation(sealed: Buffer, options: LongTermOptions): Promise<Buffer> {
  return lastDocumentTimestamp(sealed)
    ? renewLongTermValidation(sealed, options)
    : addLongTermValidation(sealed, options);
}

/**
 * Until when the file's validation rests on a certificate that can still be checked: the expiry
 * of the last document timestamp's authority certificate, or, when the file has no document
 * timestamp, of the last signature's certificate (the seal). Null when neither can be read.
 */
export function archiveExpiryOf(sealed: Buffer): Date | null {
  const last = lastDocumentTimestamp(sealed);
  if (last) return last.authorityNotAfter;
  const at = sealed.lastIndexOf('/ByteRange');
  const range = /\/ByteRange\s*\[\s*(\d+)\s+(\d+)\s+(\d+)\s+(\d+)\s*\]/.exec(
    sealed.toString('latin1', at, at + 100),
  );
  if (at < 0 || !range) return null;
  const [o1, l1, o2, l2] = range.slice(1, 5).map(Number) as [number, number, number, number];
  try {
    // The signer's certificate as the check finds it (first), whatever the order in the CMS.
    const signer = checkCmsSignature(
      Buffer.from(sealed.toString('latin1', o1 + l1 + 1, o2 - 1), 'hex'),
      Buffer.concat([sealed.subarray(o1, o1 + l1), sealed.subarray(o2, o2 + l2)]),
    ).certificates[0];
    return signer ? new Date(new X509Certificate(signer).validTo) : null;
  } catch {
    return null;
  }
}

/** The /Contents bytes of the file's last signature (the CMS and its zero padding), or null. */
function lastSignatureContents(signed: Buffer): Buffer | null {
  const at = signed.lastIndexOf('/ByteRange');
  const range = /\/ByteRange\s*\[\s*(\d+)\s+(\d+)\s+(\d+)\s+(\d+)\s*\]/.exec(
    signed.toString('latin1', at, at + 100),
  );
  if (at < 0 || !range) return null;
  const [o1, l1, o2] = range.slice(1, 4).map(Number) as [number, number, number];
  return Buffer.from(signed.toString('latin1', o1 + l1 + 1, o2 - 1), 'hex');
}

/** Revocation data for a chain: each certificate's OCSP answer, else its CRL. */
type RevocationData = {
  /** DER OCSPResponse, one per certificate that has one. */
  ocsps: Buffer[];
  /** DER CertificateList, once each. */
  crls: Buffer[];
};

/**
 * For each certificate whose issuer is at hand: an OCSP answer when it names a responder (AIA);
 * when it names none, or the responder does not answer, the CRL of its first HTTP distribution
 * point (`crlOf`). From `cache` while they stand, else fetched (and kept in `cache`).
 */
async function revocationData(
  chain: Buffer[],
  timeoutMs: number,
  cache: RevocationCache | null,
): Promise<RevocationData> {
  const parsed = chain.map((der) => ({ der, ...parsedCertificate(der) }));
  const out: RevocationData = { ocsps: [], crls: [] };
  for (const certificate of parsed) {
    const issuer = parsed.find((c) => c !== certificate && certificate.x509.checkIssued(c.x509));
    if (!issuer) continue;
    const ocsp = await ocspResponse(certificate, issuer, timeoutMs, cache);
    if (ocsp) {
      out.ocsps.push(ocsp);
      continue;
    }
    const crl = await crlOf(certificate, issuer, timeoutMs, cache);
    if (crl && !out.crls.some((c) => c.equals(crl))) out.crls.push(crl);
  }
  return out;
}

type ParsedCertificate = { der: Buffer; pkijs: pkijs.Certificate; x509: X509Certificate };

/** An OCSP answer (DER OCSPResponse, status successful) for `certificate`, or null. */
async function ocspResponse(
  certificate: ParsedCertificate,
  issuer: ParsedCertificate,
  timeoutMs: number,
  cache: RevocationCache | null,
): Promise<Buffer | null> {
  const url = ocspUrlOf(certificate.pkijs);
  if (!url) return null;
  const key = `ocsp ${certificate.x509.fingerprint256} ${issuer.x509.fingerprint256} ${url}`;
  const cached = cache?.get(key);
  if (cached) return cached;
  const request = new pkijs.OCSPRequest();
  await request.createForCertificate(certificate.pkijs, {
    hashAlgorithm: 'SHA-1',
    issuerCertificate: issuer.pkijs,
  });
  try {
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/ocsp-request' },
      body: Buffer.from(request.toSchema(true).toBER()),
      signal: AbortSignal.timeout(timeoutMs),
    });
    if (!response.ok) return null;
    const body = Buffer.from(await response.arrayBuffer());
    const answer = pkijs.OCSPResponse.fromBER(arrayBufferOf(body));
    if (answer.responseStatus.valueBlock.valueDec !== 0) return null;
    cache?.set(key, body, nextUpdateOf(answer));
    return body;
  } catch {
    // No answer: the certificate goes in the DSS without an OCSP answer.
    return null;
  }
}

/**
 * The CRL of the certificate's first http(s) distribution point (RFC 5280 4.2.1.13), downloaded
 * with `timeoutMs` and at most CRL_MAX_BYTES, kept only when its issuer is the certificate's
 * issuer, its signature checks with the issuer's key and it is not past its nextUpdate. Null
 * otherwise (the certificate goes without revocation data, as before).
 */
async function crlOf(
  certificate: ParsedCertificate,
  issuer: ParsedCertificate,
  timeoutMs: number,
  cache: RevocationCache | null,
): Promise<Buffer | null> {
  const url = crlUrlOf(certificate.pkijs);
  if (!url) return null;
  const key = `crl ${issuer.x509.fingerprint256} ${url}`;
  const cached = cache?.get(key);
  if (cached) return cached;
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(timeoutMs) });
    if (!response.ok || !response.body) return null;
    if (Number(response.headers.get('content-length') ?? 0) > CRL_MAX_BYTES) {
      await response.body.cancel();
      return null;
    }
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of response.body) {
      size += chunk.byteLength;
      if (size > CRL_MAX_BYTES) return null;
      chunks.push(Buffer.from(chunk));
    }
    const der = Buffer.concat(chunks);
    const crl = pkijs.CertificateRevocationList.fromBER(arrayBufferOf(der));
    const nextUpdate = crl.nextUpdate?.value ?? null;
    if (nextUpdate && nextUpdate.getTime() <= Date.now()) return null;
    if (!crl.issuer.isEqual(certificate.pkijs.issuer)) return null;
    if (!(await crl.verify({ issuerCertificate: issuer.pkijs }))) return null;
    cache?.set(key, der, nextUpdate);
    return der;
  } catch {
    // Unreachable, too slow, too large or not a CRL: the certificate goes without one.
    return null;
  }
}

/** The first http(s) URI of the certificate's CRL distribution points, or null. */
function crlUrlOf(certificate: pkijs.Certificate): string | null {
  const extension = certificate.extensions?.find((e) => e.extnID === '2.5.29.31');
  const points =
    (extension?.parsedValue as pkijs.CRLDistributionPoints | undefined)?.distributionPoints ?? [];
  for (const point of points) {
    const names = Array.isArray(point.distributionPoint) ? point.distributionPoint : [];
    for (const name of names) {
      if (name.type === 6 && typeof name.value === 'string' && /^https?:\/\//.test(name.value))
        return name.value;
    }
  }
  return null;
}

/** nextUpdate of the (single) answer in a successful OCSP response; null when absent or unreadable. */
function nextUpdateOf(answer: pkijs.OCSPResponse): Date | null {
  try {
    const bytes = answer.responseBytes;
    if (!bytes || bytes.responseType !== '1.3.6.1.5.5.7.48.1.1') return null;
    const basic = pkijs.BasicOCSPResponse.fromBER(bytes.response.getValue());
    return basic.tbsResponseData.responses[0]?.nextUpdate ?? null;
  } catch {
    return null;
  }
}

function ocspUrlOf(certificate: pkijs.Certificate): string | null {
  const extension = certificate.extensions?.find((e) => e.extnID === '1.3.6.1.5.5.7.1.1');
  const info = extension?.parsedValue as pkijs.InfoAccess | undefined;
  const access = info?.accessDescriptions?.find((d) => d.accessMethod === OCSP_AIA);
  const value = access?.accessLocation.value;
  return typeof value === 'string' && /^https?:\/\//.test(value) ? value : null;
}

const CONTENTS_BYTES = 16_384;

/**
 * Writes the incremental update: streams of the certificates and OCSP responses, the DSS, the
 * document timestamp's signature dictionary and field, the catalog (with /DSS) and the AcroForm
 * (with the new field) rewritten, a classic xref section and a trailer with /Prev. Then fills the
 * byte range and puts the timestamp token over it into /Contents.
 */
async function appendDssAndDocTimestamp(
  signed: Buffer,
  certificates: Buffer[],
  revocation: RevocationData,
  timestamper: Timestamper,
  vri: { key: string; certificates: Buffer[] } | null,
): Promise<Buffer> {
  const text = signed.toString('latin1');
  const startxref = Number(/startxref\s+(\d+)\s+%%EOF\s*$/.exec(text)?.[1] ?? NaN);
  // The last trailer (a renewed file has one per update).
  const trailer = /trailer\s*<<([\s\S]*?)>>\s*startxref\s+\d+\s+%%EOF\s*$/.exec(
    text.slice(text.lastIndexOf('trailer')),
  )?.[1];
  if (!Number.isFinite(startxref) || !trailer) throw new Error('the signed file has no classic trailer');
  const size = Number(/\/Size\s+(\d+)/.exec(trailer)?.[1]);
  const root = /\/Root\s+(\d+)\s+0\s+R/.exec(trailer)?.[1];
  if (!size || !root) throw new Error('the trailer has no /Size or /Root');
  const catalog = objectBody(text, Number(root));
  // The AcroForm: a dictionary of its own, or inline in the catalog (@signpdf's placeholder).
  const acroFormRef = /\/AcroForm\s+(\d+)\s+0\s+R/.exec(catalog)?.[1];
  if (!acroFormRef && !/\/AcroForm\s*<</.test(catalog)) throw new Error('the catalog has no /AcroForm');

  let next = size;
  const objects: { id: number; body: Buffer }[] = [];
  const add = (body: Buffer | string, id = next++): number => {
    objects.push({ id, body: typeof body === 'string' ? Buffer.from(body, 'latin1') : body });
    return id;
  };
  const stream = (bytes: Buffer) =>
    Buffer.concat([
      Buffer.from(`<< /Length ${bytes.length} >>\nstream\n`, 'latin1'),
      bytes,
      Buffer.from('\nendstream', 'latin1'),
    ]);
  // A renewal: the earlier DSS's entries are kept (a certificate already there is not added again).
  const earlierDss = /\/DSS\s+(\d+)\s+0\s+R/.exec(catalog)?.[1];
  const earlier = earlierDss
    ? dssEntries(objectBody(text, Number(earlierDss)))
    : { certs: [], ocsps: [], crls: [], vri: null };
  const sha256 = (der: Buffer) => createHash('sha256').update(der).digest('hex');
  // Certificates already in the DSS, by content: not added again, and referred to by a new /VRI.
  const certIdOf = new Map(earlier.certs.map((id) => [sha256(streamBytes(signed, text, id)), id]));
  const newCertIds: number[] = [];
  for (const der of certificates) {
    if (certIdOf.has(sha256(der))) continue;
    const id = add(stream(der));
    certIdOf.set(sha256(der), id);
    newCertIds.push(id);
  }
  const certIds = [...earlier.certs, ...newCertIds];
  const newOcspIds = revocation.ocsps.map((der) => add(stream(der)));
  const newCrlIds = revocation.crls.map((der) => add(stream(der)));
  const ocspIds = [...earlier.ocsps, ...newOcspIds];
  const crlIds = [...earlier.crls, ...newCrlIds];
  const refs = (ids: number[]) => ids.map((i) => `${i} 0 R`).join(' ');
  // /VRI (validation-related information): per signature, the certificates and revocation data
  // needed to validate it (ETSI EN 319 142-1 5.4.2.2). An earlier /VRI is kept, with this entry
  // added (an earlier entry under the same key is replaced).
  let vriId = earlier.vri;
  if (vri) {
    const vriCerts = vri.certificates.map((der) => certIdOf.get(sha256(der))!);
    const entry =
      `/${vri.key} << /Cert [${refs(vriCerts)}]` +
      (newOcspIds.length > 0 ? ` /OCSP [${refs(newOcspIds)}]` : '') +
      (newCrlIds.length > 0 ? ` /CRL [${refs(newCrlIds)}]` : '') +
      ' >>';
    vriId = add(
      vriId === null ? `<< ${entry} >>` : insertEntry(withoutEntry(objectBody(text, vriId), vri.key), entry),
    );
  }
  const dss = add(
    `<< /Type /DSS /Certs [${refs(certIds)}]` +
      (ocspIds.length > 0 ? ` /OCSPs [${refs(ocspIds)}]` : '') +
      (crlIds.length > 0 ? ` /CRLs [${refs(crlIds)}]` : '') +
      (vriId !== null ? ` /VRI ${vriId} 0 R` : '') +
      ' >>',
  );
  const withDss = (dictionary: string) =>
    earlierDss
      ? dictionary.replace(/\/DSS\s+\d+\s+0\s+R/, `/DSS ${dss} 0 R`)
      : insertEntry(dictionary, `/DSS ${dss} 0 R`);
  const fieldNumber = (text.match(/\/Type\s*\/DocTimeStamp\b/g)?.length ?? 0) + 1;
  const placeholderRange = '/ByteRange [0 /********** /********** /**********]';
  const signature = add(
    `<< /Type /DocTimeStamp /Filter /Adobe.PPKLite /SubFilter /ETSI.RFC3161 ${placeholderRange} ` +
      `/Contents <${'0'.repeat(CONTENTS_BYTES * 2)}> >>`,
  );
  const field = add(
    `<< /Type /Annot /Subtype /Widget /FT /Sig /T (DocTimeStamp${fieldNumber}) /F 132 /Rect [0 0 0 0] /V ${signature} 0 R >>`,
  );
  if (acroFormRef) {
    add(withDss(catalog), Number(root));
    add(addToFields(objectBody(text, Number(acroFormRef)), `${field} 0 R`), Number(acroFormRef));
  } else {
    add(withDss(addToFields(catalog, `${field} 0 R`)), Number(root));
  }

  const parts: Buffer[] = [signed];
  let offset = signed.length;
  if (signed[signed.length - 1] !== 0x0a) {
    parts.push(Buffer.from('\n'));
    offset += 1;
  }
  const offsets = new Map<number, number>();
  for (const object of objects) {
    const head = Buffer.from(`${object.id} 0 obj\n`, 'latin1');
    offsets.set(object.id, offset);
    const chunk = Buffer.concat([head, object.body, Buffer.from('\nendobj\n', 'latin1')]);
    parts.push(chunk);
    offset += chunk.length;
  }
  const xrefAt = offset;
  const ids = [...offsets.keys()].sort((a, b) => a - b);
  let xref = 'xref\n';
  for (let i = 0; i < ids.length;) {
    let j = i;
    while (j + 1 < ids.length && ids[j + 1] === ids[j]! + 1) j++;
    xref += `${ids[i]} ${j - i + 1}\n`;
    for (let k = i; k <= j; k++) xref += `${String(offsets.get(ids[k]!)).padStart(10, '0')} 00000 n\r\n`;
    i = j + 1;
  }
  const keep = trailer
    .replace(/\/Size\s+\d+/, '')
    .replace(/\/Prev\s+\d+/, '')
    .trim();
  xref += `trailer\n<< /Size ${next} ${keep} /Prev ${startxref} >>\nstartxref\n${xrefAt}\n%%EOF\n`;
  parts.push(Buffer.from(xref, 'latin1'));
  const out = Buffer.concat(parts);

  // Byte range: everything but the <hex> of /Contents of the document timestamp.
  const signatureAt = offsets.get(signature)!;
  const contentsStart = out.indexOf('/Contents <', signatureAt) + '/Contents '.length;
  const contentsEnd = contentsStart + CONTENTS_BYTES * 2 + 2;
  const range = [0, contentsStart, contentsEnd, out.length - contentsEnd];
  const rangeText = `/ByteRange [${range.join(' ')}]`.padEnd(placeholderRange.length, ' ');
  const rangeAt = out.indexOf(placeholderRange, signatureAt);
  out.write(rangeText, rangeAt, 'latin1');
  const token = await timestamper.stamp(
    Buffer.concat([out.subarray(0, contentsStart), out.subarray(contentsEnd)]),
  );
  if (token.length > CONTENTS_BYTES) throw new Error('the document timestamp is larger than its room');
  out.write(token.toString('hex'), contentsStart + 1, 'latin1');
  return out;
}

/** The dictionary text of object `id` (its last definition in the file). */
function objectBody(text: string, id: number): string {
  const matches = [...text.matchAll(new RegExp(`(?:^|[\\r\\n\\s])${id} 0 obj\\s*`, 'g'))];
  const last = matches.at(-1);
  if (!last) throw new Error(`object ${id} not found`);
  const start = last.index + last[0].length;
  const end = text.indexOf('endobj', start);
  const body = text.slice(start, end).trim();
  if (!body.startsWith('<<') || body.includes('stream')) throw new Error(`object ${id} is not a dictionary`);
  return body;
}

/** The object ids of a DSS dictionary's /Certs, /OCSPs and /CRLs arrays and of its /VRI dictionary. */
function dssEntries(dss: string): { certs: number[]; ocsps: number[]; crls: number[]; vri: number | null } {
  const refs = (key: string) =>
    [...(new RegExp(`/${key}\\s*\\[([^\\]]*)\\]`).exec(dss)?.[1] ?? '').matchAll(/(\d+)\s+0\s+R/g)].map((m) =>
      Number(m[1]),
    );
  const vri = /\/VRI\s+(\d+)\s+0\s+R/.exec(dss)?.[1];
  return { certs: refs('Certs'), ocsps: refs('OCSPs'), crls: refs('CRLs'), vri: vri ? Number(vri) : null };
}

/** The bytes of stream object `id` as written by this file's updates (`<< /Length n >>`). */
function streamBytes(file: Buffer, text: string, id: number): Buffer {
  const matches = [
    ...text.matchAll(
      new RegExp(`(?:^|[\\r\\n\\s])${id} 0 obj\\s*<<\\s*/Length (\\d+)\\s*>>\\s*stream\\r?\\n`, 'g'),
    ),
  ];
  const last = matches.at(-1);
  if (!last) return Buffer.alloc(0);
  const start = last.index + last[0].length;
  return file.subarray(start, start + Number(last[1]));
}

/** A /VRI dictionary without its entry `key` (entries as this module writes them: `/KEY << ... >>`). */
function withoutEntry(vri: string, key: string): string {
  return vri.replace(new RegExp(`\\s*/${key}\\s*<<[^<>]*>>`), '');
}

/** `<< ... >>` with `entry` added at its end. */
function insertEntry(dictionary: string, entry: string): string {
  const close = dictionary.lastIndexOf('>>');
  return `${dictionary.slice(0, close).trimEnd()}\n${entry}\n>>`;
}

/** The AcroForm dictionary with `ref` added to its /Fields array (and /SigFlags 3). */
function addToFields(acroForm: string, ref: string): string {
  const withField = /\/Fields\s*\[/.test(acroForm)
    ? acroForm.replace(/\/Fields\s*\[/, (m) => `${m}${ref} `)
    : insertEntry(acroForm, `/Fields [${ref}]`);
  return /\/SigFlags/.test(withField) ? withField : insertEntry(withField, '/SigFlags 3');
}

import { createHash, X509Certificate } from 'node:crypto';
import { checkCmsSignature, checkTimestampToken, type TimestampCheck } from './cms';
import { looksLikePdf, unreadablePdf } from './load-pdf';

/** One signature found in the file. */
export type PdfSignatureInfo = {
  signed_by: string | null;
  /** ISO time: the CMS signingTime when present, else the dictionary's `/M`. */
  signed_at: string | null;
  reason: string | null;
  location: string | null;
  sub_filter: string | null;
  /** The CMS signature checks out over the bytes of its byte range. */
  valid: boolean;
  /** The byte range is the whole file except the signature itself. */
  covers_whole_file: boolean;
  certificate_fingerprint: string | null;
  /**
   * The signature's RFC 3161 timestamp (PAdES B-T), or for a document timestamp
   * (`ETSI.RFC3161`, B-LTA) the token itself; null when there is none.
   */
  timestamp: PdfTimestampInfo | null;
  problem: string | null;
};

export type PdfTimestampInfo = {
  valid: boolean;
  /** ISO genTime of the token: when the authority saw the signature. */
  time: string | null;
  authority: string | null;
  /** ISO expiry of the authority's certificate (after it, the token needs a newer one over it). */
  authority_expires_at: string | null;
  problem: string | null;
};

/**
 * One timestamp of the file, in file order: the seal's signature timestamp (`SIGNATURE`, PAdES
 * B-T) and each document timestamp (`DOCUMENT`, B-LTA; one more per archival renewal).
 */
export type PdfTimestampEntry = PdfTimestampInfo & { kind: 'SIGNATURE' | 'DOCUMENT' };

export type PdfVerification = {
  /** At least one signature dictionary is present. */
  signed: boolean;
  /** Every signature is valid and the last one covers the whole file: no byte changed since. */
  intact: boolean;
  signed_by: string | null;
  signed_at: string | null;
  /**
   * The seal (the last signature that is not a document timestamp) is valid and made with one of
   * this instance's certificates, and only valid document timestamps follow it.
   */
  ours: boolean;
  /** SHA-256 of the whole file, as uploaded. */
  sha256: string;
  /**
   * PAdES baseline level of the seal (the last signature that is not a document timestamp): B-B;
   * B-T with a valid signature timestamp; B-LT when a DSS follows it; B-LTA when a valid document
   * timestamp then covers the whole file. Null when unsigned.
   */
  level: 'B-B' | 'B-T' | 'B-LT' | 'B-LTA' | null;
  /** When the timestamp authority saw the seal (its signature timestamp), else null. */
  timestamped_at: string | null;
  /** The seal's certificates, the signer's first, and whether each is issued by the next. */
  chain: PdfCertificateInfo[];
  /**
   * SELF_SIGNED: one certificate that vouches for itself; COMPLETE: each certificate is signed by
   * the next, up to a self-signed root (whether that root is trusted is the reader's call);
   * INCOMPLETE: the root is missing; NONE: no signature.
   */
  chain_status: 'SELF_SIGNED' | 'COMPLETE' | 'INCOMPLETE' | 'NONE';
  /** Every timestamp in the file, oldest first (signature timestamps and document timestamps). */
  timestamps: PdfTimestampEntry[];
  signatures: PdfSignatureInfo[];
};

export type PdfCertificateInfo = {
  subject: string;
  issuer: string;
  not_before: string;
  not_after: string;
  fingerprint: string;
};

export type VerifyOptions = {
  /** SHA-256 fingerprints (hex) of this instance's sealing certificates. */
  ourFingerprints?: Iterable<string>;
};

/**
 * Finds the PDF's signatures in its raw bytes (no PDF parser: a damaged or encrypted file still
 * shows its signatures) and checks each: byte range well-formed, CMS signature valid over exactly
 * those bytes. Never throws for a PDF, however broken; bytes that are not a PDF at all -> 415.
 */
export function verifyPdf(pdfBytes: Uint8Array, options: VerifyOptions = {}): PdfVerification {
  if (!(pdfBytes instanceof Uint8Array) || pdfBytes.byteLength === 0 || !looksLikePdf(pdfBytes)) {
    throw unreadablePdf();
  }
  const bytes = Buffer.from(pdfBytes.buffer, pdfBytes.byteOffset, pdfBytes.byteLength);
  const sha256 = createHash('sha256').update(bytes).digest('hex');
  const ours = new Set([...(options.ourFingerprints ?? [])].map((f) => f.toLowerCase()));
  const found: (PdfSignatureInfo & { end: number; certificates: Buffer[] })[] = [];
  const seen = new Set<string>();
  let candidates = 0;
  let tooMany = false;
  for (let at = bytes.indexOf('/ByteRange'); at >= 0; at = bytes.indexOf('/ByteRange', at + 10)) {
    // Each signature hashes up to the whole file: a file stuffed with byte ranges must not make
    // verification quadratic. Real documents carry a handful.
    if (++candidates > MAX_SIGNATURES) {
      tooMany = true;
      break;
    }
    const signature = readSignatureAt(bytes, at);
    if (!signature) continue;
    const key = signature.range.join(' ');
    if (seen.has(key)) continue;
    seen.add(key);
    found.push(signature.info);
  }
  found.sort((a, b) => a.end - b.end);
  const signatures = found.map(({ end: _end, certificates: _certificates, ...info }) => info);
  const last = signatures.at(-1);
  const sealIndex = found.findLastIndex((s) => s.sub_filter !== 'ETSI.RFC3161');
  const seal = found[sealIndex];
  const chain = seal ? chainOf(seal.certificates) : { chain: [], status: 'NONE' as const };
  return {
    level: seal ? levelOf(bytes, found, sealIndex) : null,
    timestamped_at: seal?.timestamp?.valid ? seal.timestamp.time : null,
    chain: chain.chain,
    chain_status: chain.status,
    timestamps: timestampsOf(signatures),
    signed: signatures.length > 0,
    intact: last !== undefined && !tooMany && signatures.every((s) => s.valid) && last.covers_whole_file,
    // The seal's signer and time: document timestamps after it (B-LTA, renewals) are the
    // authority's, not who sealed.
    signed_by: (seal ?? last)?.signed_by ?? null,
    signed_at: (seal ?? last)?.signed_at ?? null,
    ours:
      seal !== undefined &&
      seal.valid &&
      ours.has(seal.certificate_fingerprint ?? '') &&
      found.slice(sealIndex + 1).every((s) => s.sub_filter === 'ETSI.RFC3161' && s.valid),
    sha256,
    signatures,
  };
}

const MAX_SIGNATURES = 32;

const RANGE = /^\/ByteRange\s*\[\s*(\d{1,12})\s+(\d{1,12})\s+(\d{1,12})\s+(\d{1,12})\s*\]/;

function readSignatureAt(
  bytes: Buffer,
  at: number,
): { range: number[]; info: PdfSignatureInfo & { end: number; certificates: Buffer[] } } | null {
  const head = bytes.toString('latin1', at, Math.min(bytes.length, at + 120));
  const match = RANGE.exec(head);
  if (!/^\/ByteRange\s*\[/.test(head)) return null;
  const dictionary = dictionaryText(bytes, at);
  const info: PdfSignatureInfo & { end: number; certificates: Buffer[] } = {
    certificates: [],
    signed_by: null,
    signed_at: pdfDate(stringEntry(dictionary, 'M')),
    reason: stringEntry(dictionary, 'Reason'),
    location: stringEntry(dictionary, 'Location'),
    sub_filter: /\/SubFilter\s*\/([A-Za-z0-9.#_-]+)/.exec(dictionary.before + dictionary.after)?.[1] ?? null,
    valid: false,
    covers_whole_file: false,
    certificate_fingerprint: null,
    timestamp: null,
    problem: null,
    end: 0,
  };
  if (!match) {
    info.problem = 'the signature was never completed';
    return { range: [at], info };
  }
  const [o1, l1, o2, l2] = match.slice(1, 5).map(Number) as [number, number, number, number];
  info.end = o2 + l2;
  const gapStart = o1 + l1;
  if (
    o1 !== 0 ||
    gapStart >= o2 ||
    o2 + l2 > bytes.length ||
    bytes[gapStart] !== 0x3c ||
    bytes[o2 - 1] !== 0x3e
  ) {
    info.problem = 'the signed byte range does not match the file';
    // Still say who signed, from the /Contents of this dictionary.
    const contents = bytes.indexOf('/Contents', Math.max(0, bytes.lastIndexOf(' obj', at), at - 4096));
    const open = contents >= 0 && contents < at + 4096 ? bytes.indexOf('<', contents) : -1;
    const close = open >= 0 ? bytes.indexOf('>', open) : -1;
    if (open >= 0 && close > open) {
      const hex = bytes.toString('latin1', open + 1, close).replace(/\s+/g, '');
      if (/^[0-9a-fA-F]+$/.test(hex)) {
        const cms = Buffer.from(hex.length % 2 === 0 ? hex : `${hex}0`, 'hex');
        const check = checkCmsSignature(cms, Buffer.alloc(0));
        info.signed_by = check.signedBy;
        info.certificate_fingerprint = check.certificateFingerprint;
      }
    }
    return { range: [o1, l1, o2, l2], info };
  }
  info.covers_whole_file = o2 + l2 === bytes.length;
  const hex = bytes.toString('latin1', gapStart + 1, o2 - 1).replace(/\s+/g, '');
  if (!/^[0-9a-fA-F]*$/.test(hex) || hex.length < 2) {
    info.problem = 'the signature value is not readable';
    return { range: [o1, l1, o2, l2], info };
  }
  const cms = Buffer.from(hex.length % 2 === 0 ? hex : `${hex}0`, 'hex');
  const signedBytes = Buffer.concat([bytes.subarray(o1, gapStart), bytes.subarray(o2, o2 + l2)]);
  if (info.sub_filter === 'ETSI.RFC3161') {
    // A document timestamp: the CMS is an RFC 3161 token whose imprint is the byte range's hash.
    const token = checkTimestampToken(cms, signedBytes);
    info.valid = token.valid;
    info.signed_by = token.authority;
    info.timestamp = timestampInfo(token);
    if (token.time) info.signed_at = token.time.toISOString();
    info.problem =
      (token.problem === 'the timestamp is not over this signature'
        ? 'the document changed after it was timestamped'
        : token.problem) ?? (info.covers_whole_file ? null : 'the file was changed after this timestamp');
    return { range: [o1, l1, o2, l2], info };
  }
  const check = checkCmsSignature(cms, signedBytes);
  info.valid = check.valid;
  info.signed_by = check.signedBy;
  info.certificate_fingerprint = check.certificateFingerprint;
  info.certificates = check.certificates;
  info.timestamp = check.timestamp ? timestampInfo(check.timestamp) : null;
  info.problem =
    check.problem ?? (info.covers_whole_file ? null : 'the file was changed after this signature');
  if (check.signingTime) info.signed_at = check.signingTime.toISOString();
  return { range: [o1, l1, o2, l2], info };
}

function levelOf(
  bytes: Buffer,
  found: (PdfSignatureInfo & { end: number })[],
  sealIndex: number,
): PdfVerification['level'] {
  const seal = found[sealIndex]!;
  if (!seal.timestamp?.valid) return 'B-B';
  const after = found.slice(sealIndex + 1);
  const hasDss = bytes.indexOf('/Type /DSS', seal.end) >= 0 || bytes.indexOf('/Type/DSS', seal.end) >= 0;
  if (!hasDss) return 'B-T';
  const archived = after.some((s) => s.sub_filter === 'ETSI.RFC3161' && s.valid && s.covers_whole_file);
  return archived ? 'B-LTA' : 'B-LT';
}

function chainOf(certificates: Buffer[]): {
  chain: PdfCertificateInfo[];
  status: PdfVerification['chain_status'];
} {
  let parsed: X509Certificate[];
  try {
    parsed = certificates.map((der) => new X509Certificate(der));
  } catch {
    return { chain: [], status: 'INCOMPLETE' };
  }
  // Order: the signer, then each one's issuer among the embedded certificates.
  const ordered: X509Certificate[] = [];
  let current = parsed[0];
  while (current && !ordered.includes(current) && ordered.length < 10) {
    ordered.push(current);
    const self = current;
    current = parsed.find((c) => c !== self && issuedBy(self, c));
  }
  const root = ordered.at(-1);
  const selfSigned = root !== undefined && issuedBy(root, root);
  const status = !root
    ? 'NONE'
    : selfSigned
      ? ordered.length === 1
        ? 'SELF_SIGNED'
        : 'COMPLETE'
      : 'INCOMPLETE';
  return {
    status,
    chain: ordered.map((c) => ({
      subject: c.subject.replace(/\n/g, ', '),
      issuer: c.issuer.replace(/\n/g, ', '),
      not_before: new Date(c.validFrom).toISOString(),
      not_after: new Date(c.validTo).toISOString(),
      fingerprint: createHash('sha256').update(c.raw).digest('hex'),
    })),
  };
}

/** Names and signature only (node's checkIssued also wants keyCertSign, which a self-signed seal lacks). */
function issuedBy(certificate: X509Certificate, issuer: X509Certificate): boolean {
  try {
    return certificate.issuer === issuer.subject && certificate.verify(issuer.publicKey);
  } catch {
    return false;
  }
}

function timestampInfo(check: TimestampCheck): PdfTimestampInfo {
  return {
    valid: check.valid,
    time: check.time ? check.time.toISOString() : null,
    authority: check.authority,
    authority_expires_at: expiryOf(check.certificates[0]),
    problem: check.problem,
  };
}

function expiryOf(der: Buffer | undefined): string | null {
  if (!der) return null;
  try {
    return new Date(new X509Certificate(der).validTo).toISOString();
  } catch {
    return null;
  }
}

function timestampsOf(signatures: PdfSignatureInfo[]): PdfTimestampEntry[] {
  return signatures.flatMap((s) =>
    s.timestamp ? [{ kind: s.sub_filter === 'ETSI.RFC3161' ? 'DOCUMENT' : 'SIGNATURE', ...s.timestamp }] : [],
  );
}

/**
 * The text of the signature dictionary around `/ByteRange`, without the (large) `/Contents`
 * value: from the object's start to `/ByteRange`, and from the end of `/Contents` to `endobj`.
 */
function dictionaryText(bytes: Buffer, at: number): { before: string; after: string } {
  const objStart = Math.max(0, bytes.lastIndexOf(' obj', at), at - 4096);
  const before = bytes.toString('latin1', objStart, at);
  const contents = bytes.indexOf('/Contents', objStart);
  let afterStart = at;
  if (contents >= 0 && contents < at + 200_000) {
    const close = bytes.indexOf('>', contents);
    if (close > 0) afterStart = Math.max(at, close + 1);
  }
  const end = bytes.indexOf('endobj', afterStart);
  const after = bytes.toString(
    'latin1',
    afterStart,
    end > 0 ? Math.min(end, afterStart + 4096) : afterStart + 4096,
  );
  return { before, after };
}

function stringEntry(dictionary: { before: string; after: string }, key: string): string | null {
  for (const text of [dictionary.before, dictionary.after]) {
    const at = new RegExp(`/${key}\\s*([(<])`).exec(text);
    if (!at) continue;
    const start = at.index + at[0].length;
    return at[1] === '(' ? literalString(text, start) : hexString(text, start);
  }
  return null;
}

function literalString(text: string, start: number): string {
  const out: number[] = [];
  let depth = 1;
  for (let i = start; i < text.length; i++) {
    const c = text[i]!;
    if (c === '\\') {
      const next = text[++i] ?? '';
      const octal = /^[0-7]{1,3}/.exec(text.slice(i, i + 3));
      if (octal) {
        out.push(parseInt(octal[0], 8) & 0xff);
        i += octal[0].length - 1;
      } else {
        const escapes: Record<string, number> = { n: 10, r: 13, t: 9, b: 8, f: 12 };
        if (next !== '\n' && next !== '\r') out.push(escapes[next] ?? next.charCodeAt(0));
      }
      continue;
    }
    if (c === '(') depth++;
    if (c === ')' && --depth === 0) break;
    out.push(c.charCodeAt(0));
  }
  return decodePdfText(Buffer.from(out));
}

function hexString(text: string, start: number): string {
  const end = text.indexOf('>', start);
  const hex = text.slice(start, end < 0 ? undefined : end).replace(/[^0-9a-fA-F]/g, '');
  return decodePdfText(Buffer.from(hex.length % 2 === 0 ? hex : `${hex}0`, 'hex'));
}

/** PDF text strings: UTF-16BE with a byte-order mark, else PDFDocEncoding (~Latin-1). */
function decodePdfText(bytes: Buffer): string {
  if (bytes[0] === 0xfe && bytes[1] === 0xff) {
    const body = bytes.subarray(2, 2 + ((bytes.length - 2) & ~1));
    return Buffer.from(body).swap16().toString('utf16le');
  }
  return bytes.toString('latin1');
}

/** `D:YYYYMMDDHHmmSS+HH'mm'` -> ISO string. */
function pdfDate(value: string | null): string | null {
  const m = value
    ? /^D:(\d{4})(\d{2})?(\d{2})?(\d{2})?(\d{2})?(\d{2})?([Zz+-])?(\d{2})?'?(\d{2})?/.exec(value)
    : null;
  if (!m) return null;
  const offset =
    m[7] === '+' || m[7] === '-' ? (m[7] === '-' ? -1 : 1) * (Number(m[8] ?? 0) * 60 + Number(m[9] ?? 0)) : 0;
  const time = Date.UTC(
    Number(m[1]),
    Number(m[2] ?? 1) - 1,
    Number(m[3] ?? 1),
    Number(m[4] ?? 0),
    Number(m[5] ?? 0),
    Number(m[6] ?? 0),
  );
  const date = new Date(time - offset * 60_000);
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
}

import { createHash, sign, verify, X509Certificate } from 'node:crypto';
import * as asn1js from 'asn1js';
import * as pkijs from 'pkijs';
import { certificateFingerprint, commonName, type PdfSigner } from './pdf-signer';

/*
 * CMS (RFC 5652) on pkijs/asn1js: the structures are pkijs objects; the signature itself is made
 * and checked with node:crypto (synchronous, and RSA PKCS#1 v1.5 is deterministic, so a seal is
 * reproducible).
 */

export const OID = {
  data: '1.2.840.113549.1.7.1',
  signedData: '1.2.840.113549.1.7.2',
  contentType: '1.2.840.113549.1.9.3',
  messageDigest: '1.2.840.113549.1.9.4',
  signingTime: '1.2.840.113549.1.9.5',
  signingCertificateV2: '1.2.840.113549.1.9.16.2.47',
  timeStampToken: '1.2.840.113549.1.9.16.2.14',
  tstInfo: '1.2.840.113549.1.9.16.1.4',
  sha1: '1.3.14.3.2.26',
  sha256: '2.16.840.1.101.3.4.2.1',
  sha384: '2.16.840.1.101.3.4.2.2',
  sha512: '2.16.840.1.101.3.4.2.3',
  rsaEncryption: '1.2.840.113549.1.1.1',
  sha1WithRsa: '1.2.840.113549.1.1.5',
  sha256WithRsa: '1.2.840.113549.1.1.11',
  sha384WithRsa: '1.2.840.113549.1.1.12',
  sha512WithRsa: '1.2.840.113549.1.1.13',
  ecdsaSha256: '1.2.840.10045.4.3.2',
  ecdsaSha384: '1.2.840.10045.4.3.3',
  ecdsaSha512: '1.2.840.10045.4.3.4',
  ecPublicKey: '1.2.840.10045.2.1',
} as const;

export const DIGESTS: Record<string, string> = {
  [OID.sha1]: 'sha1',
  [OID.sha256]: 'sha256',
  [OID.sha384]: 'sha384',
  [OID.sha512]: 'sha512',
};

/** Signature algorithms we can check; `undefined` digest: taken from the signer's digestAlgorithm. */
const SIGNATURE_ALGORITHMS: Record<string, string | undefined> = {
  [OID.rsaEncryption]: undefined,
  [OID.ecPublicKey]: undefined,
  [OID.sha1WithRsa]: 'sha1',
  [OID.sha256WithRsa]: 'sha256',
  [OID.sha384WithRsa]: 'sha384',
  [OID.sha512WithRsa]: 'sha512',
  [OID.ecdsaSha256]: 'sha256',
  [OID.ecdsaSha384]: 'sha384',
  [OID.ecdsaSha512]: 'sha512',
};

export class CmsError extends Error {}

/** An ArrayBuffer holding exactly `bytes` (pkijs/asn1js read ArrayBuffers). */
export function arrayBufferOf(bytes: Uint8Array): ArrayBuffer {
  return bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;
}

/** Parses one DER value (trailing bytes, e.g. the zero padding of `/Contents`, are ignored). */
export function parseDer(bytes: Uint8Array): asn1js.AsnType {
  const parsed = asn1js.fromBER(arrayBufferOf(bytes));
  if (parsed.offset === -1) throw new CmsError(parsed.result.error || 'not DER');
  return parsed.result;
}

export function parseCertificate(der: Uint8Array): pkijs.Certificate {
  try {
    return new pkijs.Certificate({ schema: parseDer(der) });
  } catch (err) {
    throw new CmsError(`not an X.509 certificate (${err instanceof Error ? err.message : 'unreadable'})`);
  }
}

const sha256 = (bytes: Uint8Array): Buffer => createHash('sha256').update(bytes).digest();

/**
 * Certificates met while checking signatures and tokens, parsed once per process by content (the
 * same authority's certificates come in every timestamp token, the seal's in every check): pkijs
 * parsing was most of a token check. Bounded; the oldest entry goes first.
 */
const parsedCertificates = new Map<string, { pkijs: pkijs.Certificate; x509: X509Certificate }>();
const PARSED_CERTIFICATES_MAX = 256;
export function parsedCertificate(der: Buffer): { pkijs: pkijs.Certificate; x509: X509Certificate } {
  const key = der.toString('base64');
  let entry = parsedCertificates.get(key);
  if (!entry) {
    entry = { pkijs: parseCertificate(der), x509: new X509Certificate(der) };
    if (parsedCertificates.size >= PARSED_CERTIFICATES_MAX) {
      parsedCertificates.delete(parsedCertificates.keys().next().value!);
    }
    parsedCertificates.set(key, entry);
  }
  return entry;
}

/**
 * A value that is already DER (a certificate, a timestamp token) written by asn1js as it is,
 * instead of being parsed into asn1js blocks and encoded again on every seal (pkijs re-parses a
 * certificate's TBS in `Certificate.toSchema`; asn1js 4 takes milliseconds per kilobyte both
 * ways). asn1js's own RawData only returns its bytes, which a SEQUENCE or SET, encoding its
 * children into a writer, would leave out: this one writes them.
 */
class EncodedValue extends asn1js.RawData {
  constructor(der: Uint8Array) {
    super({ data: der });
  }

  override toBER(_sizeOnly?: boolean, writer?: asn1js.ViewWriter): ArrayBuffer {
    const bytes = arrayBufferOf(this.dataView);
    writer?.write(bytes);
    return bytes;
  }
}
const encoded = (der: Uint8Array): asn1js.AsnType => new EncodedValue(der) as unknown as asn1js.AsnType;

/**
 * What `createTimestamper` learnt of each token it handed out, by the token buffer: the token's
 * certificates (authority first), which the seal's DSS needs, so that neither the token nor the
 * whole CMS is parsed again for them.
 */
const fetchedTokens = new WeakMap<Buffer, Buffer[]>();
export function rememberToken(token: Buffer, certificates: Buffer[]): void {
  fetchedTokens.set(token, certificates);
}
/** The certificates of a token `createTimestamper` returned (authority first); null for any other buffer. */
export function certificatesOfFetchedToken(token: Buffer): Buffer[] | null {
  return fetchedTokens.get(token) ?? null;
}

export type CmsBuildOptions = {
  /**
   * Returns an RFC 3161 timestamp token (DER ContentInfo) over the signature value: added as the
   * unsigned attribute id-aa-timeStampToken (PAdES baseline B-T). Throws when none can be had.
   */
  timestamp?: (signatureValue: Buffer) => Promise<Buffer>;
};

/**
 * A detached CMS SignedData (RFC 5652) over `content`, shaped for PAdES baseline B
 * (`ETSI.CAdES.detached`): SHA-256, signed attributes contentType, messageDigest and
 * signingCertificateV2 (ETSI EN 319 122). As PAdES requires, the claimed signing time is the
 * signature dictionary's `/M` (readers, poppler included, show it), not a CMS signingTime
 * attribute. With `timestamp`, the signature timestamp makes it B-T.
 */
export async function buildCmsSignature(
  content: Buffer,
  signer: PdfSigner,
  options: CmsBuildOptions = {},
): Promise<Buffer> {
  const signerDer = signer.certificates[0];
  if (!signerDer) throw new CmsError('signer has no certificate');
  // Parsed once per process by content: the issuer and serial number are all that is read.
  const certificate = parsedCertificate(signerDer).pkijs;
  // ESSCertIDv2 { hashAlgorithm DEFAULT sha256 (left out), certHash, issuerSerial }
  const essCertIdV2 = new asn1js.Sequence({
    value: [
      new asn1js.OctetString({ valueHex: arrayBufferOf(sha256(signerDer)) }),
      new pkijs.IssuerSerial({
        issuer: new pkijs.GeneralNames({
          names: [new pkijs.GeneralName({ type: 4, value: certificate.issuer })],
        }),
        serialNumber: certificate.serialNumber,
      }).toSchema(),
    ],
  });
  const signedAttrs = new pkijs.SignedAndUnsignedAttributes({
    type: 0,
    attributes: [
      new pkijs.Attribute({
        type: OID.contentType,
        values: [new asn1js.ObjectIdentifier({ value: OID.data })],
      }),
      new pkijs.Attribute({
        type: OID.messageDigest,
        values: [new asn1js.OctetString({ valueHex: arrayBufferOf(sha256(content)) })],
      }),
      new pkijs.Attribute({
        type: OID.signingCertificateV2,
        values: [new asn1js.Sequence({ value: [new asn1js.Sequence({ value: [essCertIdV2] })] })],
      }),
    ],
  });
  // The signature covers the attributes DER-encoded as a SET OF (tag 0x31, not the [0] of SignerInfo).
  const signedBytes = Buffer.from(signedAttrs.toSchema().toBER());
  signedBytes[0] = 0x31;
  const isRsa = signer.privateKey.asymmetricKeyType === 'rsa';
  const signature = sign('sha256', signedBytes, signer.privateKey);
  const signerInfo = new pkijs.SignerInfo({
    version: 1,
    sid: new pkijs.IssuerAndSerialNumber({
      issuer: certificate.issuer,
      serialNumber: certificate.serialNumber,
    }),
    digestAlgorithm: new pkijs.AlgorithmIdentifier({ algorithmId: OID.sha256 }),
    signedAttrs,
    signatureAlgorithm: isRsa
      ? new pkijs.AlgorithmIdentifier({ algorithmId: OID.rsaEncryption, algorithmParams: new asn1js.Null() })
      : new pkijs.AlgorithmIdentifier({ algorithmId: OID.ecdsaSha256 }),
    signature: new asn1js.OctetString({ valueHex: arrayBufferOf(signature) }),
  });
  if (options.timestamp) {
    const token = await options.timestamp(signature);
    signerInfo.unsignedAttrs = new pkijs.SignedAndUnsignedAttributes({
      type: 1,
      attributes: [
        new pkijs.Attribute({
          type: OID.timeStampToken,
          values: [encoded(token)],
        }),
      ],
    });
  }
  const signedData = new pkijs.SignedData({
    version: 1,
    digestAlgorithms: [new pkijs.AlgorithmIdentifier({ algorithmId: OID.sha256 })],
    encapContentInfo: new pkijs.EncapsulatedContentInfo({ eContentType: OID.data }),
    signerInfos: [signerInfo],
  });
  // SignedData { version, digestAlgorithms, encapContentInfo, certificates [0] IMPLICIT SET OF
  // Certificate, signerInfos }: the certificates go in as their bytes (pkijs would re-encode them).
  const signedDataSchema = signedData.toSchema();
  signedDataSchema.valueBlock.value.splice(
    3,
    0,
    new asn1js.Constructed({
      idBlock: { tagClass: 3, tagNumber: 0 },
      value: signer.certificates.map(encoded),
    }),
  );
  const contentInfo = new pkijs.ContentInfo({ contentType: OID.signedData, content: signedDataSchema });
  return Buffer.from(contentInfo.toSchema().toBER());
}

/** The RFC 3161 timestamp found in a signature (unsigned attribute id-aa-timeStampToken). */
export type TimestampCheck = {
  /** The token's signature checks out and it stamps exactly this signature's value. */
  valid: boolean;
  /** genTime of the token. */
  time: Date | null;
  /** Common name of the timestamp authority's certificate. */
  authority: string | null;
  /** DER certificates in the token (the authority's first when found). */
  certificates: Buffer[];
  /** The token's nonce (TSTInfo), to match it with the request; null when it has none. */
  nonce: Buffer | null;
  problem: string | null;
};

export type CmsCheck = {
  /** The signature over the signed bytes checks out with the embedded signer certificate. */
  valid: boolean;
  signedBy: string | null;
  signingTime: Date | null;
  /** SHA-256 of the signer certificate. */
  certificateFingerprint: string | null;
  /** DER certificates embedded in the CMS, the signer's first. */
  certificates: Buffer[];
  /** The signature timestamp, when there is one. */
  timestamp: TimestampCheck | null;
  /** Why `valid` is false. */
  problem: string | null;
};

type SignedDataCheck = {
  valid: boolean;
  signer: Buffer | null;
  certificates: Buffer[];
  signingTime: Date | null;
  signerInfo: SignerInfoParts | null;
  problem: string | null;
};

/**
 * Checks a detached CMS signature over `signedContent` (the PDF bytes of the signature's byte
 * range), and its signature timestamp when present. Never throws: malformed input yields
 * `valid: false` with a `problem`.
 */
export function checkCmsSignature(cms: Buffer, signedContent: Buffer): CmsCheck {
  const result: CmsCheck = {
    valid: false,
    signedBy: null,
    signingTime: null,
    certificateFingerprint: null,
    certificates: [],
    timestamp: null,
    problem: null,
  };
  let signedData: SignedDataParts;
  try {
    signedData = readSignedData(parseDer(cms));
  } catch (err) {
    result.problem = malformed(err);
    return result;
  }
  const check = checkSignedData(signedData, signedContent);
  result.certificates = check.certificates;
  result.signingTime = check.signingTime;
  if (check.signer) {
    result.signedBy = commonName(parsedCertificate(check.signer).x509.subject);
    result.certificateFingerprint = certificateFingerprint(check.signer);
  }
  result.valid = check.valid;
  result.problem = check.problem;
  const signerInfo = check.signerInfo;
  const token = signerInfo?.unsignedAttrs.find((a) => a.type === OID.timeStampToken)?.values[0];
  if (signerInfo && token) result.timestamp = checkTimestampToken(token, signerInfo.signature);
  return result;
}

/**
 * Checks an RFC 3161 token (a ContentInfo holding a SignedData of TSTInfo) against the bytes it
 * must stamp (`imprinted`: a signature value, or the byte range of a document timestamp).
 */
export function checkTimestampToken(token: asn1js.AsnType | Buffer, imprinted: Buffer): TimestampCheck {
  const result: TimestampCheck = {
    valid: false,
    time: null,
    authority: null,
    certificates: [],
    nonce: null,
    problem: null,
  };
  try {
    const signedData = readSignedData(Buffer.isBuffer(token) ? parseDer(token) : token);
    if (signedData.eContentType !== OID.tstInfo || !signedData.eContent) {
      result.problem = 'the timestamp is not an RFC 3161 token';
      return result;
    }
    const eContent = signedData.eContent;
    const tstInfo = readTstInfo(signedData.eContentTree ?? parseDer(eContent));
    result.time = tstInfo.genTime;
    result.nonce = tstInfo.nonce;
    const check = checkSignedData(signedData, eContent);
    result.certificates = check.signer
      ? [check.signer, ...check.certificates.filter((c) => !c.equals(check.signer!))]
      : check.certificates;
    if (check.signer) result.authority = commonName(parsedCertificate(check.signer).x509.subject);
    if (!check.valid) {
      result.problem = `the timestamp's signature is not valid (${check.problem ?? 'unknown'})`;
      return result;
    }
    const digest = DIGESTS[tstInfo.imprintAlgorithm];
    if (!digest) {
      result.problem = 'the timestamp uses an unsupported digest';
      return result;
    }
    const expected = createHash(digest).update(imprinted).digest();
    if (!expected.equals(tstInfo.imprint)) {
      result.problem = 'the timestamp is not over this signature';
      return result;
    }
    result.valid = true;
    return result;
  } catch (err) {
    result.problem = `the timestamp is ${malformed(err)}`;
    return result;
  }
}

function malformed(err: unknown): string {
  return err instanceof CmsError || err instanceof Error
    ? `malformed signature (${err.message})`
    : 'malformed signature';
}

/**
 * The parts of a CMS SignedData (RFC 5652 5.1-5.3) that the checks read, taken from its asn1js
 * tree by position instead of pkijs's `SignedData` schema: matching a timestamp token against that
 * schema (and building pkijs objects of its certificates again) was most of a token check's cost
 * (about 11 of 15 ms a token in a CPU profile of bench/seal). asn1js still decodes the DER; a
 * block out of place is a CmsError ("malformed signature").
 */
type SignedDataParts = {
  eContentType: string;
  /** The encapsulated content (a timestamp token's TSTInfo); null when detached. */
  eContent: Buffer | null;
  /** The content as asn1js already decoded it inside the OCTET STRING, when it did. */
  eContentTree: asn1js.AsnType | null;
  /** Each plain X.509 certificate's bytes, as they are in the input. */
  certificates: Buffer[];
  /** The first SignerInfo (a seal and a token have one). */
  signerInfo: SignerInfoParts | null;
};

type AttributeParts = { type: string; values: asn1js.AsnType[] };

type SignerInfoParts = {
  /** IssuerAndSerialNumber (read by pkijs: a small schema), or the subjectKeyIdentifier [0] block. */
  sid: pkijs.IssuerAndSerialNumber | asn1js.AsnType;
  digestAlgorithm: string;
  /** The signed attributes as encoded ([0] IMPLICIT SET OF: the signature is over them) and read. */
  signedAttrs: { encoded: Buffer; attributes: AttributeParts[] } | null;
  signatureAlgorithm: string;
  signature: Buffer;
  unsignedAttrs: AttributeParts[];
};

const isContextTag = (block: asn1js.AsnType | undefined, tagNumber: number): block is asn1js.Constructed =>
  block instanceof asn1js.Constructed &&
  block.idBlock.tagClass === 3 &&
  block.idBlock.tagNumber === tagNumber;

const oidOf = (block: asn1js.AsnType | undefined): string | null =>
  block instanceof asn1js.ObjectIdentifier ? block.valueBlock.toString() : null;

/** AlgorithmIdentifier { algorithm OBJECT IDENTIFIER, parameters ANY OPTIONAL }: its OID. */
function algorithmOf(block: asn1js.AsnType | undefined, what: string): string {
  const oid = oidOf(block instanceof asn1js.Sequence ? block.valueBlock.value[0] : undefined);
  if (!oid) throw new CmsError(`no ${what}`);
  return oid;
}

/** SET OF Attribute { attrType OBJECT IDENTIFIER, attrValues SET OF ANY } (tagged [0] or [1]). */
function attributesOf(block: asn1js.Constructed): AttributeParts[] {
  return block.valueBlock.value.map((attribute) => {
    const [type, values] = attribute instanceof asn1js.Sequence ? attribute.valueBlock.value : [];
    const oid = oidOf(type);
    if (!oid || !(values instanceof asn1js.Set)) throw new CmsError('malformed attribute');
    return { type: oid, values: values.valueBlock.value };
  });
}

/**
 * SignerInfo { version, sid, digestAlgorithm, signedAttrs [0] OPTIONAL, signatureAlgorithm,
 * signature OCTET STRING, unsignedAttrs [1] OPTIONAL }
 */
function readSignerInfo(block: asn1js.AsnType | undefined): SignerInfoParts {
  const parts = block instanceof asn1js.Sequence ? block.valueBlock.value : [];
  if (!(parts[0] instanceof asn1js.Integer)) throw new CmsError('malformed SignerInfo');
  const sidBlock = parts[1];
  let sid: SignerInfoParts['sid'];
  if (sidBlock instanceof asn1js.Sequence) sid = new pkijs.IssuerAndSerialNumber({ schema: sidBlock });
  else if (sidBlock?.idBlock.tagClass === 3 && sidBlock.idBlock.tagNumber === 0) sid = sidBlock;
  else throw new CmsError('malformed SignerInfo (sid)');
  const digestAlgorithm = algorithmOf(parts[2], 'digest algorithm');
  let at = 3;
  let signedAttrs: SignerInfoParts['signedAttrs'] = null;
  const signed = parts[at];
  if (isContextTag(signed, 0)) {
    signedAttrs = { encoded: Buffer.from(signed.valueBeforeDecodeView), attributes: attributesOf(signed) };
    at++;
  }
  const signatureAlgorithm = algorithmOf(parts[at++], 'signature algorithm');
  const signature = parts[at++];
  if (!(signature instanceof asn1js.OctetString)) throw new CmsError('malformed SignerInfo (signature)');
  const unsigned = parts[at];
  return {
    sid,
    digestAlgorithm,
    signedAttrs,
    signatureAlgorithm,
    signature: Buffer.from(signature.getValue()),
    unsignedAttrs: isContextTag(unsigned, 1) ? attributesOf(unsigned) : [],
  };
}

/**
 * ContentInfo { contentType signedData, content [0] EXPLICIT SignedData { version,
 * digestAlgorithms SET, encapContentInfo { eContentType, eContent [0] EXPLICIT OCTET STRING
 * OPTIONAL }, certificates [0] OPTIONAL, crls [1] OPTIONAL, signerInfos SET } }
 */
export function readSignedData(contentInfo: asn1js.AsnType): SignedDataParts {
  const [contentType, wrapped] = contentInfo instanceof asn1js.Sequence ? contentInfo.valueBlock.value : [];
  const signedData = isContextTag(wrapped, 0) ? wrapped.valueBlock.value[0] : undefined;
  if (oidOf(contentType) !== OID.signedData || !(signedData instanceof asn1js.Sequence)) {
    throw new CmsError('not a CMS SignedData');
  }
  const [version, digestAlgorithms, encap] = signedData.valueBlock.value;
  const signerInfos = signedData.valueBlock.value.at(-1);
  if (
    !(version instanceof asn1js.Integer) ||
    !(digestAlgorithms instanceof asn1js.Set) ||
    !(encap instanceof asn1js.Sequence) ||
    !(signerInfos instanceof asn1js.Set) ||
    signerInfos === digestAlgorithms
  ) {
    throw new CmsError('malformed SignedData');
  }
  const [eContentType, eContentWrapped] = encap.valueBlock.value;
  const eContentOid = oidOf(eContentType);
  if (!eContentOid) throw new CmsError('malformed SignedData (eContentType)');
  let eContent: Buffer | null = null;
  let eContentTree: asn1js.AsnType | null = null;
  if (eContentWrapped) {
    const octets = isContextTag(eContentWrapped, 0) ? eContentWrapped.valueBlock.value[0] : undefined;
    if (!(octets instanceof asn1js.OctetString)) throw new CmsError('malformed SignedData (eContent)');
    eContent = Buffer.from(octets.getValue());
    // asn1js decodes what an OCTET STRING holds when it is DER as a whole: the TSTInfo, once.
    const inner = octets.idBlock.isConstructed ? undefined : octets.valueBlock.value[0];
    if (inner instanceof asn1js.Sequence && inner.valueBeforeDecodeView.byteLength === eContent.length) {
      eContentTree = inner;
    }
  }
  const first = signerInfos.valueBlock.value[0];
  return {
    eContentType: eContentOid,
    eContent,
    eContentTree,
    certificates: rawCertificatesOf(signedData) ?? [],
    signerInfo: first ? readSignerInfo(first) : null,
  };
}

/**
 * TSTInfo { version, policy, messageImprint { hashAlgorithm, hashedMessage }, serialNumber,
 * genTime GeneralizedTime, accuracy SEQUENCE OPTIONAL, ordering BOOLEAN DEFAULT FALSE,
 * nonce INTEGER OPTIONAL, tsa [0] OPTIONAL, extensions [1] OPTIONAL } (RFC 3161 2.4.2)
 */
function readTstInfo(tree: asn1js.AsnType): {
  genTime: Date;
  nonce: Buffer | null;
  imprintAlgorithm: string;
  imprint: Buffer;
} {
  const parts = tree instanceof asn1js.Sequence ? tree.valueBlock.value : [];
  const [version, policy, messageImprint, serialNumber, genTime] = parts;
  const [algorithm, hashed] =
    messageImprint instanceof asn1js.Sequence ? messageImprint.valueBlock.value : [];
  if (
    !(version instanceof asn1js.Integer) ||
    !oidOf(policy) ||
    !(serialNumber instanceof asn1js.Integer) ||
    !(genTime instanceof asn1js.GeneralizedTime) ||
    !(hashed instanceof asn1js.OctetString)
  ) {
    throw new CmsError('malformed TSTInfo');
  }
  // After genTime only accuracy (SEQUENCE), ordering (BOOLEAN), nonce (the one INTEGER), [0], [1].
  const nonce = parts.slice(5).find((b) => b instanceof asn1js.Integer);
  return {
    genTime: genTime.toDate(),
    nonce: nonce instanceof asn1js.Integer ? Buffer.from(nonce.valueBlock.valueHexView) : null,
    imprintAlgorithm: algorithmOf(algorithm, 'imprint algorithm'),
    imprint: Buffer.from(hashed.getValue()),
  };
}

/** The `[0] IMPLICIT CertificateSet` of a parsed SignedData: each X.509 certificate's own bytes. */
function rawCertificatesOf(content: unknown): Buffer[] | null {
  if (!(content instanceof asn1js.Sequence)) return null;
  const set = content.valueBlock.value.find((b) => b.idBlock.tagClass === 3 && b.idBlock.tagNumber === 0);
  if (!(set instanceof asn1js.Constructed)) return null;
  const out: Buffer[] = [];
  for (const element of set.valueBlock.value) {
    // Only plain certificates (a SEQUENCE); other choices (attribute certificates) are [n]-tagged.
    if (element.idBlock.tagClass !== 1 || element.idBlock.tagNumber !== 16) continue;
    const view = element.valueBeforeDecodeView;
    if (view.byteLength === 0) return null;
    out.push(Buffer.from(view));
  }
  return out;
}

/**
 * Every certificate in a CMS signature and in its signature timestamp token (the token's after the
 * signature's), as their bytes, without checking anything: asn1js alone, no pkijs schemas (the
 * long-term validation data only needs the certificates of a signature just made).
 */
export function certificatesInCms(cms: Buffer): Buffer[] {
  const out: Buffer[] = [];
  const signedDataOf = (contentInfo: unknown): asn1js.Sequence | null => {
    const wrapped = contentInfo instanceof asn1js.Sequence ? contentInfo.valueBlock.value[1] : undefined;
    const inner = wrapped instanceof asn1js.Constructed ? wrapped.valueBlock.value[0] : undefined;
    return inner instanceof asn1js.Sequence ? inner : null;
  };
  const visit = (contentInfo: unknown, nested: boolean) => {
    const signedData = signedDataOf(contentInfo);
    if (!signedData) return;
    out.push(...(rawCertificatesOf(signedData) ?? []));
    if (nested) return;
    const signerInfos = signedData.valueBlock.value.at(-1);
    if (!(signerInfos instanceof asn1js.Set)) return;
    for (const signerInfo of signerInfos.valueBlock.value) {
      if (!(signerInfo instanceof asn1js.Sequence)) continue;
      const unsigned = signerInfo.valueBlock.value.find(
        (b) => b.idBlock.tagClass === 3 && b.idBlock.tagNumber === 1,
      );
      if (!(unsigned instanceof asn1js.Constructed)) continue;
      for (const attribute of unsigned.valueBlock.value) {
        const [type, values] = attribute instanceof asn1js.Sequence ? attribute.valueBlock.value : [];
        if (
          type instanceof asn1js.ObjectIdentifier &&
          type.valueBlock.toString() === OID.timeStampToken &&
          values instanceof asn1js.Set
        ) {
          visit(values.valueBlock.value[0], true);
        }
      }
    }
  };
  visit(parseDer(cms), false);
  const seen = new Set<string>();
  return out.filter((der) => {
    const key = der.toString('base64');
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

function checkSignedData(signedData: SignedDataParts, signedContent: Buffer): SignedDataCheck {
  const result: SignedDataCheck = {
    valid: false,
    signer: null,
    certificates: [],
    signingTime: null,
    signerInfo: null,
    problem: null,
  };
  try {
    const certificates = signedData.certificates;
    const signerInfo = signedData.signerInfo;
    if (!signerInfo) {
      result.problem = 'no signer in the signature';
      return result;
    }
    result.signerInfo = signerInfo;
    const signer = findSignerCertificate(certificates, signerInfo.sid);
    result.certificates = signer ? [signer, ...certificates.filter((c) => c !== signer)] : certificates;
    if (!signer) {
      result.problem = 'the signer certificate is not embedded';
      return result;
    }
    result.signer = signer;
    const x509 = parsedCertificate(signer).x509;
    const digestName = DIGESTS[signerInfo.digestAlgorithm];
    if (!digestName) {
      result.problem = 'unsupported digest algorithm';
      return result;
    }
    const signatureAlgorithm = signerInfo.signatureAlgorithm;
    if (!(signatureAlgorithm in SIGNATURE_ALGORITHMS)) {
      result.problem = 'unsupported signature algorithm';
      return result;
    }
    const signatureDigest = SIGNATURE_ALGORITHMS[signatureAlgorithm] ?? digestName;
    const signature = signerInfo.signature;
    const contentDigest = createHash(digestName).update(signedContent).digest();

    let signedBytes: Buffer;
    const attributes = signerInfo.signedAttrs;
    if (attributes) {
      const first = (type: string) => attributes.attributes.find((a) => a.type === type)?.values[0];
      const messageDigest = first(OID.messageDigest);
      if (
        !(messageDigest instanceof asn1js.OctetString) ||
        !contentDigest.equals(Buffer.from(messageDigest.valueBlock.valueHexView))
      ) {
        result.problem = 'the document changed after it was signed';
        return result;
      }
      const time = first(OID.signingTime);
      if (time instanceof asn1js.UTCTime || time instanceof asn1js.GeneralizedTime) {
        result.signingTime = time.toDate();
      }
      // ESS signing-certificate-v2 binds the signer certificate to the signature: a certificate
      // swapped or edited inside the CMS (same key, other name) must not pass.
      const essCertificate = first(OID.signingCertificateV2);
      if (essCertificate && !essCertificateMatches(essCertificate, signer)) {
        result.problem = 'the signer certificate was altered';
        return result;
      }
      signedBytes = Buffer.from(attributes.encoded);
      signedBytes[0] = 0x31;
    } else {
      signedBytes = signedContent;
    }
    if (!verify(signatureDigest, signedBytes, x509.publicKey, signature)) {
      result.problem = attributes
        ? 'the signature does not match its signer'
        : 'the document changed after it was signed';
      return result;
    }
    result.valid = true;
    return result;
  } catch (err) {
    result.problem = malformed(err);
    return result;
  }
}

function findSignerCertificate(certificates: Buffer[], sid: unknown): Buffer | undefined {
  const parsed = certificates.map((der) => ({ der, certificate: parsedCertificate(der).pkijs }));
  if (sid instanceof pkijs.IssuerAndSerialNumber) {
    const match = parsed.find(
      ({ certificate }) =>
        certificate.serialNumber.isEqual(sid.serialNumber) && certificate.issuer.isEqual(sid.issuer),
    );
    if (match) return match.der;
  } else if (sid instanceof asn1js.Primitive || sid instanceof asn1js.OctetString) {
    // subjectKeyIdentifier [0]: compare with each certificate's extension.
    const wanted = Buffer.from(sid.valueBlock.valueHexView);
    const match = parsed.find(({ certificate }) => {
      const extension = certificate.extensions?.find((e) => e.extnID === '2.5.29.14');
      const value = extension?.parsedValue;
      return value instanceof asn1js.OctetString && wanted.equals(Buffer.from(value.valueBlock.valueHexView));
    });
    if (match) return match.der;
  }
  return certificates.length === 1 ? certificates[0] : undefined;
}

/** SigningCertificateV2 { certs SEQUENCE OF ESSCertIDv2 { hashAlgorithm DEFAULT sha256, certHash, ... } } */
function essCertificateMatches(value: asn1js.AsnType, certificate: Buffer): boolean {
  const certs = value instanceof asn1js.Sequence ? value.valueBlock.value[0] : undefined;
  const first = certs instanceof asn1js.Sequence ? certs.valueBlock.value[0] : undefined;
  if (!(first instanceof asn1js.Sequence)) return false;
  const [head, next] = first.valueBlock.value;
  const algorithm = head instanceof asn1js.Sequence ? new pkijs.AlgorithmIdentifier({ schema: head }) : null;
  const digest = algorithm ? DIGESTS[algorithm.algorithmId] : 'sha256';
  const hash = algorithm ? next : head;
  if (!digest || !(hash instanceof asn1js.OctetString)) return false;
  return createHash(digest).update(certificate).digest().equals(Buffer.from(hash.valueBlock.valueHexView));
}

import { createHash, sign, verify, X509Certificate } from 'node:crypto';
import {
  algorithmIdentifier,
  child,
  contextConstructed,
  decodeOid,
  decodeTime,
  DerError,
  octetString,
  oid,
  readDer,
  sequence,
  setOf,
  smallInteger,
  TAG,
  tlv,
  type DerNode,
} from './der';
import { certificateFingerprint, commonName, issuerAndSerial, type PdfSigner } from './pdf-signer';

const OID = {
  data: '1.2.840.113549.1.7.1',
  signedData: '1.2.840.113549.1.7.2',
  contentType: '1.2.840.113549.1.9.3',
  messageDigest: '1.2.840.113549.1.9.4',
  signingTime: '1.2.840.113549.1.9.5',
  signingCertificateV2: '1.2.840.113549.1.9.16.2.47',
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

const DIGESTS: Record<string, string> = {
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

/**
 * A detached CMS SignedData (RFC 5652) over `content`, shaped for PAdES baseline B
 * (`ETSI.CAdES.detached`): SHA-256, signed attributes contentType, messageDigest and
 * signingCertificateV2 (ETSI EN 319 122). As PAdES requires, the claimed signing time is the
 * signature dictionary's `/M` (readers, poppler included, show it), not a CMS signingTime attribute.
 */
export function buildCmsSignature(content: Buffer, signer: PdfSigner): Buffer {
  const signerCertificate = signer.certificates[0];
  if (!signerCertificate) throw new DerError('signer has no certificate');
  const { issuer, serial } = issuerAndSerial(signerCertificate);
  const digest = createHash('sha256').update(content).digest();
  const essCertIdV2 = sequence(
    octetString(createHash('sha256').update(signerCertificate).digest()),
    // IssuerSerial: GeneralNames { directoryName [4] Name }, serialNumber
    sequence(sequence(tlv(0xa4, issuer.raw)), serial.raw),
  );
  const attributes = [
    sequence(oid(OID.contentType), setOf(oid(OID.data))),
    sequence(oid(OID.messageDigest), setOf(octetString(digest))),
    sequence(oid(OID.signingCertificateV2), setOf(sequence(sequence(essCertIdV2)))),
  ];
  const signedAttributes = setOf(...attributes);
  const isRsa = signer.privateKey.asymmetricKeyType === 'rsa';
  const signature = sign('sha256', signedAttributes, signer.privateKey);
  const signerInfo = sequence(
    smallInteger(1),
    sequence(issuer.raw, serial.raw),
    algorithmIdentifier(OID.sha256),
    // [0] IMPLICIT SET OF Attribute: same content, context tag instead of SET.
    Buffer.concat([Buffer.from([0xa0]), signedAttributes.subarray(1)]),
    isRsa ? algorithmIdentifier(OID.rsaEncryption, true) : algorithmIdentifier(OID.ecdsaSha256),
    octetString(signature),
  );
  const signedData = sequence(
    smallInteger(1),
    setOf(algorithmIdentifier(OID.sha256)),
    sequence(oid(OID.data)),
    contextConstructed(0, ...signer.certificates),
    setOf(signerInfo),
  );
  return sequence(oid(OID.signedData), contextConstructed(0, signedData));
}

export type CmsCheck = {
  /** The signature over the signed bytes checks out with the embedded signer certificate. */
  valid: boolean;
  signedBy: string | null;
  signingTime: Date | null;
  /** SHA-256 of the signer certificate. */
  certificateFingerprint: string | null;
  /** Why `valid` is false. */
  problem: string | null;
};

/**
 * Checks a detached CMS signature over `signedContent` (the PDF bytes of the signature's byte
 * range). Never throws: malformed input yields `valid: false` with a `problem`.
 */
export function checkCmsSignature(cms: Buffer, signedContent: Buffer): CmsCheck {
  const result: CmsCheck = {
    valid: false,
    signedBy: null,
    signingTime: null,
    certificateFingerprint: null,
    problem: null,
  };
  try {
    const contentInfo = readDer(cms);
    if (decodeOid(child(contentInfo, 0, 'contentType')) !== OID.signedData) {
      result.problem = 'not a CMS SignedData';
      return result;
    }
    const signedData = child(child(contentInfo, 1, 'content'), 0, 'SignedData');
    const certificatesNode = signedData.children.find((n) => n.tag === 0xa0);
    const certificates = (certificatesNode?.children ?? []).filter((n) => n.tag === TAG.SEQUENCE);
    const signerInfos = signedData.children.at(-1);
    const signerInfo = signerInfos?.tag === TAG.SET ? signerInfos.children[0] : undefined;
    if (!signerInfo) {
      result.problem = 'no signer in the signature';
      return result;
    }
    const sid = child(signerInfo, 1, 'sid');
    const certificate = findSignerCertificate(certificates, sid);
    if (!certificate) {
      result.problem = 'the signer certificate is not embedded';
      return result;
    }
    const x509 = new X509Certificate(certificate.raw);
    result.signedBy = commonName(x509.subject);
    result.certificateFingerprint = certificateFingerprint(certificate.raw);

    const digestName = DIGESTS[decodeOid(child(child(signerInfo, 2, 'digestAlgorithm'), 0, 'algorithm'))];
    if (!digestName) {
      result.problem = 'unsupported digest algorithm';
      return result;
    }
    const attributesNode = signerInfo.children[3]?.tag === 0xa0 ? signerInfo.children[3] : undefined;
    const algorithmIndex = attributesNode ? 4 : 3;
    const signatureAlgorithm = decodeOid(
      child(child(signerInfo, algorithmIndex, 'signatureAlgorithm'), 0, 'oid'),
    );
    if (!(signatureAlgorithm in SIGNATURE_ALGORITHMS)) {
      result.problem = 'unsupported signature algorithm';
      return result;
    }
    const signatureDigest = SIGNATURE_ALGORITHMS[signatureAlgorithm] ?? digestName;
    const signature = child(signerInfo, algorithmIndex + 1, 'signature').content;
    const contentDigest = createHash(digestName).update(signedContent).digest();

    let signedBytes: Buffer;
    if (attributesNode) {
      const attributes = readAttributes(attributesNode);
      const messageDigest = attributes.get(OID.messageDigest);
      if (!messageDigest || !messageDigest.content.equals(contentDigest)) {
        result.problem = 'the document changed after it was signed';
        return result;
      }
      const time = attributes.get(OID.signingTime);
      result.signingTime = time ? decodeTime(time) : null;
      // ESS signing-certificate-v2 binds the signer certificate to the signature: a certificate
      // swapped or edited inside the CMS (same key, other name) must not pass.
      const essCertificate = attributes.get(OID.signingCertificateV2);
      if (essCertificate && !essCertificateMatches(essCertificate, certificate.raw)) {
        result.problem = 'the signer certificate was altered';
        return result;
      }
      // The signature covers the attributes DER-encoded as a SET OF (tag 0x31).
      signedBytes = Buffer.concat([Buffer.from([TAG.SET]), attributesNode.raw.subarray(1)]);
    } else {
      signedBytes = signedContent;
    }
    const ok = verify(signatureDigest, signedBytes, x509.publicKey, signature);
    if (!ok) {
      result.problem = attributesNode
        ? 'the signature does not match its signer'
        : 'the document changed after it was signed';
      return result;
    }
    result.valid = true;
    return result;
  } catch (err) {
    result.problem = err instanceof DerError ? `malformed signature (${err.message})` : 'malformed signature';
    return result;
  }
}

function findSignerCertificate(certificates: DerNode[], sid: DerNode): DerNode | undefined {
  if (sid.tag === TAG.SEQUENCE) {
    const [issuer, serial] = sid.children;
    const match = certificates.find((certificate) => {
      try {
        const own = issuerAndSerial(certificate.raw);
        return (
          own.serial.content.equals(serial?.content ?? Buffer.alloc(0)) &&
          own.issuer.raw.equals(issuer?.raw ?? Buffer.alloc(0))
        );
      } catch {
        return false;
      }
    });
    if (match) return match;
  } else if (sid.tag === 0x80) {
    // subjectKeyIdentifier [0]: compare with each certificate's extension.
    const match = certificates.find((certificate) => subjectKeyIdentifier(certificate)?.equals(sid.content));
    if (match) return match;
  }
  return certificates.length === 1 ? certificates[0] : undefined;
}

/** SigningCertificateV2 { certs SEQUENCE OF ESSCertIDv2 { hashAlgorithm DEFAULT sha256, certHash, ... } } */
function essCertificateMatches(value: DerNode, certificate: Buffer): boolean {
  const first = value.children[0]?.children[0];
  if (!first) return false;
  const algorithm = first.children[0]?.tag === TAG.SEQUENCE ? first.children[0] : undefined;
  const digest = algorithm ? DIGESTS[decodeOid(child(algorithm, 0, 'hashAlgorithm'))] : 'sha256';
  const hash = first.children[algorithm ? 1 : 0];
  if (!digest || hash?.tag !== TAG.OCTET_STRING) return false;
  return createHash(digest).update(certificate).digest().equals(hash.content);
}

/** First value of each signed attribute, by OID. */
function readAttributes(node: DerNode): Map<string, DerNode> {
  const map = new Map<string, DerNode>();
  for (const attribute of node.children) {
    const type = decodeOid(child(attribute, 0, 'attrType'));
    const value = child(attribute, 1, 'attrValues').children[0];
    if (value && !map.has(type)) map.set(type, value);
  }
  return map;
}

function subjectKeyIdentifier(certificate: DerNode): Buffer | undefined {
  try {
    const tbs = child(certificate, 0, 'tbsCertificate');
    const extensions = tbs.children.find((n) => n.tag === 0xa3)?.children[0];
    for (const extension of extensions?.children ?? []) {
      if (decodeOid(child(extension, 0, 'extnID')) === '2.5.29.14') {
        return readDer(child(extension, extension.children.length - 1, 'extnValue').content).content;
      }
    }
  } catch {
    return undefined;
  }
  return undefined;
}

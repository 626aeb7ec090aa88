import { createHash, createPrivateKey, X509Certificate, type KeyObject } from 'node:crypto';

/** The identity that seals documents: a private key and its certificate (then the chain, if any). */
export type PdfSigner = {
  privateKey: KeyObject;
  /** DER certificates: the signer's own first, then the rest of its chain. */
  certificates: Buffer[];
  /** The signer certificate's subject common name, shown by PDF readers as "signed by". */
  name: string;
  /** SHA-256 of the signer certificate (lower-case hex): how `verifyPdf` recognises our seals. */
  fingerprint: string;
  /** Written into the signature dictionary (`/Location`, `/ContactInfo`). */
  location: string;
  contactInfo: string;
};

export class SignerError extends Error {}

/**
 * Builds a signer from a PEM private key and PEM/DER certificates (the one matching the key is
 * put first). Throws `SignerError` when no certificate matches the key.
 */
export function createPdfSigner(input: {
  privateKey: string | KeyObject;
  certificates: (string | Buffer)[];
  location?: string;
  contactInfo?: string;
}): PdfSigner {
  const privateKey =
    typeof input.privateKey === 'string' ? createPrivateKey(input.privateKey) : input.privateKey;
  if (privateKey.type !== 'private') throw new SignerError('a private key is required');
  const kind = privateKey.asymmetricKeyType;
  if (kind !== 'rsa' && kind !== 'ec') throw new SignerError(`unsupported signing key type: ${kind}`);
  const certificates = input.certificates.map((c) => new X509Certificate(c));
  const own = certificates.find((c) => c.checkPrivateKey(privateKey));
  if (!own) throw new SignerError('no certificate matches the private key');
  const ordered = [own, ...certificates.filter((c) => c !== own)];
  return {
    privateKey,
    certificates: ordered.map((c) => c.raw),
    name: commonName(own.subject),
    fingerprint: certificateFingerprint(own.raw),
    location: input.location ?? '',
    contactInfo: input.contactInfo ?? '',
  };
}

export function certificateFingerprint(der: Buffer): string {
  return createHash('sha256').update(der).digest('hex');
}

/** `CN=...` from a node:crypto subject string (one attribute per line), else the whole subject. */
export function commonName(subject: string): string {
  const line = subject.split('\n').find((l) => l.startsWith('CN='));
  return line ? line.slice(3) : subject.replace(/\n/g, ', ');
}

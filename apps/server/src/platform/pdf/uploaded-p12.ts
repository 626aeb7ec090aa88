import { X509Certificate } from 'node:crypto';
import * as asn1js from 'asn1js';
import type { TValidationDetail } from '@esigns/contracts/envelope';
import { validationError } from '../http/app-error';
import { parseCertificate } from './cms';
import { commonName, createPdfSigner, SignerError, type PdfSigner } from './pdf-signer';
import { openP12, P12Error } from './signing-identity';

/** What a sealing certificate shows of itself (never the key). */
export type SealCertificateInfo = {
  subject: string;
  common_name: string;
  issuer: string;
  not_before: Date;
  not_after: Date;
  /** "RSA 3072", "ECDSA P-256"... */
  key_type: string;
  /** SHA-256 of the signer certificate (DER), lower-case hex. */
  fingerprint_sha256: string;
  /** Certificates in the bundle, the signer's own included. */
  chain_length: number;
};

export type CheckedP12 = {
  signer: PdfSigner;
  /** The key as PKCS#8 PEM (to be stored encrypted) and the certificates, signer first, as PEM. */
  privateKeyPem: string;
  certificatesPem: string[];
  info: SealCertificateInfo;
};

const KEY_USAGE_OID = '2.5.29.15';
const DIGITAL_SIGNATURE = 0x80;
const NON_REPUDIATION = 0x40;

const CURVES: Record<string, string> = { prime256v1: 'P-256', secp384r1: 'P-384', secp521r1: 'P-521' };

/**
 * Checks a PKCS#12 bundle a company uploads to seal its documents in its own name: it opens with
 * the passphrase, holds an RSA or ECDSA private key and the certificate of that key, the
 * certificate is valid at `now` (and for at least a day more), and its key usage, when present,
 * allows digital signatures or non-repudiation. Anything else is a 422 whose `errors.details`
 * names `file` or `passphrase` with the reason.
 */
export function checkUploadedP12(
  der: Buffer,
  passphrase: string,
  options: { now?: Date; location?: string; contactInfo?: string } = {},
): CheckedP12 {
  const now = options.now ?? new Date();
  const refuse = (key: 'file' | 'passphrase', message: string) => {
    const detail: TValidationDetail = { key, message, path: [key] };
    return validationError([detail], message);
  };
  let contents;
  try {
    contents = openP12(der, passphrase);
  } catch (err) {
    if (!(err instanceof P12Error)) throw err;
    switch (err.problem) {
      case 'NOT_P12':
        throw refuse('file', 'This file is not a PKCS#12 bundle (.p12 / .pfx)');
      case 'PASSPHRASE':
        throw refuse('passphrase', 'The passphrase does not open this PKCS#12 bundle');
      case 'NO_KEY':
        throw refuse('file', 'The bundle holds no private key (RSA or ECDSA): export it with its key');
      case 'NO_CERTIFICATE':
        throw refuse('file', 'The bundle holds no certificate');
      default:
        throw refuse('passphrase', `The bundle cannot be opened (${err.message}): check the passphrase`);
    }
  }
  let signer: PdfSigner;
  try {
    signer = createPdfSigner({ ...contents, location: options.location, contactInfo: options.contactInfo });
  } catch (err) {
    if (!(err instanceof SignerError)) throw err;
    throw refuse(
      'file',
      err.message === 'no certificate matches the private key'
        ? 'No certificate in the bundle matches its private key'
        : `The key cannot seal documents (${err.message})`,
    );
  }
  const own = new X509Certificate(signer.certificates[0]!);
  const notBefore = new Date(own.validFrom);
  const notAfter = new Date(own.validTo);
  if (notAfter.getTime() <= now.getTime()) {
    throw refuse('file', `The certificate expired on ${notAfter.toISOString().slice(0, 10)}`);
  }
  if (notBefore.getTime() > now.getTime()) {
    throw refuse('file', `The certificate is not valid before ${notBefore.toISOString()}`);
  }
  const usage = keyUsageOf(signer.certificates[0]!);
  if (usage !== null && (usage & (DIGITAL_SIGNATURE | NON_REPUDIATION)) === 0) {
    throw refuse(
      'file',
      'The certificate\'s key usage allows neither "digital signature" nor "non-repudiation"',
    );
  }
  const details = signer.privateKey.asymmetricKeyDetails ?? {};
  const keyType =
    signer.privateKey.asymmetricKeyType === 'rsa'
      ? `RSA ${details.modulusLength ?? ''}`.trim()
      : `ECDSA ${CURVES[details.namedCurve ?? ''] ?? details.namedCurve ?? ''}`.trim();
  return {
    signer,
    privateKeyPem: signer.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    certificatesPem: signer.certificates.map((c) => new X509Certificate(c).toString()),
    info: {
      subject: own.subject.split('\n').join(', '),
      common_name: commonName(own.subject),
      issuer: own.issuer.split('\n').join(', '),
      not_before: notBefore,
      not_after: notAfter,
      key_type: keyType,
      fingerprint_sha256: signer.fingerprint,
      chain_length: signer.certificates.length,
    },
  };
}

/** The first byte of the key usage bits, or null when the certificate has no key usage extension. */
function keyUsageOf(der: Buffer): number | null {
  const extension = parseCertificate(der).extensions?.find((e) => e.extnID === KEY_USAGE_OID);
  if (!extension) return null;
  const parsed = asn1js.fromBER(extension.extnValue.valueBlock.valueHexView);
  const bits = parsed.result;
  if (!(bits instanceof asn1js.BitString)) return 0;
  return bits.valueBlock.valueHexView[0] ?? 0;
}

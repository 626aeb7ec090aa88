import { z } from 'zod';

/**
 * A company's own sealing certificate (bring your own PKCS#12): its completed documents are sealed
 * in its name instead of the instance's. Not in the product spec: `GET|PUT|DELETE
 * /company-seal-certificate` (signing module README). The key and the passphrase are never answered.
 */

/** Largest PKCS#12 bundle accepted (a certificate chain and a key: a few KB in practice). */
export const MAX_SEAL_P12_BYTES = 64 * 1024;

export const ZSealCertificate = z.object({
  subject: z.string(),
  common_name: z.string(),
  issuer: z.string(),
  not_before: z.string().describe('ISO 8601'),
  not_after: z.string().describe('ISO 8601'),
  key_type: z.string().describe('"RSA 3072", "ECDSA P-256"...'),
  fingerprint_sha256: z.string().describe("SHA-256 of the signer's certificate (DER), lower-case hex"),
  chain_length: z.number().int().describe("Certificates in the bundle, the signer's own included"),
  uploaded_at: z.string(),
});
export type TSealCertificate = z.infer<typeof ZSealCertificate>;

/** What seals the company's documents now: its own certificate, or the instance's (`certificate` null). */
export const ZCompanySealCertificate = z.object({
  source: z.enum(['COMPANY', 'INSTANCE']),
  certificate: ZSealCertificate.nullable(),
});
export type TCompanySealCertificate = z.infer<typeof ZCompanySealCertificate>;

export const ZSealCertificateUpload = z.object({
  file: z
    .string()
    .trim()
    .min(1, 'Choose the PKCS#12 file (.p12 / .pfx)')
    .max(Math.ceil((MAX_SEAL_P12_BYTES * 4) / 3) + 4, 'The file is larger than 64 KB')
    .regex(/^[A-Za-z0-9+/]+={0,2}$/, 'The file must be sent as base64')
    .describe('The PKCS#12 bundle (.p12 / .pfx), base64'),
  passphrase: z.string().max(1024).describe('Its passphrase ("" for none); never stored'),
});
export type TSealCertificateUpload = z.infer<typeof ZSealCertificateUpload>;

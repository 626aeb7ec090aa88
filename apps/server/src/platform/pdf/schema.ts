import { pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * The instance's document-sealing identities. Row `instance` is the one in use, created on first
 * use by whichever process gets there first (insert ... on conflict do nothing, then re-read).
 * Certificates are public; the private key is AES-256-GCM encrypted with a key derived from the
 * server's STORAGE_SECRET (see platform/pdf/README.md). Rows under other ids are retired keys,
 * kept so that documents they sealed still verify as this instance's.
 */
export const signingKeys = pgTable('signing_keys', {
  id: text().primaryKey(),
  certificatePem: text().notNull(),
  /** SHA-256 of the certificate (DER), lower-case hex. */
  fingerprintSha256: text().notNull().unique(),
  /** `v1.<iv>.<tag>.<ciphertext>` (base64url), AES-256-GCM over the PKCS#1 PEM. */
  encryptedPrivateKey: text().notNull(),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

/**
 * A company's SMTP password at rest: AES-256-GCM with a key derived (HKDF-SHA256) from the
 * instance secret (STORAGE_SECRET), bound to the company id as additional data, so a ciphertext
 * copied onto another company's row does not decrypt. Stored as `v<key version>.<iv>.<tag>.<ciphertext>`
 * (base64url); the key version is also the row's `key_version` column.
 */
export const PASSWORD_KEY_VERSION = 1;

const keys = new Map<string, Buffer>();

function keyOf(secret: string, version: number): Buffer {
  const id = `${version}:${secret}`;
  let key = keys.get(id);
  if (!key) {
    key = Buffer.from(
      hkdfSync('sha256', secret, 'e-signs/company_smtp_configs', `smtp-password/v${version}`, 32),
    );
    keys.set(id, key);
  }
  return key;
}

export function sealPassword(password: string, secret: string, companyId: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keyOf(secret, PASSWORD_KEY_VERSION), iv);
  cipher.setAAD(Buffer.from(companyId));
  const sealed = Buffer.concat([cipher.update(password, 'utf8'), cipher.final()]);
  const parts = [iv, cipher.getAuthTag(), sealed].map((part) => part.toString('base64url'));
  return [`v${PASSWORD_KEY_VERSION}`, ...parts].join('.');
}

/** The password, or throws when the secret or the company is not the one it was sealed with. */
export function openPassword(stored: string, secret: string, companyId: string): string {
  const [version, iv, tag, sealed] = stored.split('.');
  const n = Number(version?.slice(1));
  if (version?.[0] !== 'v' || !Number.isInteger(n) || n < 1 || !iv || !tag || sealed === undefined) {
    throw new Error('unknown password format');
  }
  const decipher = createDecipheriv('aes-256-gcm', keyOf(secret, n), Buffer.from(iv, 'base64url'));
  decipher.setAAD(Buffer.from(companyId));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(sealed, 'base64url')), decipher.final()]).toString(
    'utf8',
  );
}

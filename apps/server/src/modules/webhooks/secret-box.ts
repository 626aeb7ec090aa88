import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

/**
 * An endpoint's signing secret at rest: AES-256-GCM with a key derived (HKDF-SHA256) from the
 * instance secret (STORAGE_SECRET), bound to the company id as additional data (a ciphertext
 * copied onto another company's row does not open). Stored as `v1.<iv>.<tag>.<ciphertext>`
 * (base64url). The secret must be readable again (reveal), so it cannot be a hash.
 */
const KEY_VERSION = 1;
const keys = new Map<string, Buffer>();

function keyOf(instanceSecret: string, version: number): Buffer {
  const id = `${version}:${instanceSecret}`;
  let key = keys.get(id);
  if (!key) {
    key = Buffer.from(
      hkdfSync('sha256', instanceSecret, 'e-signs/webhook_endpoints', `signing-secret/v${version}`, 32),
    );
    keys.set(id, key);
  }
  return key;
}

/** A new Standard Webhooks secret: `whsec_` + base64 of 32 random bytes. */
export function newWebhookSecret(): string {
  return `whsec_${randomBytes(32).toString('base64')}`;
}

export function sealSecret(secret: string, instanceSecret: string, companyId: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keyOf(instanceSecret, KEY_VERSION), iv);
  cipher.setAAD(Buffer.from(companyId));
  const sealed = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
  return [`v${KEY_VERSION}`, ...[iv, cipher.getAuthTag(), sealed].map((p) => p.toString('base64url'))].join(
    '.',
  );
}

/** The secret, or throws when the instance secret or the company is not the one it was sealed with. */
export function openSecret(stored: string, instanceSecret: string, companyId: string): string {
  const [version, iv, tag, sealed] = stored.split('.');
  const n = Number(version?.slice(1));
  if (version?.[0] !== 'v' || !Number.isInteger(n) || n < 1 || !iv || !tag || sealed === undefined) {
    throw new Error('unknown webhook secret format');
  }
  const decipher = createDecipheriv('aes-256-gcm', keyOf(instanceSecret, n), Buffer.from(iv, 'base64url'));
  decipher.setAAD(Buffer.from(companyId));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(sealed, 'base64url')), decipher.final()]).toString(
    'utf8',
  );
}

import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

/**
 * A secret a company gives us to present elsewhere (an identity provider's client secret...), at
 * rest: AES-256-GCM with a key derived (HKDF-SHA256) from the instance secret (STORAGE_SECRET) and
 * the purpose, bound to the owner (a company id) as additional data, so a ciphertext copied onto
 * another company's row does not open. Stored as `v<key version>.<iv>.<tag>.<ciphertext>`
 * (base64url), like the company SMTP password (modules/mail-config/password-box.ts).
 */
export const SECRET_BOX_VERSION = 1;

export type SecretBox = {
  seal: (value: string, owner: string) => string;
  /** The value, or throws when the instance secret, the purpose or the owner differ. */
  open: (stored: string, owner: string) => string;
};

export function secretBox(instanceSecret: string, purpose: string): SecretBox {
  const keys = new Map<number, Buffer>();
  const keyOf = (version: number): Buffer => {
    let key = keys.get(version);
    if (!key) {
      key = Buffer.from(hkdfSync('sha256', instanceSecret, `e-signs/${purpose}`, `v${version}`, 32));
      keys.set(version, key);
    }
    return key;
  };
  return {
    seal(value, owner) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', keyOf(SECRET_BOX_VERSION), iv);
      cipher.setAAD(Buffer.from(owner));
      const sealed = Buffer.concat([cipher.update(value, 'utf8'), cipher.final()]);
      const parts = [iv, cipher.getAuthTag(), sealed].map((part) => part.toString('base64url'));
      return [`v${SECRET_BOX_VERSION}`, ...parts].join('.');
    },
    open(stored, owner) {
      const [version, iv, tag, sealed] = stored.split('.');
      const n = Number(version?.slice(1));
      if (version?.[0] !== 'v' || !Number.isInteger(n) || n < 1 || !iv || !tag || sealed === undefined) {
        throw new Error('unknown sealed secret format');
      }
      const decipher = createDecipheriv('aes-256-gcm', keyOf(n), Buffer.from(iv, 'base64url'));
      decipher.setAAD(Buffer.from(owner));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([decipher.update(Buffer.from(sealed, 'base64url')), decipher.final()]).toString(
        'utf8',
      );
    },
  };
}

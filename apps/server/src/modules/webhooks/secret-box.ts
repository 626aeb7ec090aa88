import { randomBytes } from 'node:crypto';
import { secretBox, type SecretBox } from '../../platform/auth/secret-box';

/*
 * An endpoint's signing secret at rest: the platform's secret box (AES-256-GCM, a key derived from
 * the instance secret for this purpose, bound to the company id). The secret must be readable
 * again (reveal), so it cannot be a hash.
 */
const boxes = new Map<string, SecretBox>();
const boxOf = (instanceSecret: string): SecretBox => {
  let box = boxes.get(instanceSecret);
  if (!box) {
    box = secretBox(instanceSecret, 'webhook_endpoints/signing-secret');
    boxes.set(instanceSecret, box);
  }
  return box;
};

/** A new Standard Webhooks secret: `whsec_` + base64 of 32 random bytes. */
export function newWebhookSecret(): string {
  return `whsec_${randomBytes(32).toString('base64')}`;
}

export function sealSecret(secret: string, instanceSecret: string, companyId: string): string {
  return boxOf(instanceSecret).seal(secret, companyId);
}

/** The secret, or throws when the instance secret or the company is not the one it was sealed with. */
export function openSecret(stored: string, instanceSecret: string, companyId: string): string {
  return boxOf(instanceSecret).open(stored, companyId);
}

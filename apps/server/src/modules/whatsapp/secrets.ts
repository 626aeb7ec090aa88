import { randomBytes } from 'node:crypto';
import { secretBox, type SecretBox } from '../../platform/auth/secret-box';

/*
 * What this module keeps sealed (the platform's secret box: AES-256-GCM, a key derived from the
 * instance secret per purpose, bound to the company id): an account's access token and Meta app
 * secret, and a message's parameters (they hold a signing or form link).
 */
type Purpose = 'access-token' | 'app-secret' | 'message-parameters';

const boxes = new Map<string, SecretBox>();
function boxOf(instanceSecret: string, purpose: Purpose): SecretBox {
  const key = `${purpose}:${instanceSecret}`;
  let box = boxes.get(key);
  if (!box) {
    box = secretBox(instanceSecret, `whatsapp/${purpose}`);
    boxes.set(key, box);
  }
  return box;
}

export function seal(instanceSecret: string, purpose: Purpose, value: string, companyId: string): string {
  return boxOf(instanceSecret, purpose).seal(value, companyId);
}

/** The value, or throws when the instance secret or the company is not the one it was sealed with. */
export function unseal(instanceSecret: string, purpose: Purpose, stored: string, companyId: string): string {
  return boxOf(instanceSecret, purpose).open(stored, companyId);
}

/** The token Meta sends back when it checks the callback URL (`hub.verify_token`). */
export function newVerifyToken(): string {
  return randomBytes(24).toString('base64url');
}

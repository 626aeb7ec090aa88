import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { generateSecret, generateURI, verify as verifyTotp } from 'otplib';
import QRCode from 'qrcode';
import { keyedHash } from '../../platform/auth/one-time-secrets';
import { AppError, validationError } from '../../platform/http/app-error';
import type { Platform } from '../../platform/platform';
import { users } from './schema';
import { verifyCurrentPassword } from './signin-throttle';

const RECOVERY_CODE_COUNT = 10;
const RECOVERY_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/**
 * Starts authenticator enrolment: a new secret kept as pending until the first code confirms
 * it, with the otpauth URI and its QR code for the app to scan.
 */
export async function startTotpEnrolment(
  platform: Platform,
  userId: string,
): Promise<{ secret: string; otpauth_url: string; qr_data_url: string }> {
  const db = platform.database.db;
  const [user] = await db.select({ email: users.email }).from(users).where(eq(users.id, userId)).limit(1);
  if (!user) throw new AppError('UNAUTHORIZED');
  const secret = generateSecret();
  await db.update(users).set({ totpPendingSecret: secret }).where(eq(users.id, userId));
  const otpauthUrl = generateURI({ issuer: 'e-Signs', label: user.email, secret });
  return {
    secret,
    otpauth_url: otpauthUrl,
    qr_data_url: await QRCode.toDataURL(otpauthUrl, { margin: 1, width: 220 }),
  };
}

/** Confirms enrolment with a first code; answers the recovery codes (shown once, kept hashed). */
export async function confirmTotpEnrolment(
  platform: Platform,
  userId: string,
  code: string,
): Promise<{ recovery_codes: string[] }> {
  const db = platform.database.db;
  const [user] = await db.select().from(users).where(eq(users.id, userId)).limit(1);
  if (!user?.totpPendingSecret) {
    throw new AppError('CONFLICT', { message: 'Start the authenticator set-up first' });
  }
  const result = await verifyTotp({ secret: user.totpPendingSecret, token: code, epochTolerance: 30 });
  if (!result.valid) {
    throw validationError([
      { key: 'code', message: 'That code is not right: check the app and try again', path: ['code'] },
    ]);
  }
  const codes = newRecoveryCodes();
  await db
    .update(users)
    .set({
      mf2aMethod: 'TOTP',
      totpSecret: user.totpPendingSecret,
      totpPendingSecret: null,
      recoveryCodeHashes: codes.map((c) => keyedHash(c, platform.config.secrets.jwtSecret)),
    })
    .where(eq(users.id, userId));
  return { recovery_codes: codes };
}

/** Codes mailed at each sign-in instead of an app; needs the password. */
export async function enableEmailSecondFactor(
  platform: Platform,
  userId: string,
  password: string,
  ip: string,
): Promise<{ recovery_codes: string[] }> {
  await assertPassword(platform, userId, password, ip);
  const codes = newRecoveryCodes();
  await platform.database.db
    .update(users)
    .set({
      mf2aMethod: 'EMAIL',
      totpSecret: null,
      totpPendingSecret: null,
      recoveryCodeHashes: codes.map((c) => keyedHash(c, platform.config.secrets.jwtSecret)),
    })
    .where(eq(users.id, userId));
  return { recovery_codes: codes };
}

export async function disableSecondFactor(
  platform: Platform,
  userId: string,
  password: string,
  ip: string,
): Promise<void> {
  await assertPassword(platform, userId, password, ip);
  await platform.database.db
    .update(users)
    .set({ mf2aMethod: null, totpSecret: null, totpPendingSecret: null, recoveryCodeHashes: [] })
    .where(eq(users.id, userId));
}

export async function regenerateRecoveryCodes(
  platform: Platform,
  userId: string,
  password: string,
  ip: string,
): Promise<{ recovery_codes: string[] }> {
  const user = await assertPassword(platform, userId, password, ip);
  if (!user.mf2aMethod) throw new AppError('CONFLICT', { message: 'Two-step verification is off' });
  const codes = newRecoveryCodes();
  await platform.database.db
    .update(users)
    .set({ recoveryCodeHashes: codes.map((c) => keyedHash(c, platform.config.secrets.jwtSecret)) })
    .where(eq(users.id, userId));
  return { recovery_codes: codes };
}

async function assertPassword(platform: Platform, userId: string, password: string, ip: string) {
  const db = platform.database.db;
  const [user] = await db.select().from(users).where(eq(users.id, userId)).limit(1);
  if (!user) throw new AppError('UNAUTHORIZED');
  if (!(await verifyCurrentPassword(db, user, password, ip))) {
    throw validationError([
      { key: 'current_password', message: 'Password is incorrect', path: ['current_password'] },
    ]);
  }
  return user;
}

/** `XXXX-XXXX` from an alphabet without look-alikes (no 0/O, 1/I). */
function newRecoveryCodes(): string[] {
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const bytes = randomBytes(8);
    const chars = [...bytes].map((b) => RECOVERY_ALPHABET[b % RECOVERY_ALPHABET.length]);
    return `${chars.slice(0, 4).join('')}-${chars.slice(4).join('')}`;
  });
}

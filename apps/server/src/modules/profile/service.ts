import { randomUUID } from 'node:crypto';
import type { TUserDetails } from '@esigns/contracts/auth';
import { AppError, validationError } from '../../platform/http/app-error';
import type { Platform } from '../../platform/platform';
import { sniffContentType } from '../../platform/storage/sniff';
import { buildUserDetails, pictureKeyOf, setPictureKey, updateUserProfile, type PictureKind } from '../auth';

export type { PictureKind };
const ALLOWED: Record<PictureKind, readonly string[]> = {
  avatar: ['image/png', 'image/jpeg', 'image/webp'],
  // Signatures and initials are stamped onto PDFs: PNG keeps their transparency.
  signature: ['image/png'],
  initial: ['image/png'],
};
export const MAX_PICTURE_BYTES = 2 * 1024 * 1024;
const URL_SECONDS = 3600;

export type ProfileUpdate = {
  first_name?: string | undefined;
  last_name?: string | undefined;
  title?: string | null | undefined;
  phone?: string | null | undefined;
  address?: string | null | undefined;
};

export async function updateProfile(
  platform: Platform,
  who: { userId: string; companyId: string },
  input: ProfileUpdate,
): Promise<TUserDetails> {
  const changes = {
    ...(input.first_name !== undefined ? { firstName: input.first_name } : {}),
    ...(input.last_name !== undefined ? { lastName: input.last_name } : {}),
    ...(input.title !== undefined ? { title: input.title } : {}),
    ...(input.phone !== undefined ? { phone: input.phone } : {}),
    ...(input.address !== undefined ? { address: input.address } : {}),
  };
  await updateUserProfile(platform.database.db, who.userId, changes);
  return userDetailsWithUrls(platform, who);
}

/**
 * Stores a picture sent as a data URL (or bare base64). The bytes decide the type: a PNG
 * signature that is really a JPEG, or a PDF posing as an avatar, is refused (415).
 */
export async function savePicture(
  platform: Platform,
  userId: string,
  kind: PictureKind,
  dataUrl: string,
): Promise<string> {
  const bytes = decodeDataUrl(dataUrl, kind);
  const type = await sniffContentType(bytes);
  if (!type || !ALLOWED[kind].includes(type)) {
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', {
      message: `The ${kind} must be ${ALLOWED[kind].map((t) => t.replace('image/', '').toUpperCase()).join(', ')}${
        type ? `, not ${type}` : ''
      }`,
    });
  }
  const ext = type.split('/')[1] === 'jpeg' ? 'jpg' : type.split('/')[1];
  const key = `users/${userId}/${kind}-${randomUUID()}.${ext}`;
  await platform.storage.put(key, bytes, type);
  const previous = await pictureKeyOf(platform.database.db, userId, kind);
  await setPictureKey(platform.database.db, userId, kind, key);
  // The new picture is saved: a stale file left behind is logged, not the caller's failure.
  if (previous) {
    await platform.storage
      .delete(previous)
      .catch((err: unknown) =>
        platform.log.warn({ err, key: previous }, 'could not delete the previous picture'),
      );
  }
  return platform.storage.createDownloadUrl(key, { expiresInSeconds: URL_SECONDS });
}

export async function pictureUrl(
  platform: Platform,
  userId: string,
  kind: PictureKind,
): Promise<string | null> {
  const key = await pictureKeyOf(platform.database.db, userId, kind);
  return key ? platform.storage.createDownloadUrl(key, { expiresInSeconds: URL_SECONDS }) : null;
}

/** `user_details` with signed, short-lived picture URLs instead of storage keys. */
export async function userDetailsWithUrls(
  platform: Platform,
  who: { userId: string; companyId: string },
): Promise<TUserDetails> {
  const details = await buildUserDetails(platform.database.db, who.userId, who.companyId);
  const sign = (key: string | null) =>
    key ? platform.storage.createDownloadUrl(key, { expiresInSeconds: URL_SECONDS }) : Promise.resolve(null);
  const [avatar, signature, initial] = await Promise.all([
    sign(details.avatar),
    sign(details.signature),
    sign(details.initial),
  ]);
  return { ...details, avatar, signature, initial };
}

function decodeDataUrl(value: string, field: string): Buffer {
  const match = /^data:([a-z]+\/[a-z0-9.+-]+)?;base64,(.*)$/is.exec(value.trim());
  const base64 = (match ? (match[2] ?? '') : value).replace(/\s+/g, '');
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(base64)) {
    throw validationError([{ key: field, message: 'Send the image as a base64 data URL', path: [field] }]);
  }
  const bytes = Buffer.from(base64, 'base64');
  if (bytes.length === 0)
    throw validationError([{ key: field, message: 'The image is empty', path: [field] }]);
  if (bytes.length > MAX_PICTURE_BYTES) {
    throw new AppError('PAYLOAD_TOO_LARGE', { message: `The ${field} must be at most 2 MB` });
  }
  return bytes;
}

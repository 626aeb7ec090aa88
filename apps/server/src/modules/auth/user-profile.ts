import { eq } from 'drizzle-orm';
import type { Db } from '../../platform/db/database';
import { users } from './schema';

/** The pictures a user keeps: avatar, handwritten signature, initials (storage keys on the user). */
export type PictureKind = 'avatar' | 'signature' | 'initial';

const PICTURE_COLUMN = { avatar: 'avatarKey', signature: 'signatureKey', initial: 'initialKey' } as const;

export type UserProfileChanges = Partial<{
  firstName: string;
  lastName: string;
  title: string | null;
  phone: string | null;
  address: string | null;
}>;

/** Changes the user's own details (profile); nothing given, nothing written. */
export async function updateUserProfile(
  db: Pick<Db, 'update'>,
  userId: string,
  changes: UserProfileChanges,
): Promise<void> {
  if (Object.keys(changes).length === 0) return;
  await db
    .update(users)
    .set({ ...changes, updatedAt: new Date() })
    .where(eq(users.id, userId));
}

/** The storage key of one of the user's pictures, or null. */
export async function pictureKeyOf(
  db: Pick<Db, 'select'>,
  userId: string,
  kind: PictureKind,
): Promise<string | null> {
  const [row] = await db.select({ key: users[PICTURE_COLUMN[kind]] }).from(users).where(eq(users.id, userId));
  return row?.key ?? null;
}

/** The user's saved pictures' storage keys (avatar, signature, initials), in one query. */
export async function pictureKeysOf(
  db: Pick<Db, 'select'>,
  userId: string,
): Promise<Record<PictureKind, string | null>> {
  const [row] = await db
    .select({ avatar: users.avatarKey, signature: users.signatureKey, initial: users.initialKey })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return row ?? { avatar: null, signature: null, initial: null };
}

export async function setPictureKey(
  db: Pick<Db, 'update'>,
  userId: string,
  kind: PictureKind,
  key: string,
): Promise<void> {
  await db
    .update(users)
    .set({ [PICTURE_COLUMN[kind]]: key, updatedAt: new Date() })
    .where(eq(users.id, userId));
}

import type {
  TApplicationUserDetails,
  TApplicationUserProfileUpdate,
} from '@esigns/contracts/application-users';
import type { Platform } from '../../platform/platform';
import { updateUserProfile } from '../auth';
import type { ContactContext } from './access';
import { buildContactDetails } from './session';

const URL_SECONDS = 3600;

/** The signed-in contact, pictures as signed URLs valid an hour. */
export async function contactProfile(
  platform: Platform,
  contact: ContactContext,
): Promise<TApplicationUserDetails> {
  const details = await buildContactDetails(platform.database.db, contact);
  const sign = (key: string | null) =>
    key ? platform.storage.createDownloadUrl(key, { expiresInSeconds: URL_SECONDS }) : Promise.resolve(null);
  const [avatar, signature, initial] = await Promise.all([
    sign(details.avatar),
    sign(details.signature),
    sign(details.initial),
  ]);
  return { ...details, avatar, signature, initial };
}

/** The contact's own names, phone and title (their login's: one per email). */
export async function updateContactProfile(
  platform: Platform,
  contact: ContactContext,
  input: TApplicationUserProfileUpdate,
): Promise<TApplicationUserDetails> {
  await updateUserProfile(platform.database.db, contact.userId, {
    ...(input.first_name !== undefined ? { firstName: input.first_name.trim() } : {}),
    ...(input.last_name !== undefined ? { lastName: input.last_name.trim() } : {}),
    ...(input.title !== undefined ? { title: input.title } : {}),
    ...(input.phone !== undefined ? { phone: input.phone } : {}),
  });
  return contactProfile(platform, contact);
}

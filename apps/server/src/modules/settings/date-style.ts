import { DEFAULT_DATE_FORMAT, isTimeZone, type TDateStyle } from '@esigns/contracts/dates';
import type { Db } from '../../platform/db/database';
import { findCompanyOwnerId } from '../company';
import { readSavedSettings } from './service';

type Reader = Pick<Db, 'select'>;

/** The date format and time zone a user saved in their application settings (MM-DD-YYYY, UTC unless set). */
export async function userDateStyle(
  db: Reader,
  who: { userId: string; companyId: string },
): Promise<TDateStyle> {
  const saved = await readSavedSettings(db, who, 'application');
  const format = typeof saved?.date === 'string' && saved.date ? saved.date : DEFAULT_DATE_FORMAT;
  const zone = typeof saved?.time_zone === 'string' && isTimeZone(saved.time_zone) ? saved.time_zone : 'UTC';
  return { format, zone };
}

/**
 * The company's date style: its owner's application settings. The sealed PDF, its certificate and
 * mails to people outside the app (signers without an account) read dates in it.
 */
export async function companyDateStyle(db: Reader, companyId: string): Promise<TDateStyle> {
  const ownerId = await findCompanyOwnerId(db, companyId);
  if (!ownerId) return { format: DEFAULT_DATE_FORMAT, zone: 'UTC' };
  return userDateStyle(db, { userId: ownerId, companyId });
}

/**
 * The date style of a mail's recipient: a user of the app who saved application settings in this
 * company reads their own; anyone else (a signer without an account) the company's.
 */
export async function recipientDateStyle(
  db: Reader,
  companyId: string,
  userId: string | null | undefined,
): Promise<TDateStyle> {
  if (userId && (await readSavedSettings(db, { userId, companyId }, 'application'))) {
    return userDateStyle(db, { userId, companyId });
  }
  return companyDateStyle(db, companyId);
}

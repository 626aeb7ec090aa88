import { DEFAULT_DATE_FORMAT, isTimeZone, type TDateStyle } from '@esigns/contracts/dates';
import type { Db } from '../../platform/db/database';
import { companyOwnerIdText, findCompanyOwnerId } from '../company';
import { readSavedSettings } from './service';

type Reader = Pick<Db, 'select'>;

/** The date format and time zone a user saved in their application settings (MM-DD-YYYY, UTC unless set). */
export async function userDateStyle(
  db: Reader,
  who: { userId: string; companyId: string },
): Promise<TDateStyle> {
  return dateStyleOfSaved(await readSavedSettings(db, who, 'application'));
}

/** The date style of saved application settings (undefined or null: none saved). */
export function dateStyleOfSaved(saved: Record<string, unknown> | null | undefined): TDateStyle {
  const format = typeof saved?.date === 'string' && saved.date ? saved.date : DEFAULT_DATE_FORMAT;
  const zone = typeof saved?.time_zone === 'string' && isTimeZone(saved.time_zone) ? saved.time_zone : 'UTC';
  return { format, zone };
}

/**
 * SQL text: the application settings saved by the owner of the company `companyIdExpr` (JSON, null
 * when none), for a statement of another module that reads them with its own rows in one round
 * trip; `dateStyleOfSaved` of the value is `companyDateStyle` of the company.
 */
export const companyDateSettingsText = (companyIdExpr: string): string =>
  `(select us.value from user_settings us
    where us.company_id = ${companyIdExpr} and us."group" = 'application'
      and us.user_id = ${companyOwnerIdText(companyIdExpr)})`;

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

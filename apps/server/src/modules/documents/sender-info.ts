import { eq } from 'drizzle-orm';
import type { TBranding } from '@esigns/contracts/branding';
import { brandingOf } from '../company-users';
import { companies } from '../company/schema';
import { personOf, type Reader } from './lookups';

/** Who sends, for the recipients' mails: the sender's name and email, the company and its branding. */
export type SenderInfo = {
  name: string;
  email: string;
  companyName: string;
  branding: Partial<TBranding>;
};

export async function loadSenderInfo(db: Reader, companyId: string, userId: string): Promise<SenderInfo> {
  const person = await personOf(db, userId);
  const [company] = await db
    .select({ name: companies.name, settings: companies.settings })
    .from(companies)
    .where(eq(companies.id, companyId))
    .limit(1);
  return {
    name: person.name || person.email,
    email: person.email,
    companyName: company?.name ?? '',
    branding: brandingOf(company?.settings ?? {}),
  };
}

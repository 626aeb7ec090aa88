import type { TBranding } from '@esigns/contracts/branding';
import { brandingOf } from '../company-users';
import { findCompanyById } from '../company';
import { personOf, type Reader } from './lookups';

/** Who sends, for the recipients' mails: the sender's name and email, the company and its branding. */
export type SenderInfo = {
  name: string;
  email: string;
  companyName: string;
  branding: Partial<TBranding>;
};

export async function loadSenderInfo(db: Reader, companyId: string, userId: string): Promise<SenderInfo> {
  // Two lookups at once: on PostgreSQL each is a round trip through the pool.
  const [person, company] = await Promise.all([personOf(db, userId), findCompanyById(db, companyId)]);
  return {
    name: person.name || person.email,
    email: person.email,
    companyName: company?.name ?? '',
    branding: brandingOf(company?.settings ?? {}),
  };
}

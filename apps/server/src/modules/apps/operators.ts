import type { Platform } from '../../platform/platform';
import { findAccountById } from '../auth';

/**
 * Whether the user is an instance operator: their email is in OPERATOR_EMAILS (the comma list the
 * subscriptions module reads too, `config.subscriptions.operatorEmails`; an entry `@example.com`
 * names a whole domain, as there). Operators review apps (`/apps/approvals`). The permissions
 * module sits below auth (module-order.json) and cannot read a user's email, so the check lives here.
 */
export async function isInstanceOperator(platform: Platform, userId: string): Promise<boolean> {
  const operators = platform.config.subscriptions.operatorEmails;
  if (operators.length === 0) return false;
  const account = await findAccountById(platform.database.db, userId);
  const address = account?.email.toLowerCase();
  return (
    !!address &&
    operators.some((entry) => (entry.startsWith('@') ? address.endsWith(entry) : address === entry))
  );
}

/*
 * SQL texts of this module's tables for a statement of another module that reads them along with
 * its own rows in one round trip (as `userNamesTupleText` of auth): the id expressions are the
 * caller's (a column or a `$n` parameter).
 */

/**
 * The company's owner (`findCompanyOwnerId`): its creator among its ACTIVE OWNERs, else the
 * oldest of them; null when it has none.
 */
export const companyOwnerIdText = (companyIdExpr: string): string =>
  `(select cu.user_id from company_users cu join companies c on c.id = cu.company_id
    where cu.company_id = ${companyIdExpr} and cu.user_type = 'OWNER' and cu.status = 'ACTIVE'
    order by coalesce(cu.user_id = c.created_by, false) desc, cu.created_at limit 1)`;

/** The company's name (null for an unknown company). */
export const companyNameText = (companyIdExpr: string): string =>
  `(select c.name from companies c where c.id = ${companyIdExpr})`;

import { sql, type SQL } from 'drizzle-orm';
import { rowFromJson } from '../../platform/db/json-rows';
import { verifyGuest, type GuestClaim, type GuestIdentity } from './guest-session';
import { formBuilders, formGuests } from './schema';
import type { FormBuilderRow } from './service';

/*
 * A guest and their form in one read, for the module above that joins its own rows to them (the
 * fill side reads guest, form and submission in one statement on every save and submit).
 */

/**
 * SQL of one row for the guest `guestId` (an SQL value, e.g. a placeholder; no row when there is
 * no such guest): `guest_id`, `company_id`, `form_id`, `contact_id` of the guest row, and `guest`,
 * `form` as JSON (`form` null when its row is gone). Meant as a subquery the caller joins its rows
 * to; the guest is not proved until `guestAndFormOf` checked the row against the claim.
 */
export function guestAndFormSql(guestId: SQL): SQL {
  return sql`select g.id as guest_id, g.company_id, g.form_builder_id as form_id, g.contact_id,
    to_jsonb(g) as guest, to_jsonb(f) as form
    from ${formGuests} g left join ${formBuilders} f on f.id = g.form_builder_id
    where g.id = ${guestId}::uuid`;
}

/**
 * The identity the row of `guestAndFormSql` proves (401 exactly as `readGuest`), and its form as
 * stored (any status; null when gone): `liveFormOf` and `publicFormOf` apply the reads' rules.
 */
export function guestAndFormOf(
  claim: GuestClaim,
  row: { guest: unknown; form: unknown } | undefined,
): { guest: GuestIdentity; form: FormBuilderRow | null } {
  const guestRow = row?.guest ? rowFromJson(formGuests, row.guest as Record<string, unknown>) : undefined;
  const guest = verifyGuest(claim, guestRow);
  const form = row?.form ? rowFromJson(formBuilders, row.form as Record<string, unknown>) : null;
  return { guest, form };
}

import type { TValidationDetail } from '@esigns/contracts/envelope';
import type { TFormField } from '@esigns/contracts/nocode-fields';
import type { Db } from '../../platform/db/database';

/*
 * Who depends on a template. Form templates come before entities, records and form builders
 * (issue 7 builds those on top), so this module cannot ask their tables itself: each of those
 * modules registers a guard here when it is loaded, and the template routes consult every guard
 * inside the write transaction.
 *
 * - `beforeDelete` answers why the template cannot be deleted ("Used by the entity Leads"), or
 *   null; any answer turns the delete into a 409 with that message.
 * - `beforeFieldsChange` answers the field changes existing data cannot take (a field with values
 *   removed, a type changed under stored values...), as 422 details keyed `fields.<index>...`.
 */

export type TemplateRef = { id: string; companyId: string; name: string };

export type TemplateGuard = {
  /** Who registers it (for logs and tests). */
  name: string;
  beforeDelete?: (db: Db, template: TemplateRef) => Promise<string | null>;
  beforeFieldsChange?: (
    db: Db,
    template: TemplateRef,
    before: readonly TFormField[],
    after: readonly TFormField[],
  ) => Promise<TValidationDetail[]>;
};

const guards = new Map<string, TemplateGuard>();

/** Adds (or replaces, by name) a guard; modules call it once when they register their routes. */
export function registerTemplateGuard(guard: TemplateGuard): void {
  guards.set(guard.name, guard);
}

/** Removes a guard (tests). */
export function unregisterTemplateGuard(name: string): void {
  guards.delete(name);
}

/** The first reason a guard gives against deleting the template, or null. */
export async function findDeleteBlocker(db: Db, template: TemplateRef): Promise<string | null> {
  for (const guard of guards.values()) {
    const reason = await guard.beforeDelete?.(db, template);
    if (reason) return reason;
  }
  return null;
}

/** Every problem the guards see with replacing the template's fields. */
export async function findFieldChangeProblems(
  db: Db,
  template: TemplateRef,
  before: readonly TFormField[],
  after: readonly TFormField[],
): Promise<TValidationDetail[]> {
  const problems: TValidationDetail[] = [];
  for (const guard of guards.values()) {
    problems.push(...((await guard.beforeFieldsChange?.(db, template, before, after)) ?? []));
  }
  return problems;
}

import type {
  TApplicationUserPermission,
  TContactRecordScope,
  TEntityPermissionRule,
} from '@esigns/contracts/application-users';

/* The permissions editor's state: the saved rules, the unsaved changes, what would be sent. */

export type EntityRule = Omit<TEntityPermissionRule, 'entity_id'>;
export type RuleAction = 'read' | 'create' | 'update' | 'delete';

export const RULE_ACTIONS: { key: RuleAction; label: string }[] = [
  { key: 'read', label: 'Read' },
  { key: 'create', label: 'Create' },
  { key: 'update', label: 'Edit' },
  { key: 'delete', label: 'Delete' },
];

export const SCOPE_LABELS: Record<TContactRecordScope, string> = { OWN: 'Own records', ALL: 'All records' };

/** No rule: the entity does not exist for the type's contacts. */
export const NO_RULE: EntityRule = { read: false, create: false, update: false, delete: false, scope: 'OWN' };

const sameRule = (a: EntityRule, b: EntityRule) =>
  RULE_ACTIONS.every(({ key }) => a[key] === b[key]) && (allowsNothing(a) || a.scope === b.scope);

export const allowsNothing = (rule: EntityRule) => RULE_ACTIONS.every(({ key }) => !rule[key]);

/** The saved rules by entity id. */
export function savedRules(rows: readonly TApplicationUserPermission[] | undefined): Map<string, EntityRule> {
  return new Map(
    (rows ?? []).map((r) => [
      r.entity_id,
      { read: r.read, create: r.create, update: r.update, delete: r.delete, scope: r.scope },
    ]),
  );
}

/** Edit and delete act on records the contact finds in their list: they need Read. */
export function ruleProblem(rule: EntityRule): string | null {
  if ((rule.update || rule.delete) && !rule.read)
    return 'Edit and Delete need Read: contacts can only change records they can see.';
  return null;
}

/** The changes that differ from what is saved, as the save call takes them. */
export function changedRules(
  saved: Map<string, EntityRule>,
  drafts: Record<string, EntityRule>,
): TEntityPermissionRule[] {
  return Object.entries(drafts)
    .filter(([entityId, rule]) => !sameRule(rule, saved.get(entityId) ?? NO_RULE))
    .map(([entityId, rule]) => ({ entity_id: entityId, ...rule }));
}

/**
 * The server's 422 keys `permissions.{i}.…` by position in the list sent: the message of each
 * entity sent, by entity id.
 */
export function problemsByEntity(
  sent: readonly TEntityPermissionRule[],
  fieldErrors: Record<string, string>,
): Record<string, string> {
  const problems: Record<string, string> = {};
  for (const [key, message] of Object.entries(fieldErrors)) {
    const index = /^permissions\.(\d+)/.exec(key)?.[1];
    const entityId = index === undefined ? undefined : sent[Number(index)]?.entity_id;
    if (entityId) problems[entityId] ??= message;
  }
  return problems;
}

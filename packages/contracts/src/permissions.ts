/**
 * The permission model (spec 1 §6): which permission slugs exist, which each user type and plan
 * gets by default, and the rules that decide whether a user may act. The server enforces these on
 * every endpoint; the web app uses the same functions to hide what a user cannot do.
 *
 * Two questions are kept apart:
 * - may the user perform the action at all? `hasPermission` (user type, plan, permission set);
 * - may the user perform it on this row? `canActOnRow` (role-scoped and owned rows) and
 *   `canActOnDocument` (documents, which also know their senders and recipients).
 */
import { z } from 'zod';
import { USER_TYPES, type PlanType, type UserType } from './auth';
import { PERMISSION_CATEGORIES } from './permission-catalogue';

export type PermissionCategorySlug = (typeof PERMISSION_CATEGORIES)[number]['slug'];
export type PermissionSlug = (typeof PERMISSION_CATEGORIES)[number]['permissions'][number]['slug'];

/** Every permission slug, in catalogue order. */
export const PERMISSION_SLUGS: readonly PermissionSlug[] = PERMISSION_CATEGORIES.flatMap((category) =>
  category.permissions.map((permission): PermissionSlug => permission.slug),
);

const KNOWN_SLUGS: ReadonlySet<string> = new Set(PERMISSION_SLUGS);

export function isPermissionSlug(value: string): value is PermissionSlug {
  return KNOWN_SLUGS.has(value);
}

/** The slugs of one category. */
export function permissionsOfCategory(category: PermissionCategorySlug): PermissionSlug[] {
  return PERMISSION_SLUGS.filter((slug) => slug.startsWith(`${category}:`));
}

/** Puts known slugs in catalogue order and drops duplicates and unknown ones (e.g. retired slugs). */
export function toPermissionList(slugs: Iterable<string>): PermissionSlug[] {
  const wanted = new Set(slugs);
  return PERMISSION_SLUGS.filter((slug) => wanted.has(slug));
}

// ---------------------------------------------------------------------------------------------
// Categories and aliases

/** Other names clients use for a category. The spec's 'approval-forms' are form builders. */
export const CATEGORY_ALIASES = {
  'approval-forms': 'form-builders',
} as const satisfies Record<string, PermissionCategorySlug>;

const CATEGORY_SLUGS: ReadonlySet<string> = new Set(PERMISSION_CATEGORIES.map((category) => category.slug));

/**
 * The catalogue category a slug or alias names (`'approval-forms'` -> `'form-builders'`), or
 * `null` when it names none. Matching is exact: slugs are lowercase kebab-case.
 */
export function resolveCategory(slug: string): PermissionCategorySlug | null {
  if (Object.hasOwn(CATEGORY_ALIASES, slug)) return CATEGORY_ALIASES[slug as keyof typeof CATEGORY_ALIASES];
  return CATEGORY_SLUGS.has(slug) ? (slug as PermissionCategorySlug) : null;
}

/** The category (with its permissions) a slug or alias names, for `POST /permissionsByCat`. */
export function findPermissionCategory(slug: string): (typeof PERMISSION_CATEGORIES)[number] | undefined {
  const resolved = resolveCategory(slug);
  return PERMISSION_CATEGORIES.find((category) => category.slug === resolved);
}

// ---------------------------------------------------------------------------------------------
// Owner-only rights, plans and default sets

/**
 * Rights only an OWNER has, whatever a user type's stored permission set says: they can take the
 * company away from its owner or commit its money. `effectivePermissions` and `hasPermission`
 * strip them from every other user type, so granting them to ADMIN by editing the set has no effect.
 */
export const OWNER_ONLY_PERMISSIONS = [
  'company:transfer-account',
  'company:delete',
  'subscriptions:manage',
  'payments:manage-billing',
] as const satisfies readonly PermissionSlug[];

const OWNER_ONLY: ReadonlySet<string> = new Set(OWNER_ONLY_PERMISSIONS);

export function isOwnerOnlyPermission(slug: string): boolean {
  return OWNER_ONLY.has(slug);
}

/** Categories that only make sense with several staff users. */
export const TEAM_CATEGORIES = [
  'company-users',
  'roles',
  'permissions',
  'menus',
] as const satisfies readonly PermissionCategorySlug[];

/**
 * Team features: an INDIVIDUAL plan does not include them. Besides the team categories: reaching
 * other users' documents, handing documents or the account to another user, sharing with
 * colleagues and publishing apps to the marketplace.
 */
export const TEAM_PERMISSIONS: readonly PermissionSlug[] = [
  ...TEAM_CATEGORIES.flatMap(permissionsOfCategory),
  'documents:view-all',
  'documents:manage-all',
  'documents:share',
  'documents:change-ownership',
  'templates:share',
  'apps:publish',
  'company:transfer-account',
];

const TEAM: ReadonlySet<string> = new Set(TEAM_PERMISSIONS);

/** The company permission set each plan grants ('ALL': the whole catalogue). */
export const PLAN_FEATURES: Record<PlanType, readonly PermissionSlug[] | 'ALL'> = {
  INDIVIDUAL: PERMISSION_SLUGS.filter((slug) => !TEAM.has(slug)),
  BUSINESS: 'ALL',
};

/** `PLAN_FEATURES` with 'ALL' spelled out. */
export function planPermissions(planType: PlanType): readonly PermissionSlug[] {
  const features = PLAN_FEATURES[planType];
  return features === 'ALL' ? PERMISSION_SLUGS : features;
}

const PLAN_SETS: Record<PlanType, ReadonlySet<string>> = {
  INDIVIDUAL: new Set(planPermissions('INDIVIDUAL')),
  BUSINESS: new Set(planPermissions('BUSINESS')),
};

const MEMBER_DEFAULTS: readonly PermissionSlug[] = [
  'documents:view',
  'documents:create',
  'documents:send',
  'documents:download',
  'contacts:view',
  'contacts:create',
  'entity-data:view',
  'entity-data:create',
  'entity-data:update',
  'form-builders:fill',
  'dashboards:view',
  // Custom dashboards assigned to MEMBER (the assignment decides which; without this, assigning
  // a dashboard to members showed them nothing).
  'custom-dashboards:view',
  'notifications:view',
];

/** Day-to-day work; no building (entities, forms), settings, users or permissions. */
const MANAGER_DEFAULTS: readonly PermissionSlug[] = [
  ...MEMBER_DEFAULTS,
  ...permissionsOfCategory('documents').filter((slug) => slug !== 'documents:change-ownership'),
  ...permissionsOfCategory('templates'),
  ...permissionsOfCategory('configurable-documents'),
  ...permissionsOfCategory('request-documents'),
  ...permissionsOfCategory('workflows'),
  ...permissionsOfCategory('contacts'),
  ...permissionsOfCategory('entity-data'),
  ...permissionsOfCategory('filters'),
  'contact-types:view',
  'entities:view',
  'relationships:view',
  'relationships:assign-data',
  'entity-views:view',
  'global-variables:view',
  'entity-groups:view',
  'form-templates:view',
  'form-builders:view',
  'form-builders:send',
  'form-builders:view-submissions',
  'form-builders:manage-submissions',
  'form-builders:approve',
  'form-builders:export',
  'custom-dashboards:view',
  'email-templates:view',
  'email-templates:send',
  'apps:view',
  'pipelines:view',
  'files:view',
  'files:upload',
  'files:update',
  'imports:view',
  'exports:entity-views',
  'iframe-links:view',
  'customization:view',
  'notifications:send',
  'company-users:view',
  'company:view',
];

/**
 * The permission set a new company gives each user type (its user types' sets can be edited
 * later through `PATCH /permissions/{id}`). Each set contains the next one down.
 */
export const DEFAULT_PERMISSIONS: Record<UserType, PermissionSlug[]> = {
  OWNER: [...PERMISSION_SLUGS],
  ADMIN: PERMISSION_SLUGS.filter((slug) => !OWNER_ONLY.has(slug)),
  MANAGER: toPermissionList(MANAGER_DEFAULTS),
  MEMBER: toPermissionList(MEMBER_DEFAULTS),
};

// ---------------------------------------------------------------------------------------------
// Rules

export interface EffectivePermissionsInput {
  planType: PlanType;
  userType: UserType;
  /** The stored permission set of the user's type in this company. */
  userTypePermissions: readonly string[];
  /** The company permission set; defaults to the plan's features. Always capped by the plan. */
  companyPermissions?: readonly string[];
}

/**
 * The permissions a user holds in the current workspace (spec 1 §6), in catalogue order.
 * - INDIVIDUAL workspace: the user acts as owner, so they hold every permission of the company
 *   set; that they may only touch what they created is enforced per row by `canActOnRow`.
 * - BUSINESS workspace: OWNER holds the whole company set; other types hold their type's set
 *   intersected with the company set, minus `OWNER_ONLY_PERMISSIONS`.
 * Unknown slugs in stored sets are ignored.
 */
export function effectivePermissions(input: EffectivePermissionsInput): PermissionSlug[] {
  const plan = planPermissions(input.planType);
  const company = input.companyPermissions ? new Set(input.companyPermissions) : null;
  const companySet = company ? plan.filter((slug) => company.has(slug)) : [...plan];
  if (input.planType === 'INDIVIDUAL' || input.userType === 'OWNER') return companySet;
  const userType = new Set(input.userTypePermissions);
  return companySet.filter((slug) => userType.has(slug) && !OWNER_ONLY.has(slug));
}

export interface PermissionContext {
  planType: PlanType;
  userType: UserType;
  /** The user's permissions, as returned by `effectivePermissions`. */
  permissions: ReadonlySet<string> | readonly string[];
}

function includesSlug(permissions: ReadonlySet<string> | readonly string[], slug: string): boolean {
  return 'has' in permissions ? permissions.has(slug) : permissions.includes(slug);
}

/**
 * Whether the user may perform an action at all. Nothing outside the plan's features is allowed;
 * within them an OWNER, and anyone in an INDIVIDUAL workspace (who acts as owner), may do
 * everything; anyone else needs the slug in their permissions, and never gets an owner-only one.
 * Whether the action may touch a given row is `canActOnRow` / `canActOnDocument`.
 */
export function hasPermission(ctx: PermissionContext, slug: PermissionSlug): boolean {
  if (!PLAN_SETS[ctx.planType].has(slug)) return false;
  if (ctx.planType === 'INDIVIDUAL' || ctx.userType === 'OWNER') return true;
  return !OWNER_ONLY.has(slug) && includesSlug(ctx.permissions, slug);
}

/**
 * Row types of the per-row role list each user type may act on (spec 1 §6): OWNER on any row,
 * ADMIN on rows whose role type is not OWNER, MANAGER on MANAGER or MEMBER rows, MEMBER on MEMBER
 * rows.
 */
export const ROW_ROLE_ACCESS: Record<UserType, readonly UserType[]> = {
  OWNER: USER_TYPES,
  ADMIN: ['ADMIN', 'MANAGER', 'MEMBER'],
  MANAGER: ['MANAGER', 'MEMBER'],
  MEMBER: ['MEMBER'],
};

export interface RoleScopedRow {
  created_by: string;
  /** User type of the role the row is assigned to; absent when the row has no role list. */
  role_user_type?: UserType | null;
}

/**
 * Whether the user may act on one row (an entity record, a form, a dashboard...).
 * - INDIVIDUAL workspace: only rows the user created.
 * - BUSINESS, row assigned to a role: by `ROW_ROLE_ACCESS` of the user's type.
 * - BUSINESS, row without a role type: its creator, or anyone who has `slug`.
 */
export function canActOnRow(
  ctx: PermissionContext & { userId: string },
  row: RoleScopedRow,
  slug: PermissionSlug,
): boolean {
  if (ctx.planType === 'INDIVIDUAL') return row.created_by === ctx.userId;
  if (row.role_user_type) return ROW_ROLE_ACCESS[ctx.userType].includes(row.role_user_type);
  return row.created_by === ctx.userId || hasPermission(ctx, slug);
}

export interface DocumentUserRef {
  email: string;
  type: 'SENDER' | 'RECEIVER';
  user_type: 'SIGNER' | 'APPROVER' | 'CC' | 'VIEWER';
}

export interface DocumentRightsRow {
  created_by: string;
  document_users: readonly DocumentUserRef[];
}

const normalizeEmail = (email: string): string => email.trim().toLowerCase();

/**
 * Whether the user may act on a document (spec 1 §6 "Document rights"), in this order:
 * 1. its creator may;
 * 2. a SENDER on it may, and so may a RECEIVER who is not CC (emails compared case-insensitively);
 * 3. in a BUSINESS workspace an OWNER who is not a receiver on it may;
 * 4. anyone else needs `slug` (e.g. `documents:view-all` to read, `documents:manage-all` to act).
 * In an INDIVIDUAL workspace step 4 does not apply: the user only reaches documents they created
 * or take part in. Whether the action itself is allowed (`documents:void`...) is `hasPermission`.
 */
export function canActOnDocument(
  ctx: PermissionContext & { userId: string; email: string },
  doc: DocumentRightsRow,
  slug: PermissionSlug,
): boolean {
  if (doc.created_by === ctx.userId) return true;
  const email = normalizeEmail(ctx.email);
  const entries = doc.document_users.filter((user) => normalizeEmail(user.email) === email);
  if (entries.some((user) => user.type === 'SENDER')) return true;
  if (entries.some((user) => user.type === 'RECEIVER' && user.user_type !== 'CC')) return true;
  if (ctx.planType === 'INDIVIDUAL') return false;
  const isReceiver = entries.some((user) => user.type === 'RECEIVER');
  if (ctx.userType === 'OWNER' && !isReceiver) return true;
  return hasPermission(ctx, slug);
}

// ---------------------------------------------------------------------------------------------
// API payloads: GET /permissions, POST /permissionsByCat, PATCH /permissions/{id}

export const ZPermission = z.object({ slug: z.string(), label: z.string(), description: z.string() });

export const ZPermissionCategory = z.object({
  slug: z.string(),
  label: z.string(),
  permissions: z.array(ZPermission),
});
export type TPermissionCategory = z.infer<typeof ZPermissionCategory>;

/** A user type's stored permission set. Slugs stay plain strings: stored sets may hold retired ones. */
export const ZUserTypePermissions = z.object({
  _id: z.string(),
  user_type: z.enum(USER_TYPES),
  permissions: z.array(z.string()),
});
export type TUserTypePermissions = z.infer<typeof ZUserTypePermissions>;

const ZPermissionSlug = z
  .string()
  .trim()
  .refine(isPermissionSlug, { error: (issue) => `Unknown permission slug '${String(issue.input)}'` });

/** New permission set of a user type: known slugs only; the output is deduplicated and ordered. */
export const ZUpdatePermissionsRequest = z.object({
  permissions: z.array(ZPermissionSlug).max(1000).transform(toPermissionList),
});
export type TUpdatePermissionsRequest = z.input<typeof ZUpdatePermissionsRequest>;

/** A category slug or alias; the output is the resolved catalogue slug. */
export const ZPermissionsByCatRequest = z.object({
  category: z
    .string()
    .trim()
    .transform((value, ctx) => {
      const category = resolveCategory(value);
      if (category) return category;
      ctx.issues.push({ code: 'custom', input: value, message: `Unknown permission category '${value}'` });
      return z.NEVER;
    }),
});
export type TPermissionsByCatRequest = z.input<typeof ZPermissionsByCatRequest>;

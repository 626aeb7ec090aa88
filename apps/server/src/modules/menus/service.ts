import { and, eq } from 'drizzle-orm';
import { z } from 'zod';
import { USER_TYPES, type UserType } from '@esigns/contracts/auth';
import {
  DEFAULT_PERMISSIONS,
  effectivePermissions,
  hasPermission,
  type PermissionSlug,
} from '@esigns/contracts/permissions';
import type { Db } from '../../platform/db/database';
import { notFound } from '../../platform/http/app-error';
import type { AccessContext } from '../permissions/access';
import { userTypePermissions } from '../permissions/schema';

/**
 * One entry of the staff sidebar. The shape is the one a stored menu (the menu editor, `POST/PUT
 * menu`) will keep per user type: a stable `key` (dot-separated, unique in the menu), the label,
 * the client route (spec notation) or null for a pure group, a Tabler icon name, and the
 * permission slug the item needs (null: every staff user). Two levels: groups and their links.
 */
export const ZMenuLeaf = z.object({
  key: z.string(),
  label: z.string(),
  route: z.string().nullable(),
  icon: z.string().nullable(),
  permission: z.string().nullable(),
});
export const ZMenuItem = ZMenuLeaf.extend({ children: z.array(ZMenuLeaf) });
export type TMenuLeaf = z.infer<typeof ZMenuLeaf>;
export type TMenuItem = z.infer<typeof ZMenuItem>;

type MenuLeafDefinition = Omit<TMenuLeaf, 'permission'> & { permission: PermissionSlug | null };
type MenuDefinition = MenuLeafDefinition & { children?: readonly MenuLeafDefinition[] };

const link = (
  key: string,
  label: string,
  route: string,
  icon: string | null,
  permission: PermissionSlug | null,
): MenuLeafDefinition => ({ key, label, route, icon, permission });

const group = (
  key: string,
  label: string,
  icon: string,
  children: readonly MenuLeafDefinition[],
): MenuDefinition => ({ key, label, route: null, icon, permission: null, children });

/**
 * The default sidebar, the same for every user type: what a user sees of it depends on their
 * permissions. A group shows when one of its links does.
 */
export const DEFAULT_MENU: readonly MenuDefinition[] = [
  link('dashboard', 'Dashboard', '/dashboard', 'layout-dashboard', 'dashboards:view'),
  group('documents', 'Documents', 'file-text', [
    link('documents.all', 'All documents', '/documents/all', 'files', 'documents:view'),
    link('documents.upload', 'Upload document', '/documents/upload', 'upload', 'documents:create'),
    link(
      'documents.requests',
      'Requested documents',
      '/request-documents/all',
      'file-import',
      'request-documents:view',
    ),
    link('documents.company', 'Company documents', '/templates', 'template', 'templates:view'),
  ]),
  group('contacts', 'Contacts', 'address-book', [
    link('contacts.list', 'Contacts', '/contacts', 'users', 'contacts:view'),
    link('contacts.types', 'Contact types', '/contact-types', 'category', 'contact-types:view'),
  ]),
  link('workflows', 'Workflows', '/workflows', 'git-branch', 'workflows:view'),
  group('forms', 'Forms', 'forms', [
    link('forms.builders', 'Form builders', '/formBuilders', 'forms', 'form-builders:view'),
    link('forms.approvals', 'Approval forms', '/forms/approval-forms', 'checklist', 'form-builders:approve'),
    link('forms.templates', 'Form templates', '/template', 'template', 'form-templates:view'),
  ]),
  group('data', 'Data', 'database', [
    link('data.entities', 'Entities', '/entity', 'database', 'entities:view'),
    link('data.entity-groups', 'Entity groups', '/company-entity-groups', 'stack-2', 'entity-groups:view'),
    link('data.entity-views', 'Entity views', '/entity-views', 'layout-list', 'entity-views:view'),
    link(
      'data.global-variables',
      'Global variables',
      '/global-variables',
      'variable',
      'global-variables:view',
    ),
    link(
      'data.custom-dashboards',
      'Custom dashboards',
      '/custom/dashboard-list',
      'chart-pie',
      'custom-dashboards:view',
    ),
  ]),
  link('email-templates', 'Email templates', '/email-template', 'mail', 'email-templates:view'),
  link('apps', 'Apps', '/apps', 'apps', 'apps:view'),
  group('settings', 'Settings', 'settings', [
    link('settings.company-users', 'Company users', '/company/users', 'users-group', 'company-users:view'),
    link('settings.roles', 'Roles', '/roles', 'shield', 'roles:view'),
    link('settings.permissions', 'Permissions', '/profile/manage-permissions', 'lock', 'permissions:view'),
    link('settings.menus', 'Menu management', '/menu-management', 'menu-2', 'menus:manage'),
    link('settings.company', 'Company profile', '/profile/companyProfile', 'building', 'company:view'),
    link('settings.branding', 'Branding', '/branding', 'palette', 'company:update-branding'),
    link('settings.application', 'Application settings', '/profilesettings', 'adjustments', 'settings:view'),
    link('settings.configuration', 'Integrations', '/configuration', 'plug', 'settings:manage-integrations'),
    link(
      'settings.subscription',
      'Subscription',
      '/profile/subscription',
      'credit-card',
      'subscriptions:view',
    ),
    link('settings.iframe-links', 'Iframe links', '/iframeLink', 'link', 'iframe-links:view'),
  ]),
];

/** The default menu as seen by someone for whom `canSee(slug)` tells which links show. */
export function buildMenu(canSee: (slug: PermissionSlug) => boolean): TMenuItem[] {
  const visible = (item: MenuLeafDefinition): boolean => item.permission === null || canSee(item.permission);
  const items: TMenuItem[] = [];
  for (const item of DEFAULT_MENU) {
    const children = (item.children ?? []).filter(visible).map((child) => ({ ...child }));
    const isGroup = item.children !== undefined;
    if (isGroup ? children.length === 0 : !visible(item)) continue;
    items.push({
      key: item.key,
      label: item.label,
      route: item.route,
      icon: item.icon,
      permission: item.permission,
      children,
    });
  }
  return items;
}

/** Whether a user of `userType` in the caller's company holds `slug`, by that type's stored set. */
export function userTypeCan(
  access: Pick<AccessContext, 'planType'>,
  userType: UserType,
  storedSet: readonly string[],
): (slug: PermissionSlug) => boolean {
  const permissions = effectivePermissions({
    planType: access.planType,
    userType,
    userTypePermissions: storedSet,
  });
  return (slug) => hasPermission({ planType: access.planType, userType, permissions }, slug);
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * `GET /menu/{userType}`: the default menu of a user type (named, or the id of one of the
 * company's user types), limited to what both that type and the caller may see: a user asking
 * for their own type gets their own menu, an administrator previewing MEMBER gets MEMBER's, and
 * asking for a higher type never reveals more than one's own.
 */
export async function getMenu(
  db: Pick<Db, 'select'>,
  access: AccessContext,
  userTypeOrId: string,
): Promise<{ user_type: UserType; items: TMenuItem[] }> {
  const named = userTypeOrId.toUpperCase();
  const byName = (USER_TYPES as readonly string[]).includes(named);
  if (!byName && !UUID.test(userTypeOrId)) throw notFound('User type');
  const [row] = await db
    .select({ userType: userTypePermissions.userType, permissions: userTypePermissions.permissions })
    .from(userTypePermissions)
    .where(
      and(
        eq(userTypePermissions.companyId, access.companyId),
        byName
          ? eq(userTypePermissions.userType, named as UserType)
          : eq(userTypePermissions.id, userTypeOrId),
      ),
    )
    .limit(1);
  if (!row && !byName) throw notFound('User type');
  const userType = row?.userType ?? (named as UserType);
  const targetCan = userTypeCan(access, userType, row?.permissions ?? DEFAULT_PERMISSIONS[userType]);
  const items = buildMenu((slug) => hasPermission(access, slug) && targetCan(slug));
  return { user_type: userType, items };
}

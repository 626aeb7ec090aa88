import { z } from 'zod';
import { ZInt4 } from './ids';
import { USER_TYPES } from './auth';
import { ZIconName } from './icons';
import type { PermissionSlug } from './permissions';

/*
 * The sidebar per user type (spec 3 §7 "Menus", DOMAIN-NOCODE "Menus"). A company may store its
 * own menu for a staff user type (OWNER, ADMIN, MANAGER, MEMBER: the staff area) or for one of its
 * contact types (application users: the /ap area) at /menu-management; without one the area's
 * default menu below applies. Every item has a `kind`:
 *
 * - ROUTE: a screen of the default menu (`route`, e.g. `/documents/all`);
 * - ENTITY: an entity's records (`entity_id`, opens `/entity/{entity_id}`);
 * - ENTITY_VIEW: a saved entity view (`entity_view_id`, opens `/entity-views/view/{id}`);
 * - FORM_TEMPLATE: a form template's page (`form_template_id`, opens `/template/{id}/menu/view`);
 * - DASHBOARD: a custom dashboard (`dashboard_id`, opens `/page-dashboard/{id}`, in /ap
 *   `/ap/page-dashboard/{id}`); shown only to those the dashboard is assigned to (or who see every
 *   dashboard);
 * - EXTERNAL_LINK: an https address, opened in a new tab (`url`);
 * - GROUP: a labelled group of the items above (two levels: groups hold no groups).
 *
 * What an item needs to show is derived from its kind, never stored: ROUTE the permission of its
 * default-menu screen, ENTITY and FORM_TEMPLATE `entity-data:view`, ENTITY_VIEW
 * `entity-views:view`, DASHBOARD `custom-dashboards:view`; a GROUP shows when one of its items does.
 */

export const MENU_ITEM_KINDS = [
  'ROUTE',
  'ENTITY',
  'ENTITY_VIEW',
  'FORM_TEMPLATE',
  'DASHBOARD',
  'EXTERNAL_LINK',
  'GROUP',
] as const;
export type TMenuItemKind = (typeof MENU_ITEM_KINDS)[number];
export type TMenuLeafKind = Exclude<TMenuItemKind, 'GROUP'>;

export const MAX_MENU_ITEMS = 60;
export const MAX_GROUP_ITEMS = 40;
/** Items of a whole menu, groups' items included. */
export const MAX_MENU_TOTAL = 200;

// ---------------------------------------------------------------------------------------------
// The default menu

type DefaultLink = { key: string; label: string; route: string; icon: string; permission: PermissionSlug };
export type TDefaultMenuEntry =
  DefaultLink | { key: string; label: string; icon: string; children: DefaultLink[] };

const link = (key: string, label: string, route: string, icon: string, permission: PermissionSlug) => ({
  key,
  label,
  route,
  icon,
  permission,
});
const group = (key: string, label: string, icon: string, children: DefaultLink[]) => ({
  key,
  label,
  icon,
  children,
});

/**
 * The default sidebar, the same for every user type: what a user sees of it depends on their
 * permissions. A group shows when one of its links does. Icons are Tabler names.
 */
export const DEFAULT_MENU: readonly TDefaultMenuEntry[] = [
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
    link('documents.company', 'Templates', '/templates', 'template', 'templates:view'),
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
  link('automation', 'Automation', '/automation-pipelines', 'bolt', 'pipelines:view'),
  link('apps', 'Apps', '/apps', 'apps', 'apps:view'),
  group('settings', 'Settings', 'settings', [
    link('settings.company-users', 'Company users', '/company/users', 'users-group', 'company-users:view'),
    link('settings.roles', 'Roles', '/roles', 'shield', 'roles:view'),
    link('settings.permissions', 'Permissions', '/profile/manage-permissions', 'lock', 'permissions:view'),
    link('settings.menus', 'Menu management', '/menu-management', 'menu-2', 'menus:manage'),
    link('settings.company', 'Company profile', '/profile/companyProfile', 'building', 'company:view'),
    link('settings.branding', 'Branding', '/branding', 'palette', 'company:view'),
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

/** Every screen of the default menu (the ROUTE items one may add), in menu order. */
export const DEFAULT_MENU_LINKS: readonly DefaultLink[] = DEFAULT_MENU.flatMap((entry) =>
  'children' in entry ? entry.children : [entry],
);

const LINK_BY_ROUTE: ReadonlyMap<string, DefaultLink> = new Map(DEFAULT_MENU_LINKS.map((l) => [l.route, l]));

export function defaultMenuLinkOf(route: string): DefaultLink | undefined {
  return LINK_BY_ROUTE.get(route);
}

// ---------------------------------------------------------------------------------------------
// The application area (/ap): contact types' menus

/**
 * Whose sidebar a menu is: STAFF (a staff user type, staff screens) or APPLICATION (a contact
 * type: the application users' area under /ap, whose items open /ap screens).
 */
export type TMenuArea = 'STAFF' | 'APPLICATION';

type ApplicationLink = { key: string; label: string; route: string; icon: string };

/**
 * The screens of the application area a ROUTE item of a contact type's menu may open, and that
 * area's default menu. Contacts hold no staff permissions: what they may open inside a screen is
 * decided there (application-user entity permissions), so these need none.
 */
export const APPLICATION_MENU: readonly ApplicationLink[] = [
  { key: 'ap.dashboard', label: 'Dashboard', route: '/ap/dashboard', icon: 'layout-dashboard' },
  { key: 'ap.documents', label: 'Documents', route: '/ap/documents', icon: 'files' },
  { key: 'ap.workflows', label: 'Workflows', route: '/ap/workflows', icon: 'git-branch' },
  { key: 'ap.approvals', label: 'Approval forms', route: '/ap/approvalforms', icon: 'checklist' },
  { key: 'ap.forms', label: 'Forms', route: '/ap/formbuilder', icon: 'forms' },
  { key: 'ap.profile', label: 'Profile', route: '/ap/profile', icon: 'user-circle' },
];

const APPLICATION_LINK_BY_ROUTE: ReadonlyMap<string, ApplicationLink> = new Map(
  APPLICATION_MENU.map((l) => [l.route, l]),
);

/**
 * The screen a ROUTE item opens in an area, with the permission it needs (null: none); undefined
 * when the route is not a screen of that area's menu.
 */
export function menuScreenOf(
  area: TMenuArea,
  route: string,
): { label: string; route: string; icon: string; permission: PermissionSlug | null } | undefined {
  if (area === 'STAFF') return LINK_BY_ROUTE.get(route);
  const link = APPLICATION_LINK_BY_ROUTE.get(route);
  return link && { ...link, permission: null };
}

// ---------------------------------------------------------------------------------------------
// Stored items (what POST/PUT menu take)

const ZMenuLabel = z
  .string({ error: 'Give the item a label' })
  .trim()
  .min(1, 'Give the item a label')
  .max(60, 'At most 60 characters');

/** Stable id of an item in its menu; generated when absent. */
const ZMenuKey = z
  .string()
  .trim()
  .regex(
    /^[A-Za-z0-9][A-Za-z0-9._-]{0,79}$/,
    'Use letters, digits, dots, dashes or underscores (at most 80)',
  );

const itemBase = {
  key: ZMenuKey.optional(),
  label: ZMenuLabel,
  icon: ZIconName.nullable().default(null),
};

const ZRouteItem = z.object({
  kind: z.literal('ROUTE'),
  ...itemBase,
  route: z.string({ error: 'Choose a screen' }).trim().min(1, 'Choose a screen').max(200),
});
const ZEntityItem = z.object({
  kind: z.literal('ENTITY'),
  ...itemBase,
  entity_id: z.uuid('Choose an entity'),
});
const ZEntityViewItem = z.object({
  kind: z.literal('ENTITY_VIEW'),
  ...itemBase,
  entity_view_id: z.uuid('Choose an entity view'),
});
const ZFormTemplateItem = z.object({
  kind: z.literal('FORM_TEMPLATE'),
  ...itemBase,
  form_template_id: z.uuid('Choose a form template'),
});
const ZDashboardItem = z.object({
  kind: z.literal('DASHBOARD'),
  ...itemBase,
  dashboard_id: z.uuid('Choose a dashboard'),
});
const ZExternalLinkItem = z.object({
  kind: z.literal('EXTERNAL_LINK'),
  ...itemBase,
  url: z.url({ protocol: /^https$/, error: 'Give an https:// address' }).max(2000, 'At most 2000 characters'),
});

const LEAF_KINDS = 'ROUTE, ENTITY, ENTITY_VIEW, FORM_TEMPLATE, DASHBOARD or EXTERNAL_LINK';

export const ZMenuLeafInput = z.discriminatedUnion(
  'kind',
  [ZRouteItem, ZEntityItem, ZEntityViewItem, ZFormTemplateItem, ZDashboardItem, ZExternalLinkItem],
  { error: `Use ${LEAF_KINDS} (a group holds no groups)` },
);
export type TMenuLeafInput = z.input<typeof ZMenuLeafInput>;
export type TMenuLeafStored = z.output<typeof ZMenuLeafInput>;

const ZGroupItem = z.object({
  kind: z.literal('GROUP'),
  ...itemBase,
  children: z
    .array(ZMenuLeafInput)
    .max(MAX_GROUP_ITEMS, `At most ${MAX_GROUP_ITEMS} items in a group`)
    .default([]),
});

export const ZMenuItemInput = z.discriminatedUnion(
  'kind',
  [
    ZRouteItem,
    ZEntityItem,
    ZEntityViewItem,
    ZFormTemplateItem,
    ZDashboardItem,
    ZExternalLinkItem,
    ZGroupItem,
  ],
  { error: `Use ${LEAF_KINDS} or GROUP` },
);
export type TMenuItemInput = z.input<typeof ZMenuItemInput>;
/** An item as the body schema leaves it. */
export type TMenuItemParsed = z.output<typeof ZMenuItemInput>;
/** An item as stored in `company_menus.items` (keys filled in). */
export type TMenuItemStored = TMenuItemParsed & { key: string };

const ZMenuItems = z
  .array(ZMenuItemInput)
  .max(MAX_MENU_ITEMS, `At most ${MAX_MENU_ITEMS} items at the top level`);

const CHOOSE_USER_TYPE = `Choose one of ${USER_TYPES.join(', ')} or a contact type`;
/**
 * A user type by name (any case) or the `_id` of one of the company's user types, or the `_id` of
 * one of its contact types (the menu of that type's application users).
 */
const ZUserTypeRef = z.string({ error: CHOOSE_USER_TYPE }).trim().min(1, CHOOSE_USER_TYPE).max(64);

export const ZCreateMenuRequest = z.object({ user_type: ZUserTypeRef, items: ZMenuItems });
export type TCreateMenuRequest = z.input<typeof ZCreateMenuRequest>;

export const ZUpdateMenuRequest = ZCreateMenuRequest.extend({
  /** The version read; another one answers 409. */
  version: ZInt4('Give the version you read').min(1),
});
export type TUpdateMenuRequest = z.input<typeof ZUpdateMenuRequest>;

export const ZMenusOfUserTypesRequest = z.object({
  user_types: z.array(ZUserTypeRef).min(1, 'Choose at least one user type').max(20),
  /** Every stored item, for the menu editor (needs `menus:manage`). */
  edit: z.boolean().default(false),
});

// ---------------------------------------------------------------------------------------------
// Answered items (the sidebar's shape)

export const ZMenuLeaf = z.object({
  key: z.string(),
  kind: z.enum(MENU_ITEM_KINDS),
  label: z.string(),
  /** Client route (spec notation); null for a group or an external link. */
  route: z.string().nullable(),
  icon: z.string().nullable(),
  /** The permission slug the item needs; null: every staff user. */
  permission: z.string().nullable(),
  entity_id: z.string().optional(),
  entity_view_id: z.string().optional(),
  form_template_id: z.string().optional(),
  dashboard_id: z.string().optional(),
  url: z.string().optional(),
});
export const ZMenuItem = ZMenuLeaf.extend({ children: z.array(ZMenuLeaf) }).meta({ id: 'MenuItem' });
export type TMenuLeaf = z.infer<typeof ZMenuLeaf>;
export type TMenuItem = z.infer<typeof ZMenuItem>;

export const ZMenu = z
  .object({
    /** The stored menu's id; null for the default menu. */
    _id: z.string().nullable(),
    /** OWNER, ADMIN, MANAGER, MEMBER, or the `_id` of a contact type (its application users' menu). */
    user_type: z.string(),
    /** The contact type of an application users' menu; null for a staff user type's. */
    contact_type: z.object({ _id: z.string(), name: z.string() }).nullable(),
    items: z.array(ZMenuItem),
    /** 0 for the default menu. */
    version: z.number().int(),
    is_default: z.boolean(),
    updated_at: z.string().nullable(),
  })
  .meta({ id: 'Menu' });
export type TMenu = z.infer<typeof ZMenu>;

/** Where the items opening a row lead, per area. */
const AREA_ROUTES = {
  STAFF: {
    prefix: '',
    entity: (id: string) => `/entity/${id}`,
    entityData: 'entity-data:view',
    entityViews: 'entity-views:view',
    dashboards: 'custom-dashboards:view',
  },
  // `/ap/entity/{entity_id}/{menuId}`: the item's key names the menu entry that opened the list.
  APPLICATION: {
    prefix: '/ap',
    entity: (id: string, key: string) => `/ap/entity/${id}/${encodeURIComponent(key)}`,
    entityData: null,
    entityViews: null,
    dashboards: null,
  },
} as const;

/**
 * Route and needed permission of a stored leaf in an area; null for a ROUTE that is no longer a
 * screen of that area's menu. The application area's leaves need no staff permission (null).
 */
export function resolveMenuLeaf(
  item: TMenuLeafStored & { key: string },
  area: TMenuArea = 'STAFF',
): TMenuLeaf | null {
  const base = { key: item.key, kind: item.kind, label: item.label, icon: item.icon };
  const routes = AREA_ROUTES[area];
  switch (item.kind) {
    case 'ROUTE': {
      const target = menuScreenOf(area, item.route);
      return target ? { ...base, route: target.route, permission: target.permission } : null;
    }
    case 'ENTITY':
      return {
        ...base,
        route: routes.entity(item.entity_id, item.key),
        permission: routes.entityData,
        entity_id: item.entity_id,
      };
    case 'ENTITY_VIEW':
      return {
        ...base,
        route: `${routes.prefix}/entity-views/view/${item.entity_view_id}`,
        permission: routes.entityViews,
        entity_view_id: item.entity_view_id,
      };
    case 'FORM_TEMPLATE':
      return {
        ...base,
        route: `${routes.prefix}/template/${item.form_template_id}/menu/view`,
        permission: routes.entityData,
        form_template_id: item.form_template_id,
      };
    case 'DASHBOARD':
      return {
        ...base,
        route: `${routes.prefix}/page-dashboard/${item.dashboard_id}`,
        permission: routes.dashboards,
        dashboard_id: item.dashboard_id,
      };
    case 'EXTERNAL_LINK':
      return { ...base, route: null, permission: null, url: item.url };
  }
}

/**
 * The answered tree of stored items: leaves resolved, those `keep` refuses dropped, groups
 * without a remaining item dropped. `keep` sees the resolved leaf (its permission, its target).
 */
export function resolveMenu(
  items: readonly TMenuItemStored[],
  keep: (leaf: TMenuLeaf) => boolean = () => true,
  keepEmptyGroups = false,
  area: TMenuArea = 'STAFF',
): TMenuItem[] {
  const out: TMenuItem[] = [];
  const resolveLeaf = (leaf: TMenuLeafStored & { key?: string | undefined }) => {
    const resolved = resolveMenuLeaf({ ...leaf, key: leaf.key ?? '' }, area);
    return resolved && keep(resolved) ? resolved : null;
  };
  for (const item of items) {
    if (item.kind === 'GROUP') {
      const children = item.children.map(resolveLeaf).filter((c): c is TMenuLeaf => c !== null);
      if (children.length === 0 && !keepEmptyGroups) continue;
      out.push({
        key: item.key,
        kind: 'GROUP',
        label: item.label,
        icon: item.icon,
        route: null,
        permission: null,
        children,
      });
    } else {
      const resolved = resolveLeaf(item);
      if (resolved) out.push({ ...resolved, children: [] });
    }
  }
  return out;
}

/** The default menu of an area as stored items (ROUTE and GROUP), keys kept. */
export function defaultMenuItems(area: TMenuArea = 'STAFF'): TMenuItemStored[] {
  type Link = { key: string; label: string; route: string; icon: string };
  const entries: readonly (Link | { key: string; label: string; icon: string; children: Link[] })[] =
    area === 'APPLICATION' ? APPLICATION_MENU : DEFAULT_MENU;
  return entries.map((entry): TMenuItemStored => {
    const route = (l: Link) => ({
      kind: 'ROUTE' as const,
      key: l.key,
      label: l.label,
      icon: l.icon,
      route: l.route,
    });
    return 'children' in entry
      ? {
          kind: 'GROUP',
          key: entry.key,
          label: entry.label,
          icon: entry.icon,
          children: entry.children.map(route),
        }
      : route(entry);
  });
}

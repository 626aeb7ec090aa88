/// <reference types="node" />
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { USER_TYPES, type PlanType, type UserType } from './auth';
import { AREA_CATEGORY, PERMISSION_CATEGORIES, UNGATED_AREAS } from './permission-catalogue';
import {
  canActOnDocument,
  canActOnRow,
  DEFAULT_PERMISSIONS,
  effectivePermissions,
  findPermissionCategory,
  hasPermission,
  OWNER_ONLY_PERMISSIONS,
  PERMISSION_SLUGS,
  planPermissions,
  PLAN_FEATURES,
  resolveCategory,
  TEAM_CATEGORIES,
  TEAM_PERMISSIONS,
  ZPermissionCategory,
  ZPermissionsByCatRequest,
  ZUpdatePermissionsRequest,
  type DocumentUserRef,
  type PermissionSlug,
} from './permissions';

const KEBAB = '[a-z0-9]+(?:-[a-z0-9]+)*';
const SLUG_SHAPE = new RegExp(`^${KEBAB}:${KEBAB}$`);

describe('catalogue', () => {
  it('has unique, well-formed slugs prefixed by their category', () => {
    expect(new Set(PERMISSION_SLUGS).size).toBe(PERMISSION_SLUGS.length);
    expect(new Set(PERMISSION_CATEGORIES.map((c) => c.slug)).size).toBe(PERMISSION_CATEGORIES.length);
    for (const category of PERMISSION_CATEGORIES) {
      expect(category.slug).toMatch(new RegExp(`^${KEBAB}$`));
      for (const permission of category.permissions) {
        expect(permission.slug).toMatch(SLUG_SHAPE);
        expect(permission.slug.startsWith(`${category.slug}:`), permission.slug).toBe(true);
      }
    }
  });

  it('types slugs as a literal union', () => {
    // @ts-expect-error a slug outside the catalogue is not a PermissionSlug
    const unknown: PermissionSlug = 'documents:fly';
    expect(PERMISSION_SLUGS).not.toContain(unknown);
  });

  it.each(PERMISSION_CATEGORIES.map((c) => [c.slug, c] as const))('%s is labelled and non-empty', (_, c) => {
    expect(ZPermissionCategory.parse(c)).toEqual(c);
    expect(c.label).not.toBe('');
    expect(c.permissions.length).toBeGreaterThan(0);
    for (const p of c.permissions) expect(p.label && p.description, p.slug).toBeTruthy();
  });
});

describe('product areas of api-endpoints.tsv', () => {
  const file = fileURLToPath(new URL('../../../../shared/spec/api-endpoints.tsv', import.meta.url));
  const readAreas = (): string[] => {
    if (!existsSync(file))
      throw new Error(`api-endpoints.tsv not found at ${file}: the spec folder is missing`);
    const rows = readFileSync(file, 'utf8').split('\n').slice(1);
    return [...new Set(rows.map((row) => row.split('\t')[0]?.trim() ?? '').filter(Boolean))];
  };
  const categories = new Set<string>(PERMISSION_CATEGORIES.map((c) => c.slug));
  const mapped: Record<string, string> = AREA_CATEGORY;
  const ungated = new Set<string>(UNGATED_AREAS);

  it('are each covered by a category, AREA_CATEGORY or UNGATED_AREAS', () => {
    const areas = readAreas();
    expect(areas.length).toBeGreaterThan(40);
    const uncovered = areas.filter((a) => !categories.has(a) && !(a in mapped) && !ungated.has(a));
    expect(uncovered, `areas without a permission category: ${uncovered.join(', ')}`).toEqual([]);
  });

  it('have no stale or contradictory mapping', () => {
    const areas = new Set(readAreas());
    for (const area of [...Object.keys(mapped), ...ungated]) expect(areas.has(area), area).toBe(true);
    for (const area of Object.keys(mapped)) {
      expect(categories.has(area) || ungated.has(area), area).toBe(false);
      expect(categories.has(mapped[area] ?? ''), area).toBe(true);
    }
  });
});

describe('default permission sets', () => {
  const ALL = [...PERMISSION_SLUGS];

  it('OWNER has everything; ADMIN everything but the owner-only rights', () => {
    expect(DEFAULT_PERMISSIONS.OWNER).toEqual(ALL);
    expect(DEFAULT_PERMISSIONS.ADMIN).toEqual(
      ALL.filter((s) => !(OWNER_ONLY_PERMISSIONS as readonly string[]).includes(s)),
    );
  });

  it.each([
    ['OWNER', 'ADMIN'],
    ['ADMIN', 'MANAGER'],
    ['MANAGER', 'MEMBER'],
  ] as const)('%s contains %s', (upper, lower) => {
    const missing = DEFAULT_PERMISSIONS[lower].filter((s) => !DEFAULT_PERMISSIONS[upper].includes(s));
    expect(missing).toEqual([]);
    expect(DEFAULT_PERMISSIONS[upper].length).toBeGreaterThan(DEFAULT_PERMISSIONS[lower].length);
  });

  it('MEMBER works on own documents, contacts, records, forms and dashboards', () => {
    expect(DEFAULT_PERMISSIONS.MEMBER).toEqual(
      expect.arrayContaining<PermissionSlug>([
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
      ]),
    );
    expect(DEFAULT_PERMISSIONS.MEMBER).not.toContain('documents:view-all');
    expect(DEFAULT_PERMISSIONS.MEMBER).not.toContain('entity-data:delete');
  });

  it.each([
    'settings:update',
    'permissions:manage',
    'company-users:invite',
    'roles:update',
    'menus:manage',
  ] as const)('MANAGER lacks %s', (slug) => expect(DEFAULT_PERMISSIONS.MANAGER).not.toContain(slug));

  it('MANAGER can see company users', () => {
    expect(DEFAULT_PERMISSIONS.MANAGER).toContain('company-users:view');
  });
});

describe('plan features', () => {
  it('BUSINESS has every feature', () => {
    expect(PLAN_FEATURES.BUSINESS).toBe('ALL');
    expect(planPermissions('BUSINESS')).toEqual(PERMISSION_SLUGS);
  });

  it('INDIVIDUAL excludes team features and keeps the rest', () => {
    const individual = planPermissions('INDIVIDUAL');
    for (const category of TEAM_CATEGORIES) {
      expect(
        individual.filter((s) => s.startsWith(`${category}:`)),
        category,
      ).toEqual([]);
    }
    for (const slug of ['apps:publish', 'documents:view-all', 'documents:share'] as const) {
      expect(individual).not.toContain(slug);
    }
    expect(individual.length + TEAM_PERMISSIONS.length).toBe(PERMISSION_SLUGS.length);
    expect(individual).toContain('documents:send');
  });
});

describe('effectivePermissions', () => {
  const custom: PermissionSlug[] = ['documents:view', 'documents:void', 'company:delete'];

  it('INDIVIDUAL: the plan set, whatever the user type', () => {
    const got = effectivePermissions({ planType: 'INDIVIDUAL', userType: 'MEMBER', userTypePermissions: [] });
    expect(got).toEqual(planPermissions('INDIVIDUAL'));
  });

  it('BUSINESS OWNER: the whole company set', () => {
    const got = effectivePermissions({
      planType: 'BUSINESS',
      userType: 'OWNER',
      userTypePermissions: [],
      companyPermissions: ['documents:view', 'roles:view'],
    });
    expect(got).toEqual(['documents:view', 'roles:view']);
  });

  it('BUSINESS: type set ∩ company set, minus owner-only and unknown slugs', () => {
    const got = effectivePermissions({
      planType: 'BUSINESS',
      userType: 'ADMIN',
      userTypePermissions: [...custom, 'retired:slug'],
      companyPermissions: ['documents:void', 'company:delete', 'contacts:view'],
    });
    expect(got).toEqual(['documents:void']);
  });

  it('BUSINESS without a company set uses the plan features', () => {
    const got = effectivePermissions({
      planType: 'BUSINESS',
      userType: 'MANAGER',
      userTypePermissions: custom,
    });
    expect(got).toEqual(['documents:view', 'documents:void']);
  });
});

describe('hasPermission', () => {
  it.each<[PlanType, UserType, PermissionSlug[], PermissionSlug, boolean]>([
    ['BUSINESS', 'OWNER', [], 'roles:delete', true],
    ['BUSINESS', 'ADMIN', ['roles:delete'], 'roles:delete', true],
    ['BUSINESS', 'ADMIN', [], 'roles:delete', false],
    ['BUSINESS', 'ADMIN', ['company:delete'], 'company:delete', false],
    ['BUSINESS', 'MEMBER', ['documents:send'], 'documents:send', true],
    ['INDIVIDUAL', 'MEMBER', [], 'documents:void', true],
    ['INDIVIDUAL', 'OWNER', [], 'company-users:invite', false],
    ['INDIVIDUAL', 'OWNER', [], 'apps:publish', false],
  ])('%s %s with %j: %s -> %s', (planType, userType, permissions, slug, expected) => {
    expect(hasPermission({ planType, userType, permissions }, slug)).toBe(expected);
    expect(hasPermission({ planType, userType, permissions: new Set(permissions) }, slug)).toBe(expected);
  });
});

describe('canActOnRow', () => {
  const business = (userType: UserType, permissions: PermissionSlug[] = []) => ({
    planType: 'BUSINESS' as const,
    userType,
    permissions,
    userId: 'u1',
  });

  it.each([
    ['own row', 'u1', true],
    ["another user's row", 'u2', false],
  ])('INDIVIDUAL: %s -> %s', (_, createdBy, expected) => {
    const ctx = {
      planType: 'INDIVIDUAL' as const,
      userType: 'OWNER' as const,
      permissions: [],
      userId: 'u1',
    };
    expect(canActOnRow(ctx, { created_by: createdBy, role_user_type: null }, 'entity-data:update')).toBe(
      expected,
    );
    expect(canActOnRow(ctx, { created_by: createdBy, role_user_type: 'MEMBER' }, 'entity-data:update')).toBe(
      expected,
    );
  });

  const allowed: Record<UserType, UserType[]> = {
    OWNER: ['OWNER', 'ADMIN', 'MANAGER', 'MEMBER'],
    ADMIN: ['ADMIN', 'MANAGER', 'MEMBER'],
    MANAGER: ['MANAGER', 'MEMBER'],
    MEMBER: ['MEMBER'],
  };
  it.each(
    USER_TYPES.flatMap((user) => USER_TYPES.map((row) => [user, row, allowed[user].includes(row)] as const)),
  )('BUSINESS %s on a %s row -> %s', (userType, rowType, expected) => {
    const row = { created_by: 'u2', role_user_type: rowType };
    expect(canActOnRow(business(userType), row, 'entity-data:update')).toBe(expected);
  });

  it.each<[string, string, PermissionSlug[], boolean]>([
    ['creator without the slug', 'u1', [], true],
    ['other with the slug', 'u2', ['entity-data:update'], true],
    ['other with another slug', 'u2', ['entity-data:view'], false],
    ['other without the slug', 'u2', [], false],
  ])('BUSINESS row without a role type: %s -> %s', (_, createdBy, permissions, expected) => {
    const row = { created_by: createdBy };
    expect(canActOnRow(business('MEMBER', permissions), row, 'entity-data:update')).toBe(expected);
  });
});

describe('canActOnDocument', () => {
  const users: DocumentUserRef[] = [
    { email: 'Sender@Example.com', type: 'SENDER', user_type: 'SIGNER' },
    { email: 'signer@example.com', type: 'RECEIVER', user_type: 'SIGNER' },
    { email: 'viewer@example.com', type: 'RECEIVER', user_type: 'VIEWER' },
    { email: 'cc@example.com', type: 'RECEIVER', user_type: 'CC' },
    { email: 'boss-cc@example.com', type: 'RECEIVER', user_type: 'CC' },
  ];
  const doc = { created_by: 'creator', document_users: users };
  const slug = 'documents:manage-all';

  it.each<[string, string, string, UserType, boolean, boolean]>([
    // who, userId, email, userType, without slug, with slug
    ['creator', 'creator', 'creator@example.com', 'MEMBER', true, true],
    ['sender (other case)', 'u', 'sender@example.COM', 'MEMBER', true, true],
    ['receiver signer', 'u', ' SIGNER@example.com ', 'MEMBER', true, true],
    ['receiver viewer', 'u', 'viewer@example.com', 'MEMBER', true, true],
    ['CC receiver', 'u', 'cc@example.com', 'MEMBER', false, true],
    ['owner not on the document', 'u', 'owner@example.com', 'OWNER', true, true],
    ['owner who is CC (owner has every right)', 'u', 'boss-cc@example.com', 'OWNER', true, true],
    ['admin not on the document', 'u', 'admin@example.com', 'ADMIN', false, true],
    ['other member', 'u', 'other@example.com', 'MEMBER', false, true],
  ])('BUSINESS %s', (_, userId, email, userType, withoutSlug, withSlug) => {
    const ctx = { planType: 'BUSINESS' as const, userType, userId, email };
    expect(canActOnDocument({ ...ctx, permissions: [] }, doc, slug)).toBe(withoutSlug);
    expect(canActOnDocument({ ...ctx, permissions: [slug] }, doc, slug)).toBe(withSlug);
  });

  it.each([
    ['creator', 'creator', 'x@example.com', true],
    ['receiver signer', 'u', 'SIGNER@example.com', true],
    ['CC receiver', 'u', 'cc@example.com', false],
    ['stranger', 'u', 'other@example.com', false],
  ])('INDIVIDUAL %s -> %s (acts as owner only on its own documents)', (_, userId, email, expected) => {
    const ctx = {
      planType: 'INDIVIDUAL' as const,
      userType: 'OWNER' as const,
      permissions: [slug],
      userId,
      email,
    };
    expect(canActOnDocument(ctx, doc, slug)).toBe(expected);
  });
});

describe('categories and aliases', () => {
  it.each([
    ['approval-forms', 'form-builders'],
    ['form-builders', 'form-builders'],
    ['documents', 'documents'],
    ['nope', null],
    ['Documents', null],
    ['__proto__', null],
  ])('resolveCategory(%s) -> %s', (slug, expected) => {
    expect(resolveCategory(slug)).toBe(expected);
  });

  it('finds a category with its permissions through an alias', () => {
    expect(findPermissionCategory('approval-forms')?.permissions.map((p) => p.slug)).toContain(
      'form-builders:approve',
    );
    expect(findPermissionCategory('nope')).toBeUndefined();
  });

  it('ZPermissionsByCatRequest accepts aliases and rejects unknown categories', () => {
    expect(ZPermissionsByCatRequest.parse({ category: ' approval-forms ' })).toEqual({
      category: 'form-builders',
    });
    const result = ZPermissionsByCatRequest.safeParse({ category: 'nope' });
    expect(result.error?.issues[0]).toMatchObject({
      path: ['category'],
      message: "Unknown permission category 'nope'",
    });
  });
});

describe('ZUpdatePermissionsRequest', () => {
  it('orders and deduplicates known slugs', () => {
    const parsed = ZUpdatePermissionsRequest.parse({
      permissions: ['documents:send', 'documents:view', 'documents:send'],
    });
    expect(parsed.permissions).toEqual(['documents:view', 'documents:send']);
  });

  it.each([
    ['documents:fly', 1],
    ['approval-forms:view', 1],
    ['DOCUMENTS:VIEW', 1],
  ])('rejects the unknown slug %s, naming it', (unknown, index) => {
    const result = ZUpdatePermissionsRequest.safeParse({ permissions: ['documents:view', unknown] });
    expect(result.success).toBe(false);
    expect(result.error?.issues).toEqual([
      expect.objectContaining({
        path: ['permissions', index],
        message: `Unknown permission slug '${unknown}'`,
      }),
    ]);
  });

  it.each([{}, { permissions: 'documents:view' }, { permissions: [1] }])('rejects %j', (body) => {
    expect(ZUpdatePermissionsRequest.safeParse(body).success).toBe(false);
  });
});

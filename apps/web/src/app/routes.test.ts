import { existsSync, readFileSync } from 'node:fs';
import { dirname, resolve as resolvePath } from 'node:path';
import { fileURLToPath } from 'node:url';
import { matchRoutes, type RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { GuardName } from './guard-decision';
import type { RouteHandle } from './route-handle';
import { buildRoutes } from './router';
import { SCREENS } from './screen-loaders';
import { ALL_SCREEN_ROUTES, EMBEDDED_ROUTES, STAFF_ROUTES, fillPattern, toRouterPath } from './routes';

const routes = buildRoutes();

type Resolved = {
  guard?: GuardName;
  layout?: string;
  leafId?: string;
  leaf?: RouteObject;
  title?: string;
  pattern?: string;
};

function resolve(path: string): Resolved {
  const matches = matchRoutes(routes, path) ?? [];
  const result: Resolved = {};
  for (const match of matches) {
    const handle = (match.route.handle ?? {}) as RouteHandle;
    if (handle.guard) result.guard = handle.guard;
    if (handle.layout) result.layout = handle.layout;
    if (handle.title) result.title = handle.title;
    if (handle.pattern) result.pattern = handle.pattern;
  }
  const leaf = matches.at(-1)?.route;
  result.leaf = leaf;
  result.leafId = leaf?.id;
  return result;
}

/** A concrete address for a spec pattern: `{contact_id}` -> `sample-contact_id`. */
function sample(pattern: string): string {
  return pattern.replace(/\{([^}?]+)\??\}/g, (_m, name: string) => `sample-${name}`);
}

/** Concrete addresses chosen for the rows the spec abbreviates with `...` (see routes.ts). */
const ELLIPSIS_EXAMPLES: Record<string, string[]> = {
  '/company-documents/{document_id}/configure/template/...': ['/company-documents/d1/configure/template/t1'],
  '/company-documents/custom/.../execute': [
    '/company-documents/custom/d1/execute',
    '/company-documents/custom/d1/workflow/w1/execute',
  ],
  '/company-documents/custom/.../preview': [
    '/company-documents/custom/d1/preview',
    '/company-documents/custom/d1/workflow/w1/preview',
  ],
  '/company-documents/static/.../execute': [
    '/company-documents/static/d1/execute',
    '/company-documents/static/d1/workflow/w1/execute',
  ],
  '/company-documents/static/.../preview': ['/company-documents/static/d1/preview'],
  '/company-documents/requested/.../execute': ['/company-documents/requested/d1/execute'],
  '/company-documents/requested/.../preview': ['/company-documents/requested/d1/workflow/w1/preview'],
  '/ap/fbd/...': ['/ap/fbd/CODE/data-list', '/ap/fbd/CODE/entry-1'],
  '/ap/fb/.../status/completed': ['/ap/fb/CODE/entry-1/status/completed'],
  '/if/{ssoAuth}/*': [
    '/if/sso-1/iFrameSignin',
    '/if/sso-1/contacts',
    '/if/sso-1/entity/e1/view',
    '/if/sso-1/entity-views/view/v1',
    '/if/sso-1/templates',
    '/if/sso-1/profilesettings/app-mode',
    '/if/sso-1/email-template/create',
  ],
};

// apps/web/src/app -> ../shared/spec, the specification that sits beside the repository (in CI
// too). Its absence fails the suite: the routes must be checked against the contract itself.
const tsvPath = resolvePath(
  dirname(fileURLToPath(import.meta.url)),
  '../../../../../shared/spec/client-routes.tsv',
);
const hasTsv = existsSync(tsvPath);
const tsvRows = hasTsv
  ? readFileSync(tsvPath, 'utf8')
      .split('\n')
      .slice(1)
      .filter((line) => line.trim())
      .map((line) => {
        const [area = '', route = '', guard = ''] = line.split('\t');
        return { area, route, guard };
      })
  : [];

const NOT_FOUND_IDS = new Set(['not-found', 'not-found-ap', 'not-found-if']);

/** Rows whose guard routes.ts chooses over the spec's (its top comment says why). */
const GUARD_CHOICES: Record<string, GuardName> = {
  '/company-documents/requested/.../execute': 'requestLink',
  '/company-documents/requested/.../preview': 'requestLink',
  '/signin/oauth': 'user',
};

describe('every route of client-routes.tsv', () => {
  it('has 213 rows', () => {
    expect(hasTsv, `the specification is missing at ${tsvPath}`).toBe(true);
    expect(tsvRows).toHaveLength(213);
  });

  it.each(tsvRows.map((row) => [row.route, row.guard] as const))(
    '%s (%s) is registered under its guard',
    (route, guard) => {
      if (route === '/*') {
        const unknown = resolve('/some/unknown/path');
        expect(unknown.leafId).toBe('not-found');
        expect(unknown.guard).toBe('user');
        expect(unknown.layout).toBe('staff');
        return;
      }
      const addresses = ELLIPSIS_EXAMPLES[route] ?? [sample(route)];
      for (const address of addresses) {
        const resolved = resolve(address);
        expect(NOT_FOUND_IDS.has(resolved.leafId ?? ''), `${address} fell through to not-found`).toBe(false);
        expect(resolved.leaf, `${address} matched nothing`).toBeDefined();
        if (guard === 'public?') expect(['public', 'formGuest', 'formApproval']).toContain(resolved.guard);
        else expect(resolved.guard, address).toBe(GUARD_CHOICES[route] ?? guard);
      }
    },
  );
});

describe('route table', () => {
  it('has no duplicate patterns and every pattern converts to router notation', () => {
    const patterns = ALL_SCREEN_ROUTES.map((r) => r.pattern);
    expect(new Set(patterns).size).toBe(patterns.length);
    for (const pattern of patterns) expect(toRouterPath(pattern)).not.toMatch(/[{}]/);
  });

  it('resolves each registered pattern to its own route (no shadowing)', () => {
    for (const route of ALL_SCREEN_ROUTES) {
      const resolved = resolve(sample(route.pattern));
      expect(resolved.pattern, route.pattern).toBe(route.pattern);
      expect(resolved.guard).toBe(route.guard);
      expect(resolved.layout).toBe(route.layout);
    }
  }, 60_000);

  it('puts staff screens in the staff layout and public ones in the public layout', () => {
    expect(resolve('/contacts')).toMatchObject({ guard: 'user', layout: 'staff', title: 'Contacts' });
    expect(resolve('/signin')).toMatchObject({ guard: 'guest', layout: 'public' });
    expect(resolve('/ap/dashboard')).toMatchObject({ guard: 'applicationUser', layout: 'contact' });
    expect(resolve('/ap/forbidden')).toMatchObject({ guard: 'public', layout: 'public' });
    expect(resolve('/if/x/contacts')).toMatchObject({ guard: 'embedded', layout: 'embedded' });
    expect(resolve('/public/fbd/C/execute')).toMatchObject({ guard: 'formGuest', layout: 'public' });
    expect(resolve('/public/fb/C/D/approval/execute')).toMatchObject({
      guard: 'formApproval',
      layout: 'public',
    });
  });

  it('shows not-found inside the right area for unknown paths', () => {
    expect(resolve('/some/unknown/path').leafId).toBe('not-found');
    expect(resolve('/ap/nothing/here').leafId).toBe('not-found-ap');
    expect(resolve('/if/sso/nothing').leafId).toBe('not-found-if');
  });

  it('registers /outbox and /email-log with the public guard', () => {
    expect(resolve('/outbox')).toMatchObject({ guard: 'public', title: 'Outbox' });
    expect(resolve('/email-log')).toMatchObject({ guard: 'public', title: 'Email log' });
  });

  it("redirects /, /documents, /profilesettings and /ap to their default screens, spec paths of a setting made elsewhere to its one place, and a form's shared link to where a guest starts", () => {
    const redirects = Object.fromEntries(
      ALL_SCREEN_ROUTES.filter((r) => r.redirectTo && !r.pattern.startsWith('/if/')).map((r) => [
        r.pattern,
        r.redirectTo,
      ]),
    );
    expect(redirects).toEqual({
      '/': '/dashboard',
      '/documents': '/dashboard',
      '/profilesettings': '/profilesettings/dashboard-settings',
      '/ap': '/ap/dashboard',
      '/profilesettings/initial': '/profile/initial',
      '/public/fbd/{formbuilder_code}': '/public/fbd/{formbuilder_code}/auth/verify',
    });
  });

  it('mirrors the embedded areas under /if/{ssoAuth} and no others', () => {
    const mirrored = new Set(EMBEDDED_ROUTES.map((r) => r.pattern));
    expect(mirrored.has('/if/{ssoAuth}/contacts')).toBe(true);
    expect(mirrored.has('/if/{ssoAuth}/global-variables')).toBe(true);
    expect(mirrored.has('/if/{ssoAuth}/dashboard')).toBe(false);
    expect(mirrored.has('/if/{ssoAuth}/documents')).toBe(false);
    for (const route of EMBEDDED_ROUTES) {
      if (route.redirectTo) expect(mirrored.has(route.redirectTo), route.redirectTo).toBe(true);
    }
    expect(STAFF_ROUTES.length).toBeGreaterThan(150);
  });

  it('only lists real screens for registered patterns', () => {
    const patterns = new Set(ALL_SCREEN_ROUTES.map((r) => r.pattern));
    for (const pattern of Object.keys(SCREENS)) expect(patterns.has(pattern), pattern).toBe(true);
  });

  it('fills patterns from params', () => {
    expect(fillPattern('/if/{ssoAuth}/documents/all', { ssoAuth: 'abc' })).toBe('/if/abc/documents/all');
    expect(toRouterPath('/request-documents/all/{card_type?}')).toBe('/request-documents/all/:card_type?');
  });
});

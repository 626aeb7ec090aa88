import type { StartupCachePath } from '@esigns/contracts/startup-cache';
import { DEFAULT_BRANDING } from '@esigns/contracts/branding-defaults';
import type { TPaged } from '@esigns/contracts/envelope';
import { api } from '../api/api-client';
import { isApiError } from '../api/api-error';

/**
 * Browser cache of lookups filled at startup (spec 1 §3, §7). Keys are versioned by app name
 * and version (`esigns:1.0:templates`); when the version changes the old keys are dropped.
 */
export const CACHE_APP_NAME = 'esigns';
export const CACHE_VERSION = DEFAULT_BRANDING.app_version;

export type CacheName =
  | 'templates'
  | 'entity'
  | 'global_variables'
  | 'formbuilders_details'
  | 'entity_groups'
  | 'entity_view_configuration'
  | 'customDashboard'
  | 'filters'
  | 'entity_customization'
  | 'icons';

type CacheRow = Record<string, unknown>;

export type CacheEntry<T> = { createdAt: string; items: Array<T & { createdAt: string }> };

export type FetchPage<T> = (page: number, limit: number) => Promise<TPaged<T>>;

export type StartupCacheSource = {
  name: CacheName;
  /** API path under /api: one the server serves. */
  path: StartupCachePath;
  /** Page size; undefined for a call that answers the whole list at once. */
  limit?: number;
  params?: Record<string, unknown>;
  /** Fields kept in the cache (spec 1 §3); everything else is dropped to keep storage small. */
  fields: readonly string[];
  normalise?: (items: CacheRow[]) => CacheRow[];
};

function cacheKey(name: string): string {
  return `${CACHE_APP_NAME}:${CACHE_VERSION}:${name}`;
}

function storage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

/** Removes the keys of other versions (`esigns:<other version>:<name>`); other keys are left alone. */
export function dropStaleCacheVersions(): void {
  const store = storage();
  if (!store) return;
  const pattern = new RegExp(`^${CACHE_APP_NAME}:([^:]+):`);
  const stale: string[] = [];
  for (let i = 0; i < store.length; i += 1) {
    const key = store.key(i);
    const match = key ? pattern.exec(key) : null;
    if (key && match && match[1] !== CACHE_VERSION) stale.push(key);
  }
  for (const key of stale) store.removeItem(key);
}

export function readCache<T>(name: CacheName): CacheEntry<T> | null {
  const raw = storage()?.getItem(cacheKey(name));
  if (!raw) return null;
  try {
    const parsed = JSON.parse(raw) as Partial<CacheEntry<T>>;
    return typeof parsed.createdAt === 'string' && Array.isArray(parsed.items)
      ? (parsed as CacheEntry<T>)
      : null;
  } catch {
    return null;
  }
}

/** Stores the list, stamping the entry and every item that lacks one with `createdAt`. */
export function writeCache<T extends object>(
  name: CacheName,
  items: readonly T[],
  now: Date = new Date(),
): CacheEntry<T> {
  const createdAt = now.toISOString();
  const entry: CacheEntry<T> = {
    createdAt,
    items: items.map((item) => ({ createdAt, ...item }) as T & { createdAt: string }),
  };
  try {
    storage()?.setItem(cacheKey(name), JSON.stringify(entry));
  } catch (error) {
    // A full storage only costs the cache, never the app.
    console.warn(`Could not cache ${name}`, error);
  }
  return entry;
}

export function clearCache(): void {
  const store = storage();
  if (!store) return;
  const prefix = `${CACHE_APP_NAME}:${CACHE_VERSION}:`;
  const keys: string[] = [];
  for (let i = 0; i < store.length; i += 1) {
    const key = store.key(i);
    if (key?.startsWith(prefix)) keys.push(key);
  }
  for (const key of keys) store.removeItem(key);
}

/** The most pages one fill may read; protects against an answer whose total_pages never ends. */
const MAX_PAGES = 500;

/** Reads every page (1-based) until `total_pages`, then answers all rows in order. */
export async function fetchAllPages<T>(fetchPage: FetchPage<T>, limit: number): Promise<T[]> {
  const rows: T[] = [];
  let page = 1;
  let totalPages = 1;
  do {
    const answer = await fetchPage(page, limit);
    rows.push(...(answer.data ?? []));
    totalPages = Number.isFinite(answer.total_pages) ? answer.total_pages : 1;
    if (!answer.data?.length) break;
    page += 1;
  } while (page <= totalPages && page <= MAX_PAGES);
  return rows;
}

/**
 * Pages through a list until `total_pages`, stores the result under `name` and answers the
 * stored items. Without an explicit `normalise`, the table's rule for `name` applies (templates:
 * the STANDARD template once and first).
 */
export async function fillPagedCache<T extends object>(
  name: CacheName,
  fetchPage: FetchPage<T>,
  limit: number,
  normalise?: (items: T[]) => T[],
): Promise<Array<T & { createdAt: string }>> {
  const rows = await fetchAllPages(fetchPage, limit);
  const rule = normalise ?? (sourceFor(name)?.normalise as ((items: T[]) => T[]) | undefined);
  return writeCache(name, rule ? rule(rows) : rows).items;
}

/**
 * Asked with include_standard, every page of the template list repeats the STANDARD (built-in)
 * templates: each is kept once (by `_id`) and they are placed first, in their order; the other
 * templates keep theirs.
 */
export function normaliseTemplates<T extends { _id?: unknown; type?: unknown }>(
  templates: readonly T[],
): T[] {
  const seen = new Set<unknown>();
  const standard = templates.filter((t) => {
    if (t.type !== 'STANDARD' || seen.has(t._id)) return false;
    seen.add(t._id);
    return true;
  });
  return [...standard, ...templates.filter((t) => t.type !== 'STANDARD')];
}

/**
 * The lists of spec 1 §7 the server serves (`STARTUP_CACHE_PATHS`), filled at startup; custom
 * dashboards join when their area lands.
 */
export const STARTUP_CACHE_SOURCES: readonly StartupCacheSource[] = [
  {
    name: 'templates',
    path: '/template/list',
    limit: 50,
    params: { include_standard: true },
    fields: ['_id', 'name', 'updated_at', 'createdAt', 'slug', 'type', 'created_at', 'templateGroups'],
    normalise: normaliseTemplates,
  },
  { name: 'entity', path: '/entities', limit: 50, fields: ['_id', 'name', 'entity_type', 'slug', 'type'] },
  {
    name: 'global_variables',
    path: '/global-variables',
    limit: 100,
    fields: ['_id', 'label', 'input_type', 'is_fixed'],
  },
  { name: 'formbuilders_details', path: '/formBuilders', limit: 50, fields: ['_id', 'name'] },
  {
    name: 'entity_groups',
    path: '/entity-groups',
    limit: 100,
    fields: ['_id', 'name', 'docTemplates', 'formTemplates', 'globalVariables', 'workflows'],
  },
  {
    name: 'entity_view_configuration',
    path: '/entity-view-configuration',
    limit: 50,
    fields: ['_id', 'name', 'entity_id'],
  },
  {
    name: 'filters',
    path: '/entity-filters/fetch-by-company',
    limit: 100,
    fields: ['_id', 'filter_name', 'entity_id'],
  },
  {
    name: 'entity_customization',
    path: '/entity-customization/fetch-by-company',
    limit: 50,
    fields: ['_id', 'label', 'entity_id', 'isActive'],
  },
  // Names and kinds only: the vector markup (2.7 MB for the whole set) would overflow localStorage;
  // the icon picker reads it from the API (cached for the session).
  { name: 'icons', path: '/icons/getAllIcons', fields: ['_id', 'name', 'type', 'createdAt'] },
];

function sourceFor(name: CacheName): StartupCacheSource | undefined {
  return STARTUP_CACHE_SOURCES.find((source) => source.name === name);
}

function pick(row: CacheRow, fields: readonly string[]): CacheRow {
  const picked: CacheRow = {};
  for (const field of fields) if (field in row) picked[field] = row[field];
  return picked;
}

/** Accepts the paged shape, a bare array, or `{ data: [...] }` without paging fields. */
function toPage(payload: unknown, page: number): TPaged<CacheRow> {
  if (Array.isArray(payload))
    return { data: payload as CacheRow[], total: payload.length, page, total_pages: 1 };
  const record = (payload ?? {}) as Partial<TPaged<CacheRow>>;
  const data = Array.isArray(record.data) ? record.data : [];
  return {
    data,
    total: typeof record.total === 'number' ? record.total : data.length,
    page: typeof record.page === 'number' ? record.page : page,
    total_pages: typeof record.total_pages === 'number' ? record.total_pages : 1,
  };
}

export type StartupCacheResult = { filled: CacheName[]; skipped: CacheName[]; failed: CacheName[] };

export type SourceFetcher = (
  source: StartupCacheSource,
  page: number,
  limit: number | undefined,
) => Promise<unknown>;

const fetchFromApi: SourceFetcher = async (source, page, limit) => {
  const params = limit ? { ...source.params, page, limit } : source.params;
  return (await api.get<unknown>(source.path, params)).data;
};

/**
 * Fills every list of the table. A list whose API answers 404 (not built yet) is skipped
 * quietly (console.debug); any other failure is logged and leaves the previous cache in place.
 */
export async function runStartupCache(
  fetchSource: SourceFetcher = fetchFromApi,
  sources: readonly StartupCacheSource[] = STARTUP_CACHE_SOURCES,
): Promise<StartupCacheResult> {
  dropStaleCacheVersions();
  const result: StartupCacheResult = { filled: [], skipped: [], failed: [] };
  await Promise.all(
    sources.map(async (source) => {
      try {
        const fetchPage: FetchPage<CacheRow> = async (page, limit) =>
          toPage(await fetchSource(source, page, source.limit ? limit : undefined), page);
        await fillPagedCache(source.name, fetchPage, source.limit ?? 0, (rows) => {
          const picked = rows.map((row) => pick(row, source.fields));
          return source.normalise ? source.normalise(picked) : picked;
        });
        result.filled.push(source.name);
      } catch (error) {
        if (isApiError(error) && error.status === 404) {
          console.debug(`Startup cache: ${source.path} is not available yet, ${source.name} skipped`);
          result.skipped.push(source.name);
        } else {
          console.warn(`Startup cache: could not fill ${source.name}`, error);
          result.failed.push(source.name);
        }
      }
    }),
  );
  return result;
}

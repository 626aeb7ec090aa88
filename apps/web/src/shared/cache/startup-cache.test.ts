import { STARTUP_CACHE_PATHS } from '@esigns/contracts/startup-cache';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../api/api-error';
import {
  STARTUP_CACHE_SOURCES,
  dropStaleCacheVersions,
  fetchAllPages,
  fillPagedCache,
  normaliseTemplates,
  readCache,
  runStartupCache,
  type FetchPage,
} from './startup-cache';

type Row = { _id: string; name: string; type?: string };

/** A fake paged API over `rows`, recording the pages asked for. */
function pagedFetcher(rows: Row[], options: { standard?: Row } = {}) {
  const asked: Array<[number, number]> = [];
  const fetchPage: FetchPage<Row> = async (page, limit) => {
    asked.push([page, limit]);
    const slice = rows.slice((page - 1) * limit, page * limit);
    return {
      data: options.standard ? [options.standard, ...slice] : slice,
      total: rows.length,
      page,
      total_pages: Math.ceil(rows.length / limit),
    };
  };
  return { fetchPage, asked };
}

const rows = (count: number, prefix = 't'): Row[] =>
  Array.from({ length: count }, (_, i) => ({ _id: `${prefix}${i + 1}`, name: `Row ${i + 1}` }));

afterEach(() => {
  localStorage.clear();
  vi.restoreAllMocks();
});

describe('fetchAllPages / fillPagedCache', () => {
  it('pages until total_pages', async () => {
    const { fetchPage, asked } = pagedFetcher(rows(120));
    const items = await fillPagedCache('entity', fetchPage, 50);
    expect(asked).toEqual([
      [1, 50],
      [2, 50],
      [3, 50],
    ]);
    expect(items).toHaveLength(120);
    expect(items.map((i) => i._id).slice(0, 2)).toEqual(['t1', 't2']);
    expect(items.at(-1)?._id).toBe('t120');
  });

  it('reads one page for an exact fit and for an empty list', async () => {
    const exact = pagedFetcher(rows(50));
    expect(await fetchAllPages(exact.fetchPage, 50)).toHaveLength(50);
    expect(exact.asked).toHaveLength(1);
    const empty = pagedFetcher([]);
    expect(await fetchAllPages(empty.fetchPage, 50)).toEqual([]);
    expect(empty.asked).toHaveLength(1);
  });

  it('stops on an empty page even if total_pages says more', async () => {
    const fetchPage = vi.fn(async (page: number) => ({
      data: page === 1 ? [{ _id: 'a', name: 'A' }] : [],
      total: 99,
      page,
      total_pages: 99,
    }));
    expect(await fetchAllPages(fetchPage, 1)).toHaveLength(1);
    expect(fetchPage).toHaveBeenCalledTimes(2);
  });

  it('stores a versioned entry stamped with createdAt', async () => {
    const now = new Date('2024-05-01T10:00:00.000Z');
    vi.useFakeTimers({ now, toFake: ['Date'] });
    const { fetchPage } = pagedFetcher(rows(3));
    await fillPagedCache('formbuilders_details', fetchPage, 50);
    vi.useRealTimers();
    const raw = JSON.parse(localStorage.getItem('esigns:1.0:formbuilders_details') ?? 'null');
    expect(raw.createdAt).toBe(now.toISOString());
    expect(raw.items[0]).toEqual({ _id: 't1', name: 'Row 1', createdAt: now.toISOString() });
    expect(readCache('formbuilders_details')?.items).toHaveLength(3);
  });

  it('keeps the STANDARD template once and first, across pages', async () => {
    const standard = { _id: 'std', name: 'Standard', type: 'STANDARD' };
    const { fetchPage } = pagedFetcher(rows(7), { standard });
    const items = await fillPagedCache('templates', fetchPage, 3);
    expect(items.filter((t) => t.type === 'STANDARD')).toHaveLength(1);
    expect(items[0]?._id).toBe('std');
    expect(items.map((t) => t._id)).toEqual(['std', 't1', 't2', 't3', 't4', 't5', 't6', 't7']);
  });
});

describe('normaliseTemplates', () => {
  it('moves a STANDARD found anywhere to the front', () => {
    const list: Array<{ _id: string; type?: string }> = [
      { _id: 'a', type: 'CUSTOM' },
      { _id: 's', type: 'STANDARD' },
      { _id: 'b' },
      { _id: 's', type: 'STANDARD' },
    ];
    expect(normaliseTemplates(list).map((t) => t._id)).toEqual(['s', 'a', 'b']);
  });

  it('keeps every built-in template once, first and in order', () => {
    const pages: Array<{ _id: string; type?: string }> = [
      { _id: 's1', type: 'STANDARD' },
      { _id: 's2', type: 'STANDARD' },
      { _id: 'a', type: 'CUSTOM' },
      { _id: 's1', type: 'STANDARD' },
      { _id: 's2', type: 'STANDARD' },
      { _id: 'b', type: 'CUSTOM' },
    ];
    expect(normaliseTemplates(pages).map((t) => t._id)).toEqual(['s1', 's2', 'a', 'b']);
  });

  it('leaves a list without STANDARD as it is', () => {
    const plain: Array<{ _id: string; type?: string }> = [{ _id: 'a' }, { _id: 'b' }];
    expect(normaliseTemplates(plain).map((t) => t._id)).toEqual(['a', 'b']);
    expect(normaliseTemplates([])).toEqual([]);
  });
});

describe('versioning', () => {
  it('drops keys of other versions and leaves unrelated keys', () => {
    localStorage.setItem('esigns:0.9:templates', '{}');
    localStorage.setItem('esigns:1.0:templates', '{}');
    localStorage.setItem('esigns.session', '{}');
    localStorage.setItem('other:0.9:x', '{}');
    dropStaleCacheVersions();
    expect(localStorage.getItem('esigns:0.9:templates')).toBeNull();
    expect(localStorage.getItem('esigns:1.0:templates')).toBe('{}');
    expect(localStorage.getItem('esigns.session')).toBe('{}');
    expect(localStorage.getItem('other:0.9:x')).toBe('{}');
  });
});

describe('runStartupCache', () => {
  it('declares the lists of spec 1 §7 with their page sizes', () => {
    const sizes = Object.fromEntries(STARTUP_CACHE_SOURCES.map((s) => [s.name, [s.path, s.limit ?? null]]));
    expect(sizes).toEqual({
      templates: ['/template/list', 50],
      entity: ['/entities', 50],
      global_variables: ['/global-variables', 100],
      formbuilders_details: ['/formBuilders', 50],
      entity_groups: ['/entity-groups', 100],
      entity_view_configuration: ['/entity-view-configuration', 50],
      filters: ['/entity-filters/fetch-by-company', 100],
      entity_customization: ['/entity-customization/fetch-by-company', 50],
      icons: ['/icons/getAllIcons', null],
    });
    expect(STARTUP_CACHE_SOURCES.find((s) => s.name === 'templates')?.params).toEqual({
      include_standard: true,
    });
  });

  it('asks only for lists the server serves (no 404 at the start of a session)', () => {
    expect(STARTUP_CACHE_SOURCES.map((s) => s.path)).toEqual([...STARTUP_CACHE_PATHS]);
  });

  it('fills what exists, skips 404s quietly and keeps only the listed fields', async () => {
    const debug = vi.spyOn(console, 'debug').mockImplementation(() => {});
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const fetchSource = vi.fn(async (source: { name: string }, page: number, limit: number | undefined) => {
      if (source.name === 'icons')
        return [{ _id: 'i1', name: 'star', content: '<svg/>', type: 'FILL', secret: 'x' }];
      if (source.name === 'entity') {
        const all = rows(60, 'e').map((r) => ({ ...r, entity_type: 'GENERAL', extra: 'dropped' }));
        const size = limit ?? 50;
        return {
          data: all.slice((page - 1) * size, page * size),
          total: 60,
          page,
          total_pages: Math.ceil(60 / size),
        };
      }
      if (source.name === 'filters') throw new ApiError({ status: 500, message: 'boom' });
      throw new ApiError({ status: 404, message: 'Route not found' });
    });

    const result = await runStartupCache(fetchSource);

    expect(result.filled.sort()).toEqual(['entity', 'icons']);
    expect(result.failed).toEqual(['filters']);
    expect(result.skipped).toHaveLength(6);
    expect(debug).toHaveBeenCalledTimes(6);
    expect(warn).toHaveBeenCalledTimes(1);
    const entity = readCache<Record<string, unknown>>('entity');
    expect(entity?.items).toHaveLength(60);
    expect(entity?.items[0]).toMatchObject({ _id: 'e1', name: 'Row 1', entity_type: 'GENERAL' });
    expect(entity?.items[0]).not.toHaveProperty('extra');
    expect(readCache<Record<string, unknown>>('icons')?.items[0]).not.toHaveProperty('secret');
    expect(fetchSource.mock.calls.filter(([s]) => s.name === 'entity').map(([, p, l]) => [p, l])).toEqual([
      [1, 50],
      [2, 50],
    ]);
  });
});

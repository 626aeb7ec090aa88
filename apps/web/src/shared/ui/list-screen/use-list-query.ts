import { useState } from 'react';
import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData, useQuery, type QueryKey, type UseQueryResult } from '@tanstack/react-query';
import type { TPaged } from '@esigns/contracts/envelope';
import type { FilterBinding } from './filter-bar';

/** How long typing must pause before the search is sent. */
export const SEARCH_DEBOUNCE_MS = 300;

/** A filter's value: one choice ('' for none) or a set of them. */
export type FilterValue = string | readonly string[];
export type FilterValues = Record<string, FilterValue>;
type NoFilters = Record<never, never>;

/** The filters as the API takes them: '' becomes undefined, sets are kept. */
type FilterParams<F> = {
  [K in keyof F]: F[K] extends readonly string[] ? F[K] : Exclude<F[K], ''> | undefined;
};

/** What a page of the list is asked for with: `{ page, limit, search?, sort?, ...filters }`. */
export type ListParams<F extends FilterValues = NoFilters, S extends string = never> = {
  page: number;
  limit: number;
  search?: string;
  sort?: S;
} & FilterParams<F>;

export type ListQueryOptions<Row, F extends FilterValues, S extends string> = {
  pageSize: number;
  /** The first sort; lists without a sort leave it out. */
  sort?: S;
  /** Every filter with its first value ('' or [] for "any"). */
  filters?: F;
  queryKey: (params: ListParams<F, S>) => QueryKey;
  queryFn: (params: ListParams<F, S>, signal: AbortSignal) => Promise<TPaged<Row>>;
  enabled?: boolean;
};

export type ListQuery<Row, F extends FilterValues = NoFilters, S extends string = never> = {
  query: UseQueryResult<TPaged<Row>>;
  rows: Row[];
  params: ListParams<F, S>;
  /** What is typed in the search box, and the trimmed value sent once typing pauses. */
  search: string;
  setSearch: (search: string) => void;
  debouncedSearch: string;
  sort: S | undefined;
  setSort: (sort: S) => void;
  filters: F;
  setFilter: <K extends keyof F>(key: K, value: F[K]) => void;
  page: number;
  setPage: (page: number) => void;
  /** A search or a filter that starts empty narrows the list ("no match" rather than "none yet"). */
  isFiltered: boolean;
  /** The value and setter of the search ('search'), the sort ('sort') or a one-choice filter. */
  bind: (key: 'search' | 'sort' | (keyof F & string)) => FilterBinding;
  /** The props of `ListPager`. */
  pager: {
    page: number;
    limit: number;
    total: number;
    totalPages: number | undefined;
    onPage: (page: number) => void;
  };
};

const isEmpty = (value: FilterValue | undefined) =>
  value === undefined || value === '' || (Array.isArray(value) && value.length === 0);

/** The filters with '' as undefined, as the API takes them. */
function filterParams<F extends FilterValues>(filters: F): FilterParams<F> {
  const params: Record<string, FilterValue | undefined> = {};
  for (const [key, value] of Object.entries(filters)) params[key] = value === '' ? undefined : value;
  return params as FilterParams<F>;
}

/**
 * The state of a server-paged list (search, sort, filters, page) and its query. Any change of
 * what the list shows (the debounced search, the sort, a filter) goes back to page 1; the
 * previous page stays on screen while the next one loads.
 */
export function useListQuery<Row, F extends FilterValues = NoFilters, S extends string = never>(
  options: ListQueryOptions<Row, F, S>,
): ListQuery<Row, F, S> {
  const { pageSize, queryKey, queryFn, enabled = true } = options;
  const [initialFilters] = useState<F>(() => options.filters ?? ({} as F));
  const [search, setSearch] = useState('');
  const [debouncedSearch] = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const [sort, setSort] = useState<S | undefined>(options.sort);
  const [filters, setFilters] = useState<F>(initialFilters);
  const [storedPage, setPage] = useState(1);

  // The page belongs to one narrowing: when that changes, start again at page 1.
  const narrowing = JSON.stringify([debouncedSearch, sort ?? null, filters]);
  const [pagedFor, setPagedFor] = useState(narrowing);
  let page = storedPage;
  if (pagedFor !== narrowing) {
    setPagedFor(narrowing);
    setPage(1);
    page = 1;
  }

  const params = {
    page,
    limit: pageSize,
    ...(debouncedSearch ? { search: debouncedSearch } : {}),
    ...(sort !== undefined ? { sort } : {}),
    ...filterParams(filters),
  } as ListParams<F, S>;
  const query = useQuery({
    queryKey: queryKey(params),
    queryFn: ({ signal }) => queryFn(params, signal),
    enabled,
    placeholderData: keepPreviousData,
  });

  const setFilter = <K extends keyof F>(key: K, value: F[K]) =>
    setFilters((current) => ({ ...current, [key]: value }));
  const bind = (key: 'search' | 'sort' | (keyof F & string)): FilterBinding => {
    if (key === 'search') return { value: search, onChange: setSearch };
    if (key === 'sort') return { value: sort ?? '', onChange: (value) => setSort(value as S) };
    return { value: String(filters[key]), onChange: (value) => setFilter(key, value as F[typeof key]) };
  };
  const isFiltered =
    debouncedSearch !== '' ||
    Object.entries(filters).some(([key, value]) => isEmpty(initialFilters[key]) && !isEmpty(value));
  return {
    query,
    rows: query.data?.data ?? [],
    params,
    search,
    setSearch,
    debouncedSearch,
    sort,
    setSort,
    filters,
    setFilter,
    bind,
    page,
    setPage,
    isFiltered,
    pager: {
      page,
      limit: pageSize,
      total: query.data?.total ?? 0,
      totalPages: query.data?.total_pages,
      onPage: setPage,
    },
  };
}

import { useState } from 'react';
import { useSearchParams } from 'react-router';
import type { SortingState, Updater } from '@tanstack/react-table';
import { ZFilterRule, type TFilterRule, type TSort } from '@esigns/contracts/nocode-filters';

/** What a person does to a grid's rows: the page, the sort, the search and their own filter rules. */
export type GridViewState = {
  page: number;
  setPage: (page: number) => void;
  sorting: SortingState;
  setSorting: (updater: Updater<SortingState>) => void;
  search: string;
  setSearch: (search: string) => void;
  rules: TFilterRule[];
  setRules: (rules: TFilterRule[]) => void;
};

/** `ref:asc,ref:desc` <-> the table's sorting. Field refs (`template#key`) hold no comma or colon. */
export function sortToParam(sorting: SortingState): string {
  return sorting.map((s) => `${s.id}:${s.desc ? 'desc' : 'asc'}`).join(',');
}

export function sortFromParam(value: string | null): SortingState | null {
  if (!value) return null;
  const sorting = value.split(',').flatMap((part) => {
    const at = part.lastIndexOf(':');
    const id = at > 0 ? part.slice(0, at) : '';
    const direction = part.slice(at + 1);
    return id && (direction === 'asc' || direction === 'desc') ? [{ id, desc: direction === 'desc' }] : [];
  });
  return sorting.length > 0 ? sorting : null;
}

/** The filter rules of the address, each checked as the API checks it; an unreadable one is dropped. */
export function rulesFromParam(value: string | null): TFilterRule[] {
  if (!value) return [];
  try {
    const parsed: unknown = JSON.parse(value);
    if (!Array.isArray(parsed)) return [];
    return parsed.flatMap((rule) => {
      const checked = ZFilterRule.safeParse(rule);
      return checked.success ? [checked.data] : [];
    });
  } catch {
    return [];
  }
}

const toSorting = (sort: TSort[] | undefined): SortingState =>
  (sort ?? []).map((s) => ({ id: s.field, desc: s.direction === 'desc' }));

/**
 * The grid's view state. On an entity's own records screen (`inUrl`) it lives in the address
 * (`page`, `sort`, `q`, `filters`), so a reload, a shared link or the back button keeps what the
 * person set; a grid embedded in another screen (a view, a record's related records) keeps it
 * in memory, since one address may hold several grids. `initialSort` applies when the address
 * names none.
 */
export function useGridViewState(inUrl: boolean, initialSort: TSort[] | undefined): GridViewState {
  const [params, setParams] = useSearchParams();
  const [page, setPageHere] = useState(1);
  const [sorting, setSortingHere] = useState<SortingState>(() => toSorting(initialSort));
  const [search, setSearchHere] = useState('');
  const [rules, setRulesHere] = useState<TFilterRule[]>([]);
  // A new sort, search or filter starts again from page 1 (each setter does it, in one change).
  if (!inUrl) {
    return {
      page,
      setPage: setPageHere,
      sorting,
      setSorting: (updater) => {
        setSortingHere(updater);
        setPageHere(1);
      },
      search,
      setSearch: (next) => {
        setSearchHere(next);
        setPageHere(1);
      },
      rules,
      setRules: (next) => {
        setRulesHere(next);
        setPageHere(1);
      },
    };
  }
  const urlSorting = sortFromParam(params.get('sort')) ?? toSorting(initialSort);
  const change = (entries: Record<string, string | null>) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        for (const [key, value] of Object.entries(entries)) {
          if (value === null || value === '') next.delete(key);
          else next.set(key, value);
        }
        return next;
      },
      { replace: true },
    );
  return {
    page: Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1),
    setPage: (next) => change({ page: next > 1 ? String(next) : null }),
    sorting: urlSorting,
    setSorting: (updater) => {
      const next = typeof updater === 'function' ? updater(urlSorting) : updater;
      change({ sort: next.length > 0 ? sortToParam(next) : null, page: null });
    },
    search: params.get('q') ?? '',
    setSearch: (next) => change({ q: next || null, page: null }),
    rules: rulesFromParam(params.get('filters')),
    setRules: (next) => change({ filters: next.length > 0 ? JSON.stringify(next) : null, page: null }),
  };
}

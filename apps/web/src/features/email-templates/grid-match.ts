import { createContext, useContext } from 'react';
import type { TFilterGroupInput } from '@esigns/contracts/nocode-filters';

/**
 * What the records grid shows right now: its filters (its own rules, a view's, a saved filter), its
 * search and how many records match. The grid provides it around its selection bar, so that "Send
 * email" can offer "all records matching the current filter" (`POST /entities/emails` with `all`).
 */
export type GridMatch = {
  filters?: TFilterGroupInput | undefined;
  base_filters?: TFilterGroupInput | undefined;
  filter_id?: string | undefined;
  search?: string | undefined;
  /** The grid's total; `capped`: there are more than were counted. */
  total: number;
  capped: boolean;
};

export const GridMatchContext = createContext<GridMatch | null>(null);

/** The grid's current query, when the caller sits in a records grid's selection bar. */
export function useGridMatch(): GridMatch | null {
  return useContext(GridMatchContext);
}

/** Whether the grid narrows its records at all (filters or search). */
export function isNarrowed(match: GridMatch): boolean {
  return Boolean(
    (match.filters?.rules?.length ?? 0) > 0 ||
    (match.base_filters?.rules?.length ?? 0) > 0 ||
    match.filter_id ||
    match.search,
  );
}

import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import {
  DOCUMENT_DATE_FIELDS,
  DOCUMENT_LIST_SORTS,
  type TDocumentDateField,
  type TDocumentListSort,
} from '@esigns/contracts/document-lists';
import { DOCUMENT_LIST_FILTERS, type TDocumentListFilter } from '@esigns/contracts/documents';
import type { DocumentListQuery, DocumentNarrowing } from './document-lists-api';

export const PAGE_SIZES = [10, 25, 50] as const;
export const DEFAULT_PAGE_SIZE = 10;

/** What a list shows, kept in the address (`?status=completed&search=lease&page=2`) so it can be shared. */
export type ListState = {
  filter: TDocumentListFilter;
  page: number;
  limit: number;
  search: string;
  sort: TDocumentListSort;
  dateField: TDocumentDateField;
  from: string;
  to: string;
  recipient: string;
  owner: string;
};

const oneOf = <T extends string>(values: readonly T[], value: string | null, fallback: T): T =>
  value !== null && (values as readonly string[]).includes(value) ? (value as T) : fallback;

const positive = (value: string | null, fallback: number): number => {
  const n = Number(value);
  return Number.isInteger(n) && n > 0 ? n : fallback;
};

/** Keys of the address for each part of the state. */
const KEYS: Record<keyof ListState, string> = {
  filter: 'status',
  page: 'page',
  limit: 'limit',
  search: 'search',
  sort: 'sort',
  dateField: 'date_field',
  from: 'from',
  to: 'to',
  recipient: 'recipient',
  owner: 'owner',
};

const DEFAULTS: ListState = {
  filter: 'all-documents',
  page: 1,
  limit: DEFAULT_PAGE_SIZE,
  search: '',
  sort: '-updated_at',
  dateField: 'created_at',
  from: '',
  to: '',
  recipient: '',
  owner: '',
};

/**
 * The list's state from the address, and a setter that writes changes back (replacing the
 * history entry; any change but the page itself goes back to page 1).
 */
export function useListState(defaultFilter: TDocumentListFilter = 'all-documents') {
  const [params, setParams] = useSearchParams();
  const state: ListState = useMemo(
    () => ({
      filter: oneOf(DOCUMENT_LIST_FILTERS, params.get(KEYS.filter), defaultFilter),
      page: positive(params.get(KEYS.page), 1),
      limit: (PAGE_SIZES as readonly number[]).includes(Number(params.get(KEYS.limit)))
        ? Number(params.get(KEYS.limit))
        : DEFAULT_PAGE_SIZE,
      search: params.get(KEYS.search) ?? '',
      sort: oneOf(DOCUMENT_LIST_SORTS, params.get(KEYS.sort), DEFAULTS.sort),
      dateField: oneOf(DOCUMENT_DATE_FIELDS, params.get(KEYS.dateField), DEFAULTS.dateField),
      from: params.get(KEYS.from) ?? '',
      to: params.get(KEYS.to) ?? '',
      recipient: params.get(KEYS.recipient) ?? '',
      owner: params.get(KEYS.owner) ?? '',
    }),
    [params, defaultFilter],
  );

  const update = useCallback(
    (change: Partial<ListState>) => {
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          for (const [key, value] of Object.entries(change) as [keyof ListState, unknown][]) {
            const fallback = key === 'filter' ? defaultFilter : DEFAULTS[key];
            if (value === fallback || value === '' || value === undefined) next.delete(KEYS[key]);
            else next.set(KEYS[key], String(value));
          }
          if (!('page' in change)) next.delete(KEYS.page);
          return next;
        },
        { replace: true },
      );
    },
    [setParams, defaultFilter],
  );
  return { state, update };
}

/** The narrowing part of the state, as the API takes it (`recipient` may be fixed by the route). */
export function narrowingOf(state: ListState, fixedRecipient?: string): DocumentNarrowing {
  return {
    search: state.search.trim() || undefined,
    sort: state.sort,
    date_field: state.from || state.to ? state.dateField : undefined,
    from: state.from || undefined,
    to: state.to || undefined,
    recipient: fixedRecipient || state.recipient.trim() || undefined,
    owner: state.owner || undefined,
  };
}

export function listQueryOf(state: ListState, fixedRecipient?: string): DocumentListQuery {
  return { page: state.page, limit: state.limit, ...narrowingOf(state, fixedRecipient) };
}

/** Whether anything narrows the list (an empty list then says "no match" rather than "none yet"). */
export function isNarrowed(state: ListState): boolean {
  return Boolean(state.search.trim() || state.from || state.to || state.recipient.trim() || state.owner);
}

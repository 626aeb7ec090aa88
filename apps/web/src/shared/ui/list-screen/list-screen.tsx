import type { ReactNode } from 'react';
import { Stack } from '@mantine/core';
import type { Can } from '../../permissions/use-can';
import { PageFrame, type ScreenFrame } from '../page-kit';
import { FilterBar, FilterSelect, SearchField, type FilterBinding, type SelectOption } from './filter-bar';
import { ListAccess } from './list-view';

/** A one-choice filter of the bar: `key` names the filter of `useListQuery` (or 'sort'). */
export type SelectSpec<K extends string> = {
  key: K;
  label: string;
  data: readonly SelectOption[];
  width?: number;
};

export type ListScreenProps<K extends string> = {
  /** The page it sits in (`PageFrame` unless an area brings its own). */
  frame?: ScreenFrame;
  title: string;
  description?: ReactNode;
  actions?: ReactNode;
  rights: Pick<Can, 'isLoading' | 'error' | 'refetch'>;
  /** False: the caller's rights do not include seeing this list. */
  canView?: boolean;
  /** "Your user type cannot see contacts." */
  noAccess: string;
  /** The list's state (`useListQuery`): its failure (a 403 shows "no access") and its filters. */
  list?: { query: { error: unknown }; bind: (key: K) => FilterBinding };
  /** The failure of a list that is not a `useListQuery`. */
  error?: unknown;
  /** The search box: its accessible name and placeholder (it and `selects` work with `list`). */
  search?: { label: string; placeholder: string; width?: number };
  selects?: readonly SelectSpec<K>[];
  /** Other controls of the filter bar, before the search (e.g. a segmented choice). */
  filters?: ReactNode;
  /** Above the filter bar (e.g. tabs). */
  toolbar?: ReactNode;
  /** Dialogs the screen opens (they stay mounted whatever the list's state). */
  dialogs?: ReactNode;
  /** The widest the list may be, when narrower than the page. */
  maw?: number;
  /** The list: usually a `ListView`. */
  children: ReactNode;
};

/**
 * A list screen: heading and actions, then (once the caller may see it) the toolbar, the filter
 * bar (`filters`, the search, the selects) and the list; see `ListAccess` for what shows instead.
 */
export function ListScreen<K extends string = never>(props: ListScreenProps<K>) {
  const {
    frame: Frame = PageFrame,
    title,
    description,
    actions,
    list,
    search,
    selects = [],
    filters,
  } = props;
  const bind = (key: K | 'search') => list?.bind(key as K) ?? { value: '', onChange: () => {} };
  const hasBar = Boolean(filters || search || selects.length > 0);
  return (
    <Frame title={title} description={description} actions={actions}>
      <ListAccess
        rights={props.rights}
        canView={props.canView}
        noAccess={props.noAccess}
        error={list?.query.error ?? props.error}
      >
        <Stack gap="lg" maw={props.maw}>
          {props.toolbar}
          {hasBar && (
            <FilterBar>
              {filters}
              {search && <SearchField {...search} {...bind('search')} />}
              {selects.map(({ key, ...select }) => (
                <FilterSelect key={key} {...select} {...bind(key)} />
              ))}
            </FilterBar>
          )}
          {props.children}
        </Stack>
      </ListAccess>
      {props.dialogs}
    </Frame>
  );
}

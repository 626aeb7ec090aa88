import type { ReactNode } from 'react';
import { Stack } from '@mantine/core';
import type { Can } from '../../permissions/use-can';
import { PageFrame, type ScreenFrame } from '../page-kit';
import { FilterBar } from './filter-bar';
import { ListAccess } from './list-view';

export type ListScreenProps = {
  /** The page it sits in (`PageFrame` unless an area brings its own). */
  frame?: ScreenFrame;
  title: string;
  description?: ReactNode;
  actions?: ReactNode;
  rights: Pick<Can, 'isLoading' | 'error' | 'refetch'>;
  /** False: the caller's rights do not include seeing this list. */
  canView?: boolean;
  /** The list's failure: a 403 shows "no access" instead of the list. */
  error?: unknown;
  /** "Your user type cannot see contacts." */
  noAccess: string;
  /** Above the filters (e.g. tabs). */
  toolbar?: ReactNode;
  /** The search box and filters, in a `FilterBar`. */
  filters?: ReactNode;
  /** Dialogs the screen opens (they stay mounted whatever the list's state). */
  dialogs?: ReactNode;
  /** The widest the list may be, when narrower than the page. */
  maw?: number;
  /** The list: usually a `ListView`. */
  children: ReactNode;
};

/**
 * A list screen: heading and actions, then (once the caller may see it) the toolbar, the filter
 * bar and the list; see `ListAccess` for what shows instead.
 */
export function ListScreen({
  frame: Frame = PageFrame,
  title,
  description,
  actions,
  rights,
  canView,
  error,
  noAccess,
  toolbar,
  filters,
  dialogs,
  maw,
  children,
}: ListScreenProps) {
  return (
    <Frame title={title} description={description} actions={actions}>
      <ListAccess rights={rights} canView={canView} error={error} noAccess={noAccess}>
        <Stack gap="lg" maw={maw}>
          {toolbar}
          {filters && <FilterBar>{filters}</FilterBar>}
          {children}
        </Stack>
      </ListAccess>
      {dialogs}
    </Frame>
  );
}

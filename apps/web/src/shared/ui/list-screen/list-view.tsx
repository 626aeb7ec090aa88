import type { ComponentType, ReactNode } from 'react';
import { Group, Skeleton, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import type { UseQueryResult } from '@tanstack/react-query';
import type { Can } from '../../permissions/use-can';
import { ListPager, type ListPagerProps } from '../list-pager';
import { NoAccess, Panel, PermissionsFailure, QueryFailure, StateMessage, isForbidden } from '../page-kit';
import { ListCards, ListTable, type ListCardsProps, type ListTableProps } from './list-table';
import { BulkActionBar, type RowSelection } from './row-selection';

/** Phones get cards instead of the table. */
export const PHONE_QUERY = '(max-width: 48em)';

/**
 * What the screen shows instead of the list until it may: a skeleton while the permissions load,
 * their failure with a retry, or "no access" when the caller may not view the list (`canView`)
 * or the server refused it (a 403 as the list's `error`).
 */
export function ListAccess({
  rights,
  canView = true,
  error,
  noAccess,
  children,
}: {
  rights: Pick<Can, 'isLoading' | 'error' | 'refetch'>;
  canView?: boolean;
  error?: unknown;
  /** "Your user type cannot see contacts." (who to ask follows). */
  noAccess: string;
  children: ReactNode;
}) {
  if (rights.isLoading) return <Skeleton h={320} radius="md" aria-busy="true" />;
  if (rights.error) {
    return <PermissionsFailure rights={rights} />;
  }
  if (!canView || isForbidden(error)) {
    return (
      <Panel>
        <NoAccess>{noAccess} Ask an owner or admin if you need access.</NoAccess>
      </Panel>
    );
  }
  return children;
}

export type ListEmptyProps = {
  icon: ComponentType<{ size?: number }>;
  title: string;
  text?: ReactNode;
  /** Buttons under the text (e.g. "Add contact"). */
  actions?: ReactNode;
  testId?: string;
  /** What to say instead while a search or filter narrows the list (no actions then). */
  filtered?: { title: string; text: string };
};

/** An empty list: "none yet" with what to do, or "no match" while a search or filter narrows it. */
export function ListEmpty({
  icon: Icon,
  title,
  text,
  actions,
  testId,
  filtered,
  isFiltered = false,
}: ListEmptyProps & { isFiltered?: boolean }) {
  const isNarrowed = isFiltered && filtered !== undefined;
  const shown = isNarrowed ? { ...filtered, Icon: IconSearch } : { title, text, Icon };
  return (
    <StateMessage icon={<shown.Icon size={28} />} title={shown.title} testId={testId}>
      {shown.text && (
        <Text c="dimmed" size="sm" maw={440}>
          {shown.text}
        </Text>
      )}
      {!isNarrowed && actions && (
        <Group gap="sm" mt="sm" justify="center">
          {actions}
        </Group>
      )}
    </StateMessage>
  );
}

/** The part of a list query the list's states read (`useListQuery` gives all of it). */
export type ListSource<Row> = {
  query: Pick<UseQueryResult<unknown>, 'isError' | 'isPending' | 'error' | 'refetch'>;
  rows: readonly Row[];
  pager?: ListPagerProps;
  /** A search or filter narrows the list: an empty one then says "no match". */
  isFiltered?: boolean;
  sort?: string | undefined;
  setSort?(sort: string): void;
};

export type ListStatesProps<Row> = {
  list: ListSource<Row>;
  /** "Could not load the contacts" */
  errorTitle: string;
  /** What an empty list says. */
  empty: ListEmptyProps;
  /** Shown while the first page loads; the content itself otherwise (tables show skeleton rows). */
  loading?: ReactNode;
  /** The content is not put in a panel (e.g. a list of cards with their own borders). */
  bare?: boolean;
  selection?: RowSelection<Row>;
  /** The buttons of the bar shown while rows are selected. */
  bulkActions?: ReactNode;
  children: ReactNode;
};

/**
 * A list's failure (with a retry), its empty state, or its content; the pager under it, and the
 * bulk-action bar over it while rows are selected.
 */
export function ListStates<Row>({
  list,
  errorTitle,
  empty,
  loading,
  bare = false,
  selection,
  bulkActions,
  children,
}: ListStatesProps<Row>) {
  const { query } = list;
  let body: ReactNode;
  if (query.isError) {
    body = <QueryFailure query={query} title={errorTitle} />;
  } else if (!query.isPending && list.rows.length === 0) {
    body = (
      <Panel>
        <ListEmpty {...empty} isFiltered={list.isFiltered} />
      </Panel>
    );
  } else {
    const content = query.isPending && loading ? loading : children;
    body = bare ? content : <Panel>{content}</Panel>;
  }
  return (
    <>
      {selection && bulkActions && <BulkActionBar selection={selection}>{bulkActions}</BulkActionBar>}
      {body}
      {!query.isError && list.pager && <ListPager {...list.pager} />}
    </>
  );
}

export type ListViewProps<Row> = Omit<ListStatesProps<Row>, 'children' | 'bare'> &
  Omit<ListTableProps<Row>, 'rows' | 'isPending' | 'sort' | 'onSort'> &
  Pick<ListCardsProps<Row>, 'card' | 'renderCard' | 'skeletonHeight'> & {
    /** When cards replace the table (with `card` or `renderCard`). */
    phoneQuery?: string;
  };

/** A list's states around its table, or its cards on phones. */
export function ListView<Row>(props: ListViewProps<Row>) {
  const { list, card, renderCard, skeletonHeight, phoneQuery = PHONE_QUERY, ...table } = props;
  const isPhone = useMediaQuery(phoneQuery) === true && Boolean(card || renderCard);
  const rows = { ...table, rows: list.rows, isPending: list.query.isPending };
  return (
    <ListStates {...props}>
      {isPhone ? (
        <ListCards {...rows} card={card} renderCard={renderCard} skeletonHeight={skeletonHeight} />
      ) : (
        <ListTable {...rows} sort={list.sort} onSort={list.setSort} />
      )}
    </ListStates>
  );
}

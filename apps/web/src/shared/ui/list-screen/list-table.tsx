import { Fragment, type CSSProperties, type KeyboardEvent, type MouseEvent, type ReactNode } from 'react';
import { Box, Checkbox, Group, Skeleton, Stack, Table, Text, UnstyledButton } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconArrowsSort } from '@tabler/icons-react';
import { idOf, type RowSelection } from './row-selection';

export type ListColumn<Row> = {
  key: string;
  header: ReactNode;
  /** Names a header without text (e.g. the actions column) for screen readers. */
  label?: string;
  width?: number;
  maw?: number;
  align?: 'right';
  /** Sorts by this column: the ascending sort value (descending is `-` before it). */
  sortField?: string;
  /** The cell; not needed when the table renders its own rows (`renderRow`). */
  cell?: (row: Row) => ReactNode;
};

/** What a row (or a card) may add: opening on click or Enter, a name. */
export type RowExtras = {
  tabIndex?: number;
  onClick?: (event: MouseEvent) => void;
  onKeyDown?: (event: KeyboardEvent) => void;
  'aria-label'?: string;
};

export type ListTableProps<Row> = {
  rows: readonly Row[];
  columns: readonly ListColumn<Row>[];
  isPending?: boolean;
  /** Defaults to the row's `_id`. */
  rowKey?: (row: Row) => string;
  rowTestId?: string;
  rowProps?: (row: Row) => RowExtras;
  /** Renders a whole `Table.Tr` per row instead of the columns' cells. */
  renderRow?: (row: Row) => ReactNode;
  /** Below this width the table scrolls sideways. */
  minWidth: number;
  skeletonRows?: number;
  sort?: string;
  onSort?: (sort: string) => void;
  /** Adds a checkbox column. */
  selection?: RowSelection<Row>;
  /** The row's name in its checkbox label ("Select …"); defaults to its key. */
  rowLabel?: (row: Row) => string;
};

const ROW_BORDER = '1px solid var(--mantine-color-gray-2)';

/** A header that sorts by its column: ascending first, again for descending. */
export function SortHeader({
  label,
  field,
  sort,
  onSort,
  width,
}: {
  label: ReactNode;
  field: string;
  sort: string | undefined;
  onSort: (sort: string) => void;
  width?: number;
}) {
  const isAsc = sort === field;
  const isDesc = sort === `-${field}`;
  const Icon = isAsc ? IconArrowUp : isDesc ? IconArrowDown : IconArrowsSort;
  return (
    <Table.Th w={width} aria-sort={isAsc ? 'ascending' : isDesc ? 'descending' : 'none'}>
      <UnstyledButton onClick={() => onSort(isAsc ? `-${field}` : field)} fw={700} fz="sm">
        <Group gap={4} wrap="nowrap">
          {label}
          <Icon size={14} color={isAsc || isDesc ? undefined : 'var(--mantine-color-gray-5)'} />
        </Group>
      </UnstyledButton>
    </Table.Th>
  );
}

/** Grey bars standing for rows that are loading. */
export function SkeletonRows({ rows = 5, columns }: { rows?: number; columns: number }) {
  return Array.from({ length: rows }, (_, i) => (
    <Table.Tr key={i}>
      {Array.from({ length: columns }, (__, j) => (
        <Table.Td key={j}>
          <Skeleton h={14} radius="sm" />
        </Table.Td>
      ))}
    </Table.Tr>
  ));
}

/** Ticks every row shown, or unticks them all; part-ticked while only some are. */
function SelectAllCheckbox<Row>({
  rows,
  selection,
  label,
}: {
  rows: readonly Row[];
  selection: RowSelection<Row>;
  /** A visible label (cards); the table's header checkbox has none. */
  label?: string;
}) {
  const count = rows.filter(selection.isSelected).length;
  return (
    <Checkbox
      aria-label="Select all rows"
      label={label}
      checked={rows.length > 0 && count === rows.length}
      indeterminate={count > 0 && count < rows.length}
      onChange={() => selection.toggleAll(rows)}
    />
  );
}

function SelectAll<Row>({ rows, selection }: { rows: readonly Row[]; selection: RowSelection<Row> }) {
  return (
    <Table.Th w={44}>
      <SelectAllCheckbox rows={rows} selection={selection} />
    </Table.Th>
  );
}

/** Loading stand-ins for a list that is not a table. */
export function SkeletonStack({ count = 3, height = 28 }: { count?: number; height?: number }) {
  return (
    <Stack gap="sm" p="md" aria-busy="true">
      {Array.from({ length: count }, (_, i) => (
        <Skeleton key={i} h={height} radius="sm" />
      ))}
    </Stack>
  );
}

/**
 * A list as a table: a header row (sortable where a column says so), then one row per item, or
 * grey skeleton rows while the first page loads. Scrolls sideways below `minWidth`.
 */
export function ListTable<Row>({
  rows,
  columns,
  isPending = false,
  rowKey = idOf,
  rowTestId,
  rowProps,
  renderRow,
  minWidth,
  skeletonRows,
  sort,
  onSort,
  selection,
  rowLabel = rowKey,
}: ListTableProps<Row>) {
  const row = (item: Row) => {
    const extras = rowProps?.(item);
    return (
      <Table.Tr
        key={rowKey(item)}
        data-testid={rowTestId}
        style={extras?.onClick ? { cursor: 'pointer' } : undefined}
        {...extras}
      >
        {selection && (
          <Table.Td>
            <Checkbox
              aria-label={`Select ${rowLabel(item)}`}
              checked={selection.isSelected(item)}
              onChange={() => selection.toggle(item)}
            />
          </Table.Td>
        )}
        {columns.map((column) => (
          <Table.Td key={column.key} ta={column.align} maw={column.maw}>
            {column.cell?.(item)}
          </Table.Td>
        ))}
      </Table.Tr>
    );
  };
  return (
    <Table.ScrollContainer minWidth={minWidth}>
      <Table verticalSpacing="sm" horizontalSpacing="md" highlightOnHover>
        <Table.Thead bg="gray.0">
          <Table.Tr>
            {selection && <SelectAll rows={rows} selection={selection} />}
            {columns.map((column) =>
              column.sortField && onSort ? (
                <SortHeader
                  key={column.key}
                  label={column.header}
                  field={column.sortField}
                  sort={sort}
                  onSort={onSort}
                  width={column.width}
                />
              ) : (
                <Table.Th key={column.key} w={column.width} ta={column.align} aria-label={column.label}>
                  {column.header}
                </Table.Th>
              ),
            )}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {isPending ? (
            <SkeletonRows rows={skeletonRows} columns={columns.length + (selection ? 1 : 0)} />
          ) : (
            rows.map((item) =>
              renderRow ? <Fragment key={rowKey(item)}>{renderRow(item)}</Fragment> : row(item),
            )
          )}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** A card's parts: its title with the row's actions beside it, then a line of badges and notes. */
export type ListCardContent = {
  title: ReactNode;
  actions?: ReactNode;
  /** Badges and short notes, in one wrapping line. */
  meta?: ReactNode;
  /** Anything else, under the rest as it is. */
  footer?: ReactNode;
};

export type ListCardsProps<Row> = {
  rows: readonly Row[];
  isPending?: boolean;
  rowKey?: (row: Row) => string;
  /** What one card says (the card itself, its padding and divider come from here). */
  card?: (row: Row) => ListCardContent;
  /** Renders the whole card instead. */
  renderCard?: (row: Row) => ReactNode;
  rowTestId?: string;
  rowProps?: (row: Row) => RowExtras;
  skeletonHeight?: number;
  /**
   * A checkbox on each card (`card` only, not `renderCard`) and "Select all" above them: the same
   * selection as the table's checkbox column, so bulk actions work on phones too.
   */
  selection?: RowSelection<Row>;
  /** The card's name in its checkbox label ("Select …"); defaults to its key. */
  rowLabel?: (row: Row) => string;
};

function CardBody({ title, actions, meta, footer }: ListCardContent) {
  return (
    <>
      <Group justify="space-between" wrap="nowrap" align="flex-start">
        {title}
        {actions}
      </Group>
      {meta && <Group gap="xs">{meta}</Group>}
      {footer}
    </>
  );
}

/** A dimmed dash: a cell with no value. */
export function NoValue() {
  return (
    <Text size="sm" c="dimmed">
      —
    </Text>
  );
}

/** The same list as stacked cards, for phones. */
export function ListCards<Row>({
  rows,
  isPending = false,
  rowKey = idOf,
  card,
  renderCard,
  rowTestId,
  rowProps,
  skeletonHeight = 64,
  selection,
  rowLabel = rowKey,
}: ListCardsProps<Row>) {
  if (isPending) return <SkeletonStack count={4} height={skeletonHeight} />;
  const isSelectable = Boolean(selection && card && !renderCard);
  return (
    <Box>
      {isSelectable && selection && (
        <Box px="md" py="sm" style={{ borderBottom: ROW_BORDER }}>
          <SelectAllCheckbox rows={rows} selection={selection} label="Select all" />
        </Box>
      )}
      {rows.map((item) => {
        if (renderCard) return <Fragment key={rowKey(item)}>{renderCard(item)}</Fragment>;
        const extras = rowProps?.(item);
        const isSelected = isSelectable && selection ? selection.isSelected(item) : false;
        const style: CSSProperties = {
          borderBottom: ROW_BORDER,
          cursor: extras?.onClick ? 'pointer' : undefined,
        };
        const body = card && <CardBody {...card(item)} />;
        return (
          <Stack
            key={rowKey(item)}
            gap={8}
            p="md"
            data-testid={rowTestId}
            bg={isSelected ? 'blue.0' : undefined}
            style={style}
            {...extras}
          >
            {isSelectable && selection ? (
              <Group wrap="nowrap" align="flex-start" gap="sm">
                {/* Its own click: ticking never opens the card (a card's onClick). */}
                <Box pt={2} onClick={(event) => event.stopPropagation()}>
                  <Checkbox
                    size="md"
                    aria-label={`Select ${rowLabel(item)}`}
                    checked={isSelected}
                    onChange={() => selection.toggle(item)}
                  />
                </Box>
                <Stack gap={8} style={{ flex: 1, minWidth: 0 }}>
                  {body}
                </Stack>
              </Group>
            ) : (
              body
            )}
          </Stack>
        );
      })}
    </Box>
  );
}

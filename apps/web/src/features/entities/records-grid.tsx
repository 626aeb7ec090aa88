import { useMemo, useRef, useState } from 'react';
import { ActionIcon, Box, Checkbox, Group, Loader, Text, UnstyledButton, rgba } from '@mantine/core';
import { useDebouncedValue, useMediaQuery } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import {
  IconArrowDown,
  IconArrowUp,
  IconArrowsSort,
  IconDatabaseOff,
  IconExternalLink,
} from '@tabler/icons-react';
import {
  getCoreRowModel,
  useReactTable,
  type ColumnDef,
  type RowSelectionState,
} from '@tanstack/react-table';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useQueryClient } from '@tanstack/react-query';
import type { TEntityRecord } from '@esigns/contracts/entities';
import type { TFilterGroupInput, TSort } from '@esigns/contracts/nocode-filters';
import { formatDate } from '../../shared/format/date';
import { ListPager } from '../../shared/ui/list-pager';
import { LoadError, StateMessage, errorText } from '../../shared/ui/page-kit';
import {
  ENTITY_KEYS,
  updateRecordTemplate,
  useRecords,
  useTemplateFields,
  type TemplateField,
} from './entities-api';
import { CellEditor, CellValue, isInlineEditable } from './grid-cells';
import { useGridPrefs } from './grid-prefs';
import { useGridViewState } from './grid-view-state';
import { GridToolbar, SelectionBar } from './grid-toolbar';
import { RecordBulkActions } from './record-bulk-actions';
import { QuickAdd } from './quick-add';
import { RecordCards } from './record-cards';
import { RecordDrawer } from './record-drawer';
import { useEntityArea } from './entity-area';
import { GridMatchContext } from '../email-templates/grid-match';
import { ExportMenu } from '../data-exports/export-menu';

export type RecordsGridProps = {
  entityId: string;
  /** A filter group ANDed to the person's own filters (a view's or a saved filter's). */
  filters?: TFilterGroupInput | undefined;
  /** The sort to start with. */
  sort?: TSort[] | undefined;
  /** Field refs shown, in order, to start with (default: every field). */
  columns?: string[] | undefined;
  filterId?: string | undefined;
  readOnly?: boolean | undefined;
  /** Where a record opens (default: the drawer). */
  onOpenRecord?: ((recordId: string) => void) | undefined;
  /** Scope of the saved column arrangement (default: the entity). */
  prefsScope?: string | undefined;
  actions?: React.ReactNode;
  /** Rows per page to start with (an entity customization's page size). */
  pageSize?: number | undefined;
  /** `#RRGGBB` of the entity's customization: selection boxes, open buttons, selected rows. */
  accent?: string | undefined;
  /** Keep the page, sort, search and filters in the address (the grid owns the screen). */
  keepInUrl?: boolean | undefined;
  /** In an entity view: the view whose PDF the export menu offers. */
  exportView?: { id: string; name: string } | undefined;
};

const ROW_HEIGHT = 40;

const SYSTEM_COLUMNS = [
  { id: 'title', label: 'Record', text: (r: TEntityRecord) => r.title },
  { id: 'created_at', label: 'Added', text: (r: TEntityRecord) => formatDate(r.created_at) },
  { id: 'updated_at', label: 'Changed', text: (r: TEntityRecord) => formatDate(r.updated_at) },
];
const PAGE_SIZES = [10, 20, 50, 100, 200, 500];

const valueOf = (record: TEntityRecord, field: TemplateField) =>
  record.values[field.template_id]?.[field.key];

/**
 * The data grid of an entity's records: server-side paging, sorting and filtering; virtualised
 * rows (hundreds per page stay smooth); columns that resize, reorder (drag a header) and hide;
 * double-click a cell to edit it in place; select rows for bulk actions; open a record in a drawer.
 */
export function RecordsGrid({
  entityId,
  filters,
  sort,
  columns,
  filterId,
  readOnly,
  onOpenRecord,
  prefsScope,
  actions,
  pageSize,
  accent,
  keepInUrl,
  exportView,
}: RecordsGridProps) {
  const { can, isStaff } = useEntityArea();
  const queryClient = useQueryClient();
  const fieldsQuery = useTemplateFields(entityId);
  const fields = useMemo(() => fieldsQuery.data ?? [], [fieldsQuery.data]);
  const { page, setPage, sorting, setSorting, search, setSearch, rules, setRules } = useGridViewState(
    keepInUrl === true,
    sort,
  );
  const [limit, setLimit] = useState(pageSize ?? 50);
  const [debouncedSearch] = useDebouncedValue(search, 300);
  const [rowSelection, setRowSelection] = useState<RowSelectionState>({});
  const [editing, setEditing] = useState<{ id: string; ref: string } | null>(null);
  const [openId, setOpenId] = useState<string | null>(null);
  const [dragged, setDragged] = useState<string | null>(null);
  const [prefs, setPrefs] = useGridPrefs(
    prefsScope ?? `entity.${entityId}`,
    columns ? { order: ['select', ...columns] } : undefined,
  );

  // The person's own rules; a view's filters go separately (base_filters) so an ANY group stays whole.
  const ownFilters: TFilterGroupInput | undefined = rules.length > 0 ? { match: 'ALL', rules } : undefined;
  const isFiltered = Boolean(ownFilters || (filters?.rules?.length ?? 0) > 0);

  const query = {
    entity_id: entityId,
    page,
    limit,
    sort: sorting.map((s) => ({ field: s.id, direction: s.desc ? ('desc' as const) : ('asc' as const) })),
    filters: ownFilters,
    base_filters: filters,
    search: debouncedSearch.trim() || undefined,
    filter_id: filterId,
  };
  const records = useRecords(query);
  const rows = useMemo(() => records.data?.data ?? [], [records.data]);
  const canEdit = !readOnly && can('entity-data:update');

  const save = async (record: TEntityRecord, field: TemplateField, value: unknown) => {
    setEditing(null);
    if (value === valueOf(record, field)) return;
    try {
      await updateRecordTemplate(record._id, field.template_id, { [field.key]: value === '' ? null : value });
      await queryClient.invalidateQueries({ queryKey: ENTITY_KEYS.records(entityId) });
    } catch (error) {
      notifications.show({ color: 'red', title: `${field.label} was not saved`, message: errorText(error) });
    }
  };

  const linkedTitles = records.data?.linked_titles;
  const tableColumns = useMemo<ColumnDef<TEntityRecord>[]>(() => {
    const select: ColumnDef<TEntityRecord> = {
      id: 'select',
      size: 44,
      enableResizing: false,
      enableHiding: false,
      enableSorting: false,
      meta: { label: 'Select' },
      header: ({ table }) => (
        <Checkbox
          size="xs"
          color={accent}
          aria-label="Select all on this page"
          checked={table.getIsAllPageRowsSelected()}
          indeterminate={table.getIsSomePageRowsSelected()}
          onChange={table.getToggleAllPageRowsSelectedHandler()}
        />
      ),
      cell: ({ row }) => (
        <Group gap={2} wrap="nowrap">
          <Checkbox
            size="xs"
            color={accent}
            aria-label={`Select ${row.original.title || 'record'}`}
            checked={row.getIsSelected()}
            onChange={row.getToggleSelectedHandler()}
          />
        </Group>
      ),
    };
    const fieldColumns = fields
      .filter((f) => !['DATA_TABLE', 'SIGNATURE', 'PAY_BUTTON', 'RICH_TEXT'].includes(f.type))
      .map<ColumnDef<TEntityRecord>>((field) => ({
        id: field.ref,
        // Sorting is the server's; an accessor is what makes a column sortable.
        accessorFn: (record) => valueOf(record, field),
        size: field.type === 'MULTI_LINE_TEXT' ? 260 : 180,
        minSize: 80,
        meta: { label: field.label, field },
        header: field.label,
        enableSorting: !['FILE', 'IMAGE', 'LOCATION', 'ENTITY', 'MULTI_SELECT'].includes(field.type),
        cell: ({ row }) => (
          <CellValue
            field={field}
            value={valueOf(row.original, field)}
            linkTitle={(id) => linkedTitles?.[id] || id.slice(0, 8)}
          />
        ),
      }));
    // The record's own columns: hidden unless a view lists them (or the person shows them).
    const system = SYSTEM_COLUMNS.map<ColumnDef<TEntityRecord>>(({ id, label, text }) => ({
      id,
      size: 170,
      meta: { label },
      header: label,
      accessorFn: (record) => text(record),
      cell: ({ row }) => (
        <Text size="sm" truncate>
          {text(row.original)}
        </Text>
      ),
    }));
    return [select, ...fieldColumns, ...system];
  }, [fields, linkedTitles, accent]);

  // A view shows its own columns: the others start hidden (the person can still show them).
  const visibility = useMemo(
    () => ({
      ...Object.fromEntries(
        [...fields.map((f) => f.ref), ...SYSTEM_COLUMNS.map((c) => c.id)]
          .filter((ref) => (columns ? !columns.includes(ref) : !ref.includes('#')))
          .map((ref) => [ref, false]),
      ),
      ...prefs.visibility,
    }),
    [columns, fields, prefs.visibility],
  );

  // eslint-disable-next-line react-hooks/incompatible-library
  const table = useReactTable({
    data: rows,
    columns: tableColumns,
    getRowId: (row) => row._id,
    getCoreRowModel: getCoreRowModel(),
    manualSorting: true,
    // First click ascending, second descending, third off: for every type alike.
    sortDescFirst: false,
    manualPagination: true,
    enableRowSelection: true,
    columnResizeMode: 'onChange',
    state: {
      sorting,
      rowSelection,
      columnOrder: prefs.order,
      columnSizing: prefs.sizing,
      columnVisibility: visibility,
    },
    onSortingChange: setSorting,
    onRowSelectionChange: setRowSelection,
    onColumnOrderChange: (updater) =>
      setPrefs((p) => ({ ...p, order: typeof updater === 'function' ? updater(p.order) : updater })),
    onColumnSizingChange: (updater) =>
      setPrefs((p) => ({ ...p, sizing: typeof updater === 'function' ? updater(p.sizing) : updater })),
    onColumnVisibilityChange: (updater) =>
      setPrefs((p) => ({
        ...p,
        visibility: typeof updater === 'function' ? updater(p.visibility) : updater,
      })),
  });

  const scrollRef = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 12,
    initialRect: { width: 1200, height: 600 },
  });

  const moveColumn = (from: string, to: string) => {
    if (from === to || to === 'select') return;
    const order = table.getAllLeafColumns().map((c) => c.id);
    const current = prefs.order.length
      ? [...prefs.order, ...order.filter((id) => !prefs.order.includes(id))]
      : order;
    const next = current.filter((id) => id !== from);
    next.splice(next.indexOf(to), 0, from);
    table.setColumnOrder(next);
  };

  // Before the scroll box is measured (first paint, tests without layout) show the first rows.
  const measured = virtualizer.getVirtualItems();
  const visibleItems = measured.length
    ? measured
    : rows.slice(0, 30).map((_, index) => ({ index, start: index * ROW_HEIGHT }));

  const selectedIds = Object.keys(rowSelection).filter((id) => rowSelection[id]);
  const totalWidth = table.getTotalSize() + 40;
  const open = (id: string) => (onOpenRecord ? onOpenRecord(id) : setOpenId(id));
  // A phone gets cards, not the grid's wide rows (a 390 px screen showed one and a half columns).
  const isPhone = useMediaQuery('(max-width: 48em)') ?? false;
  const cardFields = table
    .getVisibleLeafColumns()
    .map((column) => (column.columnDef.meta as { field?: TemplateField } | undefined)?.field)
    .filter((field): field is TemplateField => field !== undefined);

  if (fieldsQuery.error)
    return (
      <LoadError
        error={fieldsQuery.error}
        title="The fields could not be loaded"
        onRetry={() => void fieldsQuery.refetch()}
      />
    );

  return (
    <Box>
      <GridToolbar
        fields={fields}
        table={table}
        search={search}
        onSearch={(next) => {
          setSearch(next);
        }}
        rules={rules}
        onRules={(next) => {
          setRules(next);
        }}
        actions={
          <Group gap="xs">
            {!readOnly && can('entity-data:create') && <QuickAdd entityId={entityId} />}
            {isStaff && (
              <ExportMenu
                entityId={entityId}
                entityName="Records"
                view={exportView}
                query={{
                  baseFilters: filters,
                  filters: ownFilters,
                  filterId,
                  search: debouncedSearch.trim(),
                  sort: query.sort,
                  columns: table
                    .getVisibleLeafColumns()
                    .map((column) => column.id)
                    .filter((id) => id !== 'select'),
                  ids: selectedIds,
                }}
              />
            )}
            {actions}
          </Group>
        }
      />
      {selectedIds.length > 0 && (
        <GridMatchContext.Provider
          value={{
            filters: ownFilters,
            base_filters: filters,
            filter_id: filterId,
            search: debouncedSearch.trim() || undefined,
            total: records.data?.total ?? rows.length,
            capped: records.data?.total_capped ?? false,
          }}
        >
          <Box mt="xs">
            {readOnly ? (
              <SelectionBar count={selectedIds.length} onClear={() => setRowSelection({})} />
            ) : (
              <RecordBulkActions
                entityId={entityId}
                ids={selectedIds}
                fields={fields}
                onDone={() => setRowSelection({})}
              />
            )}
          </Box>
        </GridMatchContext.Provider>
      )}
      {records.error ? (
        <LoadError
          error={records.error}
          title="The records could not be loaded"
          onRetry={() => void records.refetch()}
        />
      ) : isPhone && rows.length > 0 ? (
        <RecordCards
          rows={table.getRowModel().rows}
          fields={cardFields}
          valueOf={valueOf}
          linkTitle={(id) => linkedTitles?.[id] || id.slice(0, 8)}
          onOpen={open}
          selectable={table.getAllLeafColumns().some((column) => column.id === 'select')}
        />
      ) : (
        <Box
          ref={scrollRef}
          role="grid"
          aria-rowcount={rows.length}
          mt="xs"
          style={{
            height: 'min(62vh, 640px)',
            overflow: 'auto',
            border: '1px solid var(--mantine-color-default-border)',
            borderRadius: 'var(--mantine-radius-sm)',
            position: 'relative',
          }}
        >
          <Box
            role="row"
            style={{
              display: 'flex',
              position: 'sticky',
              top: 0,
              zIndex: 2,
              width: totalWidth,
              background: 'var(--mantine-color-body)',
              borderBottom: '1px solid var(--mantine-color-default-border)',
            }}
          >
            <Box w={40} />
            {table.getHeaderGroups()[0]!.headers.map((header) => {
              const sorted = header.column.getIsSorted();
              return (
                <Box
                  key={header.id}
                  role="columnheader"
                  aria-sort={sorted === 'asc' ? 'ascending' : sorted === 'desc' ? 'descending' : 'none'}
                  draggable={header.column.id !== 'select'}
                  onDragStart={() => setDragged(header.column.id)}
                  onDragOver={(event) => event.preventDefault()}
                  onDrop={() => dragged && moveColumn(dragged, header.column.id)}
                  style={{
                    width: header.getSize(),
                    position: 'relative',
                    padding: '8px 10px',
                    fontWeight: 600,
                    fontSize: 13,
                    flexShrink: 0,
                    userSelect: 'none',
                  }}
                >
                  {header.column.getCanSort() ? (
                    <UnstyledButton
                      onClick={header.column.getToggleSortingHandler()}
                      style={{
                        display: 'flex',
                        alignItems: 'center',
                        gap: 4,
                        fontWeight: 600,
                        fontSize: 13,
                        maxWidth: '100%',
                      }}
                    >
                      <Text span size="sm" fw={600} truncate>
                        {String(header.column.columnDef.header)}
                      </Text>
                      {sorted === 'asc' ? (
                        <IconArrowUp size={14} />
                      ) : sorted === 'desc' ? (
                        <IconArrowDown size={14} />
                      ) : (
                        <IconArrowsSort size={14} opacity={0.35} />
                      )}
                    </UnstyledButton>
                  ) : typeof header.column.columnDef.header === 'function' ? (
                    header.column.columnDef.header(header.getContext())
                  ) : (
                    <Text size="sm" fw={600} truncate>
                      {String(header.column.columnDef.header)}
                    </Text>
                  )}
                  {header.column.getCanResize() && (
                    <Box
                      onMouseDown={header.getResizeHandler()}
                      onTouchStart={header.getResizeHandler()}
                      aria-hidden
                      style={{
                        position: 'absolute',
                        right: 0,
                        top: 0,
                        height: '100%',
                        width: 6,
                        cursor: 'col-resize',
                        background: header.column.getIsResizing()
                          ? 'var(--mantine-color-blue-5)'
                          : 'transparent',
                      }}
                    />
                  )}
                </Box>
              );
            })}
          </Box>
          {records.isLoading || fieldsQuery.isLoading ? (
            <Group justify="center" p="xl">
              <Loader size="sm" />
            </Group>
          ) : rows.length === 0 ? (
            <StateMessage
              icon={<IconDatabaseOff size={22} />}
              title={isFiltered || debouncedSearch ? 'No records match' : 'No records yet'}
            >
              {isFiltered || debouncedSearch
                ? 'Change or clear the filters.'
                : 'Add the first record with the button above.'}
            </StateMessage>
          ) : (
            <Box style={{ height: virtualizer.getTotalSize(), position: 'relative', width: totalWidth }}>
              {visibleItems.map((item) => {
                const row = table.getRowModel().rows[item.index]!;
                return (
                  <Box
                    key={row.id}
                    role="row"
                    data-testid="grid-row"
                    style={{
                      position: 'absolute',
                      top: 0,
                      left: 0,
                      height: ROW_HEIGHT,
                      transform: `translateY(${item.start}px)`,
                      display: 'flex',
                      alignItems: 'center',
                      width: totalWidth,
                      borderBottom: '1px solid var(--mantine-color-default-border)',
                      background: row.getIsSelected()
                        ? accent
                          ? rgba(accent, 0.12)
                          : 'var(--mantine-color-blue-light)'
                        : undefined,
                    }}
                  >
                    <Box w={40} style={{ flexShrink: 0, textAlign: 'center' }}>
                      <ActionIcon
                        size="sm"
                        variant="subtle"
                        color={accent}
                        aria-label={`Open ${row.original.title || 'record'}`}
                        onClick={() => open(row.id)}
                      >
                        <IconExternalLink size={14} />
                      </ActionIcon>
                    </Box>
                    {row.getVisibleCells().map((cell) => {
                      const field = (cell.column.columnDef.meta as { field?: TemplateField } | undefined)
                        ?.field;
                      const isEditing = editing?.id === row.id && editing.ref === cell.column.id;
                      return (
                        <Box
                          key={cell.id}
                          role="gridcell"
                          onDoubleClick={() =>
                            field &&
                            canEdit &&
                            isInlineEditable(field) &&
                            setEditing({ id: row.id, ref: cell.column.id })
                          }
                          style={{
                            width: cell.column.getSize(),
                            height: '100%',
                            display: 'flex',
                            alignItems: 'center',
                            padding: '0 10px',
                            flexShrink: 0,
                            overflow: 'hidden',
                            cursor: field && canEdit && isInlineEditable(field) ? 'cell' : undefined,
                          }}
                        >
                          {isEditing && field ? (
                            <CellEditor
                              field={field}
                              value={valueOf(row.original, field)}
                              onSave={(v) => void save(row.original, field, v)}
                              onCancel={() => setEditing(null)}
                            />
                          ) : cell.column.columnDef.cell &&
                            typeof cell.column.columnDef.cell === 'function' ? (
                            cell.column.columnDef.cell(cell.getContext())
                          ) : null}
                        </Box>
                      );
                    })}
                  </Box>
                );
              })}
            </Box>
          )}
        </Box>
      )}
      {records.data && records.data.total > 0 && (
        <Group justify="space-between" mt="xs">
          <Text size="xs" c="dimmed">
            {records.data.total_capped
              ? `More than ${records.data.total.toLocaleString('en-IN')}`
              : records.data.total.toLocaleString('en-IN')}{' '}
            records
            {records.isFetching ? ' · updating…' : ''}
          </Text>
          <ListPager
            page={page}
            limit={limit}
            total={records.data.total}
            totalPages={records.data.total_pages}
            onPage={setPage}
            limits={PAGE_SIZES}
            onLimit={(next) => {
              setLimit(next);
              setPage(1);
            }}
          />
        </Group>
      )}
      <RecordDrawer entityId={entityId} recordId={openId} fields={fields} onClose={() => setOpenId(null)} />
    </Box>
  );
}

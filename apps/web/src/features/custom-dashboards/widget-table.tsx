import { Group, Table, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { countOf } from '@esigns/contracts/wording';
import { ENTITY_VIEW_KEYS, fetchEntityView } from '../entity-views/entity-views-api';
import { useTemplateFields } from '../entity-views/filter-builder';
import { formatCell, shownColumns, valueOf } from '../entity-views/record-cells';
import { ViewLink } from './dashboard-area';
import { WidgetEmpty, WidgetQuery } from './widget-frame';
import { fetchTableRows, tableQuery, type TableWidget } from './widget-data';

/** The first rows of an entity view: its first entity's columns, filters and sort. */
export function WidgetTable({ widget }: { widget: TableWidget }) {
  const view = useQuery({
    queryKey: ENTITY_VIEW_KEYS.one(widget.entity_view_id),
    queryFn: ({ signal }) => fetchEntityView(widget.entity_view_id, signal),
  });
  const query = view.data ? tableQuery(view.data, widget.page_size) : null;
  const entityId = query?.entity_id ?? null;
  const { fields } = useTemplateFields(entityId);
  const rows = useQuery({
    queryKey: ['custom-dashboards', 'widget', 'table', query],
    queryFn: ({ signal }) => fetchTableRows(query!, signal),
    enabled: Boolean(query),
  });
  const label = widget.title || 'table';
  if (!view.data || view.isError)
    return (
      <WidgetQuery query={view} label={label} skeleton="rows">
        {() => null}
      </WidgetQuery>
    );
  if (!query) return <WidgetEmpty>This view has no entity.</WidgetEmpty>;
  return (
    <WidgetQuery query={rows} label={label} skeleton="rows">
      {(page) => {
        if (page.data.length === 0) return <WidgetEmpty>No records in this view.</WidgetEmpty>;
        const columns = shownColumns(view.data.config.entities[0]?.columns ?? [], fields ?? []);
        return (
          <>
            <Table.ScrollContainer minWidth={columns.length * 120} type="native">
              <Table striped highlightOnHover fz="sm" aria-label={`${widget.title || view.data.name} rows`}>
                <Table.Thead>
                  <Table.Tr>
                    {columns.map((c) => (
                      <Table.Th key={c.field}>{c.label}</Table.Th>
                    ))}
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {page.data.map((record) => (
                    <Table.Tr key={record._id}>
                      {columns.map((c) => (
                        <Table.Td key={c.field}>{formatCell(valueOf(record, c.field), c.field_def)}</Table.Td>
                      ))}
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
            <Group justify="space-between" mt={4}>
              <Text size="xs" c="dimmed">
                {page.total > page.data.length
                  ? `${page.data.length} of ${page.total_capped ? 'more than ' : ''}${page.total}`
                  : countOf(page.total, 'record')}
              </Text>
              <ViewLink viewId={widget.entity_view_id} />
            </Group>
          </>
        );
      }}
    </WidgetQuery>
  );
}

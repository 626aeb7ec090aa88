import { useState } from 'react';
import { Anchor, Group, Pagination, Select, Skeleton, Stack, Table, Text } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import type { TRowColumn } from '@esigns/contracts/entity-actions';
import { AppDialog } from '../../shared/ui/app-dialog';
import { ErrorAlert, errorText } from '../../shared/ui/page-kit';
import type { TemplateField } from './entities-api';
import { displayText } from './grid-cells';
import { recordPath } from './paths';
import { RECORD_ACTION_KEYS, fetchDataTableRows } from './record-actions-api';

const PAGE_SIZE = 25;

/** A table column as the grid's cell text reads it. */
const asField = (column: TRowColumn): TemplateField => ({
  ref: column.key,
  template_id: '',
  template_name: '',
  key: column.key,
  label: column.label,
  type: column.type,
  is_primary: false,
  required: column.required,
  ...(column.options ? { options: column.options } : {}),
});

/**
 * "Table rows": the rows of one data table field across the entity's records (every invoice's
 * line items in one list), newest records first, each row linked to its record.
 */
export function DataTableRowsDialog({
  opened,
  onClose,
  entityId,
  fields,
}: {
  opened: boolean;
  onClose: () => void;
  entityId: string;
  /** The entity's DATA_TABLE fields. */
  fields: TemplateField[];
}) {
  const [ref, setRef] = useState<string | null>(null);
  const [page, setPage] = useState(1);
  const field = ref ?? fields[0]?.ref ?? '';
  const body = { entity_id: entityId, field, page, limit: PAGE_SIZE };
  const rows = useQuery({
    queryKey: RECORD_ACTION_KEYS.rows(body),
    queryFn: ({ signal }) => fetchDataTableRows(body, signal),
    enabled: opened && Boolean(field),
    placeholderData: keepPreviousData,
  });
  const data = rows.data;

  return (
    <AppDialog opened={opened} onClose={onClose} title="Table rows across records" size="xl" footer={null}>
      <Stack>
        {fields.length > 1 && (
          <Select
            label="Data table"
            data={fields.map((f) => ({ value: f.ref, label: `${f.label} (${f.template_name})` }))}
            value={field}
            onChange={(next) => {
              setRef(next);
              setPage(1);
            }}
            allowDeselect={false}
          />
        )}
        {rows.error ? <ErrorAlert>{errorText(rows.error)}</ErrorAlert> : null}
        {!data ? (
          <Skeleton h={200} />
        ) : data.total === 0 ? (
          <Text c="dimmed" size="sm">
            No record has rows in {data.field.label} yet.
          </Text>
        ) : (
          <>
            <Table.ScrollContainer minWidth={500}>
              <Table striped highlightOnHover>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Record</Table.Th>
                    <Table.Th>#</Table.Th>
                    {data.columns.map((c) => (
                      <Table.Th key={c.key}>{c.label}</Table.Th>
                    ))}
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {data.data.map((row) => (
                    <Table.Tr key={`${row.entity_data_id}:${row.row_index}`}>
                      <Table.Td>
                        <Anchor
                          component={Link}
                          to={recordPath(entityId, row.entity_data_id, 'view')}
                          size="sm"
                        >
                          {row.title || 'Untitled record'}
                        </Anchor>
                      </Table.Td>
                      <Table.Td>{row.row_index + 1}</Table.Td>
                      {data.columns.map((c) => (
                        <Table.Td key={c.key}>{displayText(asField(c), row.values[c.key])}</Table.Td>
                      ))}
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
            <Group justify="space-between">
              <Text size="sm" c="dimmed">
                {data.total.toLocaleString('en-IN')}
                {data.total_capped ? '+' : ''} rows
              </Text>
              {data.total_pages > 1 && (
                <Pagination total={data.total_pages} value={page} onChange={setPage} />
              )}
            </Group>
          </>
        )}
      </Stack>
    </AppDialog>
  );
}

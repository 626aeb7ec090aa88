import { useState } from 'react';
import { Anchor, Group, Pagination, Paper, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import type { TFormTemplate } from '@esigns/contracts/form-templates';
import { formatDate } from '../../shared/format/date';
import { useCan } from '../../shared/permissions/use-can';
import { displayText } from './grid-cells';
import { recordPath } from './paths';
import { RECORD_ACTION_KEYS, fetchTemplateDataAllEntities } from './record-actions-api';
import { toTemplateField } from './use-entity-templates';
import { queryGate } from './query-gate';

const PAGE_SIZE = 10;
const SHOWN_FIELDS = 4;

/**
 * A form template's data in every entity made with it (`GET /templates-entity-data-all-entities`),
 * newest change first, each row opening its record. Shown on the template's page to whoever may
 * see records; nothing when no entity uses the template.
 */
export function TemplateRecordsPanel({ template }: { template: TFormTemplate }) {
  const { can } = useCan();
  const [page, setPage] = useState(1);
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 300);
  const query = { template_id: template._id, page, limit: PAGE_SIZE, search: debounced };
  const data = useQuery({
    queryKey: RECORD_ACTION_KEYS.templateData(query),
    queryFn: ({ signal }) => fetchTemplateDataAllEntities(query, signal),
    enabled: can('entity-data:view'),
    placeholderData: keepPreviousData,
  });
  if (!can('entity-data:view')) return null;
  const gate = queryGate(data, 'The records could not be loaded', 160);
  if (gate || !data.data) return gate;
  const answer = data.data;
  if (answer.entities.length === 0) return null;
  const columns = template.fields
    .filter((f) => !['PAY_BUTTON', 'SIGNATURE', 'DATA_TABLE'].includes(f.type))
    .slice(0, SHOWN_FIELDS)
    .map((f) => toTemplateField(template, f));

  return (
    <Paper withBorder p="lg" radius="md">
      <Stack gap="sm">
        <Group justify="space-between" align="end">
          <div>
            <Title order={5}>Data in entities</Title>
            <Text size="sm" c="dimmed">
              Used by {answer.entities.map((e) => e.name).join(', ')}
            </Text>
          </div>
          <TextInput
            placeholder="Search records"
            value={search}
            onChange={(e) => {
              setSearch(e.currentTarget.value);
              setPage(1);
            }}
            aria-label="Search records"
          />
        </Group>
        {answer.total === 0 ? (
          <Text size="sm" c="dimmed">
            No record has values of this template yet.
          </Text>
        ) : (
          <Table.ScrollContainer minWidth={600}>
            <Table striped highlightOnHover>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Record</Table.Th>
                  <Table.Th>Entity</Table.Th>
                  {columns.map((c) => (
                    <Table.Th key={c.key}>{c.label}</Table.Th>
                  ))}
                  <Table.Th>Changed</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {answer.data.map((row) => (
                  <Table.Tr key={row.template_data_id ?? row.entity_data_id}>
                    <Table.Td>
                      <Anchor
                        component={Link}
                        to={recordPath(row.entity_id, row.entity_data_id, 'view')}
                        size="sm"
                      >
                        {row.title || 'Untitled record'}
                      </Anchor>
                    </Table.Td>
                    <Table.Td>{row.entity_name}</Table.Td>
                    {columns.map((c) => (
                      <Table.Td key={c.key}>{displayText(c, row.values[c.key])}</Table.Td>
                    ))}
                    <Table.Td>{formatDate(row.updated_at)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
        {answer.total_pages > 1 && (
          <Pagination
            total={answer.total_pages}
            value={page}
            onChange={setPage}
            style={{ alignSelf: 'end' }}
          />
        )}
      </Stack>
    </Paper>
  );
}

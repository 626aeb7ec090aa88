import { useState } from 'react';
import { Badge, Group, ScrollArea, SegmentedControl, Stack, Table, Text } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { formatDate } from '../../shared/format/date';
import { ListPager } from '../../shared/ui/list-pager';
import { LoadError } from '../../shared/ui/page-kit';
import { fetchLinkDocuments, fetchLinkRecords } from './iframe-links-api';

const PAGE = 20;

const statusLabel = (status: string) => status.charAt(0) + status.slice(1).toLowerCase().replace(/_/g, ' ');

function Empty({ text }: { text: string }) {
  return (
    <Text c="dimmed" size="sm" ta="center" py="xl">
      {text}
    </Text>
  );
}

/** An ENTITY_VIEW link: the view's rows of one of its entities, its columns only, read only. */
export function LinkRecordsTable({
  token,
  entities,
}: {
  token: string;
  entities: { _id: string; name: string }[];
}) {
  const [entityId, setEntityId] = useState(entities[0]?._id);
  const [page, setPage] = useState(1);
  const query = useQuery({
    queryKey: ['iframe-link-screen', token, 'records', entityId, page],
    queryFn: ({ signal }) => fetchLinkRecords(token, { page, limit: PAGE, entity_id: entityId }, signal),
    placeholderData: keepPreviousData,
  });
  if (query.isError) {
    return (
      <LoadError error={query.error} onRetry={() => void query.refetch()} title="Could not load the rows" />
    );
  }
  const data = query.data;
  return (
    <Stack gap="sm">
      {entities.length > 1 && (
        <SegmentedControl
          data={entities.map((e) => ({ value: e._id, label: e.name }))}
          value={entityId ?? ''}
          onChange={(v) => {
            setEntityId(v);
            setPage(1);
          }}
        />
      )}
      <ScrollArea type="auto">
        <Table
          striped
          withTableBorder
          miw={Math.max(320, (data?.columns.length ?? 1) * 140)}
          data-testid="link-records"
        >
          <Table.Thead>
            <Table.Tr>
              {data?.columns.map((c) => (
                <Table.Th key={c.key}>{c.label}</Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {data?.data.map((row) => (
              <Table.Tr key={row._id}>
                {row.cells.map((cell, i) => (
                  <Table.Td key={data.columns[i]?.key ?? i}>{cell}</Table.Td>
                ))}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </ScrollArea>
      {data && data.total === 0 && <Empty text="No rows to show." />}
      {data && (
        <ListPager
          page={page}
          limit={PAGE}
          total={data.total}
          totalPages={data.total_pages}
          onPage={setPage}
        />
      )}
    </Stack>
  );
}

/** A DOCUMENT_LIST link: names, status and dates of the creator's list, read only. */
export function LinkDocumentsList({ token }: { token: string }) {
  const [page, setPage] = useState(1);
  const query = useQuery({
    queryKey: ['iframe-link-screen', token, 'documents', page],
    queryFn: ({ signal }) => fetchLinkDocuments(token, { page, limit: PAGE }, signal),
    placeholderData: keepPreviousData,
  });
  if (query.isError) {
    return (
      <LoadError
        error={query.error}
        onRetry={() => void query.refetch()}
        title="Could not load the documents"
      />
    );
  }
  const data = query.data;
  return (
    <Stack gap="xs" data-testid="link-documents">
      {data?.data.map((doc) => (
        <Group
          key={doc._id}
          justify="space-between"
          wrap="nowrap"
          gap="sm"
          py={6}
          style={{ borderBottom: '1px solid var(--mantine-color-gray-2)' }}
        >
          <Stack gap={0} miw={0}>
            <Text size="sm" fw={500} lineClamp={1}>
              {doc.name}
            </Text>
            <Text size="xs" c="dimmed">
              {doc.completed_at
                ? `Completed ${formatDate(doc.completed_at)}`
                : doc.sent_at
                  ? `Sent ${formatDate(doc.sent_at)}`
                  : `Created ${formatDate(doc.created_at)}`}
            </Text>
          </Stack>
          <Badge variant="light">{statusLabel(doc.status)}</Badge>
        </Group>
      ))}
      {data && data.total === 0 && <Empty text="No documents to show." />}
      {data && (
        <ListPager
          page={page}
          limit={PAGE}
          total={data.total}
          totalPages={data.total_pages}
          onPage={setPage}
        />
      )}
    </Stack>
  );
}

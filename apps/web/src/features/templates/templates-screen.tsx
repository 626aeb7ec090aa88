import { useState, type ReactNode } from 'react';
import {
  Anchor,
  Badge,
  Box,
  Button,
  Group,
  NativeSelect,
  Skeleton,
  Stack,
  Table,
  Text,
  TextInput,
  Tooltip,
  UnstyledButton,
} from '@mantine/core';
import { useDebouncedValue, useMediaQuery } from '@mantine/hooks';
import {
  IconArrowDown,
  IconArrowUp,
  IconArrowsSort,
  IconFilePlus,
  IconLock,
  IconSearch,
  IconTemplate,
  IconWorld,
} from '@tabler/icons-react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { usePageTitle } from '../../shared/branding/use-page-title';
import { formatDate } from '../../shared/format/date';
import { ListPager } from '../../shared/ui/list-pager';
import { LoadError, NoAccess, PageFrame, Panel, StateMessage, isForbidden } from '../../shared/ui/page-kit';
import { useCan, type Can } from '../../shared/permissions/use-can';
import { TemplateActions, templateEditorPath } from './template-actions';
import {
  TEMPLATE_KEYS,
  fetchTemplates,
  type TTemplateRow,
  type TemplateQuery,
  type TemplateSort,
} from './templates-api';

export const TEMPLATES_PAGE_SIZE = 10;

const SORT_OPTIONS: { value: TemplateSort; label: string }[] = [
  { value: '-updated_at', label: 'Last changed first' },
  { value: 'updated_at', label: 'Oldest change first' },
  { value: 'name', label: 'Name A–Z' },
  { value: '-name', label: 'Name Z–A' },
  { value: '-created_at', label: 'Newest first' },
  { value: 'created_at', label: 'Oldest first' },
];

const STATUS_FILTERS = [
  { value: '', label: 'Any status' },
  { value: 'ACTIVE', label: 'Active' },
  { value: 'INACTIVE', label: 'Inactive' },
];

function StatusBadge({ status }: { status: TTemplateRow['status'] }) {
  return (
    <Badge color={status === 'ACTIVE' ? 'teal' : 'gray'} variant="light">
      {status === 'ACTIVE' ? 'Active' : 'Inactive'}
    </Badge>
  );
}

function PublishedBadge({ row }: { row: TTemplateRow }) {
  if (!row.publish.published) {
    return (
      <Text size="sm" c="dimmed">
        —
      </Text>
    );
  }
  return (
    <Tooltip label={row.publish.secure_access ? 'Public link with email check' : 'Public link'}>
      <Badge
        color="blue"
        variant="light"
        leftSection={row.publish.secure_access ? <IconLock size={12} /> : <IconWorld size={12} />}
      >
        Published
      </Badge>
    </Tooltip>
  );
}

function TemplateName({ row, rights }: { row: TTemplateRow; rights: Pick<Can, 'can'> }) {
  const meta = `${row.page_count} ${row.page_count === 1 ? 'page' : 'pages'} · ${row.fields_count} ${
    row.fields_count === 1 ? 'field' : 'fields'
  }`;
  return (
    <Box style={{ minWidth: 0 }}>
      {rights.can('templates:update') ? (
        <Anchor
          component={Link}
          to={templateEditorPath(row)}
          fw={500}
          size="sm"
          style={{ overflowWrap: 'anywhere' }}
        >
          {row.name}
        </Anchor>
      ) : (
        <Text fw={500} size="sm" style={{ overflowWrap: 'anywhere' }}>
          {row.name}
        </Text>
      )}
      <Text size="xs" c="dimmed">
        {meta}
      </Text>
    </Box>
  );
}

function SortHeader({
  label,
  field,
  sort,
  onSort,
}: {
  label: string;
  field: 'name' | 'updated_at';
  sort: TemplateSort;
  onSort: (sort: TemplateSort) => void;
}) {
  const isAsc = sort === field;
  const isDesc = sort === `-${field}`;
  const Icon = isAsc ? IconArrowUp : isDesc ? IconArrowDown : IconArrowsSort;
  const next: TemplateSort = isAsc ? (`-${field}` as TemplateSort) : (field as TemplateSort);
  return (
    <Table.Th aria-sort={isAsc ? 'ascending' : isDesc ? 'descending' : 'none'}>
      <UnstyledButton onClick={() => onSort(next)} fw={700} fz="sm">
        <Group gap={4} wrap="nowrap">
          {label}
          <Icon size={14} color={isAsc || isDesc ? undefined : 'var(--mantine-color-gray-5)'} />
        </Group>
      </UnstyledButton>
    </Table.Th>
  );
}

function LoadingRows() {
  return (
    <>
      {Array.from({ length: 5 }, (_, i) => (
        <Table.Tr key={i}>
          {Array.from({ length: 7 }, (__, j) => (
            <Table.Td key={j}>
              <Skeleton h={14} radius="sm" />
            </Table.Td>
          ))}
        </Table.Tr>
      ))}
    </>
  );
}

function TemplateTable({
  rows,
  isPending,
  sort,
  onSort,
  rights,
}: {
  rows: TTemplateRow[];
  isPending: boolean;
  sort: TemplateSort;
  onSort: (sort: TemplateSort) => void;
  rights: Pick<Can, 'can'>;
}) {
  return (
    <Table.ScrollContainer minWidth={900}>
      <Table verticalSpacing="sm" horizontalSpacing="md" highlightOnHover>
        <Table.Thead bg="gray.0">
          <Table.Tr>
            <SortHeader label="Name" field="name" sort={sort} onSort={onSort} />
            <Table.Th w={110}>Status</Table.Th>
            <Table.Th w={150}>Published</Table.Th>
            <Table.Th w={80}>Roles</Table.Th>
            <Table.Th w={170}>Owner</Table.Th>
            <SortHeader label="Last changed" field="updated_at" sort={sort} onSort={onSort} />
            <Table.Th w={130} ta="right">
              Actions
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {isPending ? (
            <LoadingRows />
          ) : (
            rows.map((row) => (
              <Table.Tr key={row._id} data-testid="template-row">
                <Table.Td>
                  <TemplateName row={row} rights={rights} />
                </Table.Td>
                <Table.Td>
                  <StatusBadge status={row.status} />
                </Table.Td>
                <Table.Td>
                  <PublishedBadge row={row} />
                </Table.Td>
                <Table.Td>{row.recipients_count}</Table.Td>
                <Table.Td>
                  <Text size="sm" truncate="end" title={row.owner.email}>
                    {row.owner.name || row.owner.email}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <Text size="sm">{formatDate(row.updated_at)}</Text>
                </Table.Td>
                <Table.Td>
                  <TemplateActions row={row} rights={rights} />
                </Table.Td>
              </Table.Tr>
            ))
          )}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function TemplateCards({
  rows,
  isPending,
  rights,
}: {
  rows: TTemplateRow[];
  isPending: boolean;
  rights: Pick<Can, 'can'>;
}) {
  if (isPending) {
    return (
      <Stack gap="sm" p="md">
        {Array.from({ length: 4 }, (_, i) => (
          <Skeleton key={i} h={72} radius="sm" />
        ))}
      </Stack>
    );
  }
  return (
    <Box>
      {rows.map((row) => (
        <Stack
          key={row._id}
          gap="xs"
          p="md"
          data-testid="template-row"
          style={{ borderBottom: '1px solid var(--mantine-color-gray-2)' }}
        >
          <Group justify="space-between" wrap="nowrap" align="flex-start">
            <TemplateName row={row} rights={rights} />
            <TemplateActions row={row} rights={rights} />
          </Group>
          <Group gap="xs">
            <StatusBadge status={row.status} />
            {row.publish.published && <PublishedBadge row={row} />}
            <Text size="xs" c="dimmed">
              {row.recipients_count} {row.recipients_count === 1 ? 'role' : 'roles'} · changed{' '}
              {formatDate(row.updated_at)}
            </Text>
          </Group>
        </Stack>
      ))}
    </Box>
  );
}

/**
 * /templates: the company's document templates (those the caller may see), server-paged, with
 * search, status filter and sort; each row sends, bulk-sends, edits, renames, duplicates, shares,
 * publishes, (de)activates or deletes, as far as the caller's permissions go.
 */
export function TemplatesScreen() {
  usePageTitle('Templates');
  const rights = useCan();
  const [search, setSearch] = useState('');
  const [debouncedSearch] = useDebouncedValue(search.trim(), 300);
  const [status, setStatus] = useState<'' | 'ACTIVE' | 'INACTIVE'>('');
  const [sort, setSort] = useState<TemplateSort>('-updated_at');
  const [page, setPage] = useState(1);
  const isPhone = useMediaQuery('(max-width: 48em)');
  const canCreate = rights.can('templates:create');

  const query: TemplateQuery = {
    page,
    limit: TEMPLATES_PAGE_SIZE,
    search: debouncedSearch || undefined,
    sort,
    status: status || undefined,
  };
  const list = useQuery({
    queryKey: TEMPLATE_KEYS.page(query),
    queryFn: ({ signal }) => fetchTemplates(query, signal),
    placeholderData: keepPreviousData,
  });

  const newTemplate = canCreate && (
    <Button component={Link} to="/templates/upload" leftSection={<IconFilePlus size={16} />}>
      New template
    </Button>
  );
  const frame = (content: ReactNode) => (
    <PageFrame
      title="Templates"
      description="Reusable documents with roles and fields: send them again and again, one at a time or in bulk."
      actions={newTemplate || undefined}
    >
      {content}
    </PageFrame>
  );

  if (rights.isLoading) return frame(<Skeleton h={320} radius="md" aria-busy="true" />);
  if (rights.error) {
    return frame(
      <Panel>
        <LoadError title="Could not load your permissions" error={rights.error} onRetry={rights.refetch} />
      </Panel>,
    );
  }
  // Every staff user may list templates: the company's with `templates:view`, else their own and shared ones.
  if (isForbidden(list.error)) {
    return frame(
      <Panel>
        <NoAccess>Your user type cannot see templates. Ask an owner or admin if you need access.</NoAccess>
      </Panel>,
    );
  }

  const rows = list.data?.data ?? [];
  const total = list.data?.total ?? 0;
  const isFiltered = Boolean(debouncedSearch || status);
  const resetPage = () => setPage(1);

  return frame(
    <Stack gap="lg">
      <Group gap="sm" wrap="wrap" align="flex-end">
        <TextInput
          placeholder="Search templates"
          aria-label="Search templates"
          leftSection={<IconSearch size={16} />}
          value={search}
          onChange={(event) => {
            setSearch(event.currentTarget.value);
            resetPage();
          }}
          w={{ base: '100%', xs: 280 }}
        />
        <NativeSelect
          aria-label="Filter by status"
          data={STATUS_FILTERS}
          value={status}
          onChange={(event) => {
            setStatus(event.currentTarget.value as '' | 'ACTIVE' | 'INACTIVE');
            resetPage();
          }}
          w={{ base: '100%', xs: 160 }}
        />
        <NativeSelect
          aria-label="Sort templates"
          data={SORT_OPTIONS}
          value={sort}
          onChange={(event) => {
            setSort(event.currentTarget.value as TemplateSort);
            resetPage();
          }}
          w={{ base: '100%', xs: 200 }}
        />
      </Group>

      <Panel>
        {list.isError ? (
          <LoadError
            title="Could not load the templates"
            error={list.error}
            onRetry={() => void list.refetch()}
          />
        ) : !list.isPending && rows.length === 0 ? (
          isFiltered ? (
            <StateMessage icon={<IconSearch size={28} />} title="No templates match" testId="templates-empty">
              <Text c="dimmed" size="sm">
                Try another search or status.
              </Text>
            </StateMessage>
          ) : (
            <StateMessage icon={<IconTemplate size={28} />} title="No templates yet" testId="templates-empty">
              <Text c="dimmed" size="sm" maw={440}>
                Turn a contract you send often (a rent agreement, a sale deed) into a template: set up its
                roles and fields once, then send it in a few clicks.
              </Text>
              {canCreate && (
                <Button
                  component={Link}
                  to="/templates/upload"
                  mt="sm"
                  leftSection={<IconFilePlus size={16} />}
                >
                  Create your first template
                </Button>
              )}
            </StateMessage>
          )
        ) : isPhone ? (
          <TemplateCards rows={rows} isPending={list.isPending} rights={rights} />
        ) : (
          <TemplateTable
            rows={rows}
            isPending={list.isPending}
            sort={sort}
            onSort={(next) => {
              setSort(next);
              resetPage();
            }}
            rights={rights}
          />
        )}
      </Panel>

      {!list.isError && (
        <ListPager
          page={page}
          limit={TEMPLATES_PAGE_SIZE}
          total={total}
          totalPages={list.data?.total_pages}
          onPage={setPage}
        />
      )}
    </Stack>,
  );
}

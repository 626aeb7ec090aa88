import { useState } from 'react';
import {
  Anchor,
  Badge,
  Button,
  Group,
  SegmentedControl,
  Skeleton,
  Table,
  Text,
  TextInput,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconDatabase, IconPlus, IconSearch, IconSettings } from '@tabler/icons-react';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from 'react-router';
import type { TEntityType } from '@esigns/contracts/entities';
import { usePageTitle } from '../../shared/branding/use-page-title';
import { formatDate } from '../../shared/format/date';
import { ListPager } from '../../shared/ui/list-pager';
import { LoadError, NoAccess, PageFrame, Panel, StateMessage, isForbidden } from '../../shared/ui/page-kit';
import { useCan } from '../../shared/permissions/use-can';
import { CreateEntityDialog } from './create-entity-dialog';
import { ENTITY_KEYS, fetchEntities } from './entities-api';
import { entityPath, entitySettingsPath } from './paths';
import { ExportAllButton } from '../data-exports/export-all-button';

const PAGE_SIZE = 20;
const TYPE_COLOURS: Record<TEntityType, string> = { GENERAL: 'gray', INDIVIDUAL: 'teal', BUSINESS: 'indigo' };

/** `/entity`: the company's entities, with their record counts; create one. */
export function EntitiesScreen() {
  usePageTitle('Entities');
  const { can } = useCan();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [page, setPage] = useState(1);
  const [search, setSearch] = useState('');
  const [type, setType] = useState<'ALL' | TEntityType>('ALL');
  const [debounced] = useDebouncedValue(search, 300);
  const [creating, setCreating] = useState(false);
  const query = {
    page,
    limit: PAGE_SIZE,
    search: debounced.trim() || undefined,
    entity_type: type === 'ALL' ? undefined : type,
  };
  const list = useQuery({
    queryKey: ENTITY_KEYS.list(query),
    queryFn: ({ signal }) => fetchEntities(query, signal),
    placeholderData: keepPreviousData,
  });

  if (isForbidden(list.error))
    return <NoAccess title="Entities">You cannot see this company&apos;s entities.</NoAccess>;

  return (
    <PageFrame
      title="Entities"
      description="The kinds of records your business keeps: properties, leads, tenants, deals."
      actions={
        <Group gap="xs">
          {can('entity-data:view') && <ExportAllButton />}
          {can('entities:create') && (
            <Button leftSection={<IconPlus size={16} />} onClick={() => setCreating(true)}>
              New entity
            </Button>
          )}
        </Group>
      }
    >
      <Panel>
        <Group justify="space-between" mb="sm" wrap="wrap">
          <TextInput
            placeholder="Search entities"
            aria-label="Search entities"
            leftSection={<IconSearch size={14} />}
            value={search}
            onChange={(e) => {
              setSearch(e.currentTarget.value);
              setPage(1);
            }}
            w={260}
          />
          <SegmentedControl
            size="xs"
            value={type}
            onChange={(v) => {
              setType(v as typeof type);
              setPage(1);
            }}
            data={[
              { value: 'ALL', label: 'All' },
              { value: 'GENERAL', label: 'General' },
              { value: 'INDIVIDUAL', label: 'Individual' },
              { value: 'BUSINESS', label: 'Business' },
            ]}
          />
        </Group>
        {list.error ? (
          <LoadError
            error={list.error}
            title="The entities could not be loaded"
            onRetry={() => void list.refetch()}
          />
        ) : list.isLoading ? (
          <Skeleton h={160} />
        ) : list.data && list.data.data.length === 0 ? (
          <StateMessage
            title={debounced || type !== 'ALL' ? 'No entities match' : 'No entities yet'}
            icon={<IconDatabase size={22} />}
          >
            {debounced || type !== 'ALL'
              ? 'Try another search.'
              : 'Create your first entity, such as Property or Lead.'}
          </StateMessage>
        ) : (
          <Table.ScrollContainer minWidth={640}>
            <Table highlightOnHover verticalSpacing="sm">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Name</Table.Th>
                  <Table.Th>Kind</Table.Th>
                  <Table.Th ta="right">Records</Table.Th>
                  <Table.Th>Templates</Table.Th>
                  <Table.Th>Changed</Table.Th>
                  <Table.Th />
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {list.data?.data.map((entity) => (
                  <Table.Tr key={entity._id}>
                    <Table.Td>
                      <Anchor component={Link} to={entityPath(entity._id)} fw={500}>
                        {entity.name}
                      </Anchor>
                      {entity.description && (
                        <Text size="xs" c="dimmed" lineClamp={1}>
                          {entity.description}
                        </Text>
                      )}
                    </Table.Td>
                    <Table.Td>
                      <Badge variant="light" color={TYPE_COLOURS[entity.entity_type]} tt="none">
                        {entity.entity_type.toLowerCase()}
                      </Badge>
                    </Table.Td>
                    <Table.Td ta="right">{entity.records_count.toLocaleString('en-IN')}</Table.Td>
                    <Table.Td>
                      <Text size="sm" lineClamp={1}>
                        {entity.templates.map((t) => t.name).join(', ')}
                      </Text>
                    </Table.Td>
                    <Table.Td>{formatDate(entity.updated_at)}</Table.Td>
                    <Table.Td ta="right">
                      <Button
                        size="compact-sm"
                        variant="subtle"
                        component={Link}
                        to={entitySettingsPath(entity._id)}
                        leftSection={<IconSettings size={14} />}
                      >
                        Settings
                      </Button>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
        {list.data && list.data.total > PAGE_SIZE && (
          <Group justify="flex-end" mt="sm">
            <ListPager
              page={page}
              limit={PAGE_SIZE}
              total={list.data.total}
              totalPages={list.data.total_pages}
              onPage={setPage}
            />
          </Group>
        )}
      </Panel>
      <CreateEntityDialog
        opened={creating}
        onClose={() => setCreating(false)}
        onCreated={(entity) => {
          setCreating(false);
          void queryClient.invalidateQueries({ queryKey: ENTITY_KEYS.all });
          void navigate(entityPath(entity._id));
        }}
      />
    </PageFrame>
  );
}

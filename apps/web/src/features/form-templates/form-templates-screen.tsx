import { useState, type ReactNode } from 'react';
import {
  ActionIcon,
  Anchor,
  Badge,
  Box,
  Button,
  Group,
  Menu,
  SegmentedControl,
  Skeleton,
  Stack,
  Table,
  Text,
  TextInput,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import {
  IconCopy,
  IconDots,
  IconEdit,
  IconEye,
  IconFileSpreadsheet,
  IconForms,
  IconPlus,
  IconSearch,
  IconSparkles,
  IconTrash,
} from '@tabler/icons-react';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from 'react-router';
import type { TFormTemplate, TFormTemplateType } from '@esigns/contracts/form-templates';
import { usePageTitle } from '../../shared/branding/use-page-title';
import { formatDate } from '../../shared/format/date';
import { ListPager } from '../../shared/ui/list-pager';
import {
  ConfirmDialog,
  LoadError,
  NoAccess,
  PageFrame,
  Panel,
  StateMessage,
  errorText,
  isForbidden,
} from '../../shared/ui/page-kit';
import { useCan, type Can } from '../../shared/permissions/use-can';
import {
  FORM_TEMPLATE_KEYS,
  deleteFormTemplate,
  duplicateFormTemplate,
  fetchFormTemplates,
  type FormTemplateQuery,
} from './form-templates-api';
import { ImportTemplateDialog } from './import-template-dialog';

export const FORM_TEMPLATES_PAGE_SIZE = 10;

const path = (template: Pick<TFormTemplate, '_id'>, action: 'edit' | 'view') =>
  `/template/${encodeURIComponent(template._id)}/${action}`;

function RowActions({ row, rights }: { row: TFormTemplate; rights: Pick<Can, 'can'> }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [isDeleting, setDeleting] = useState(false);
  const isCustom = row.type === 'CUSTOM';
  const duplicate = useMutation({
    mutationFn: () => duplicateFormTemplate(row._id),
    onSuccess: (copy) => {
      void queryClient.invalidateQueries({ queryKey: FORM_TEMPLATE_KEYS.all });
      notifications.show({ color: 'teal', message: `${copy.name} created` });
      void navigate(path(copy, 'edit'));
    },
    onError: (error) => notifications.show({ color: 'red', message: errorText(error) }),
  });
  const remove = useMutation({
    mutationFn: () => deleteFormTemplate(row._id),
    onSuccess: () => {
      setDeleting(false);
      void queryClient.invalidateQueries({ queryKey: FORM_TEMPLATE_KEYS.all });
      notifications.show({ color: 'teal', message: `${row.name} deleted` });
    },
  });
  return (
    <Group gap={4} justify="flex-end" wrap="nowrap">
      <Button
        component={Link}
        to={path(row, 'view')}
        size="compact-sm"
        variant="light"
        leftSection={<IconEye size={14} />}
      >
        View
      </Button>
      <Menu position="bottom-end" withinPortal>
        <Menu.Target>
          <ActionIcon variant="subtle" aria-label={`More actions for ${row.name}`}>
            <IconDots size={16} />
          </ActionIcon>
        </Menu.Target>
        <Menu.Dropdown>
          {isCustom && rights.can('form-templates:update') && (
            <Menu.Item component={Link} to={path(row, 'edit')} leftSection={<IconEdit size={14} />}>
              Edit
            </Menu.Item>
          )}
          {rights.can('form-templates:duplicate') && (
            <Menu.Item
              leftSection={<IconCopy size={14} />}
              onClick={() => duplicate.mutate()}
              disabled={duplicate.isPending}
            >
              Duplicate
            </Menu.Item>
          )}
          {isCustom && rights.can('form-templates:delete') && (
            <Menu.Item color="red" leftSection={<IconTrash size={14} />} onClick={() => setDeleting(true)}>
              Delete
            </Menu.Item>
          )}
        </Menu.Dropdown>
      </Menu>
      <ConfirmDialog
        opened={isDeleting}
        title="Delete template"
        confirmLabel="Delete"
        onConfirm={() => remove.mutate()}
        onClose={() => {
          setDeleting(false);
          remove.reset();
        }}
        isPending={remove.isPending}
        error={remove.error}
      >
        Delete <b>{row.name}</b>? It disappears from the list; templates that entities or forms use cannot be
        deleted.
      </ConfirmDialog>
    </Group>
  );
}

/**
 * /template: the company's form templates and the standard ones, server-paged with search; each
 * row opens, edits, duplicates or deletes as far as the caller's permissions go. New templates
 * start empty in the builder or from a spreadsheet's columns.
 */
export function FormTemplatesScreen() {
  usePageTitle('Form templates');
  const rights = useCan();
  const [type, setType] = useState<TFormTemplateType>('CUSTOM');
  const [search, setSearch] = useState('');
  const [debouncedSearch] = useDebouncedValue(search.trim(), 300);
  const [page, setPage] = useState(1);
  const [isImporting, setImporting] = useState(false);
  const canCreate = rights.can('form-templates:create');

  const query: FormTemplateQuery = {
    page,
    limit: FORM_TEMPLATES_PAGE_SIZE,
    search: debouncedSearch || undefined,
    type,
    sort: type === 'STANDARD' ? 'name' : '-updated_at',
  };
  const list = useQuery({
    queryKey: FORM_TEMPLATE_KEYS.page(query),
    queryFn: ({ signal }) => fetchFormTemplates(query, signal),
    placeholderData: keepPreviousData,
  });

  const actions = canCreate && (
    <>
      <Button
        variant="default"
        leftSection={<IconFileSpreadsheet size={16} />}
        onClick={() => setImporting(true)}
      >
        From a spreadsheet
      </Button>
      <Button
        variant="default"
        component={Link}
        to="/template/create-with-ai"
        leftSection={<IconSparkles size={16} />}
      >
        Describe it
      </Button>
      <Button component={Link} to="/template/create" leftSection={<IconPlus size={16} />}>
        New template
      </Button>
    </>
  );
  const frame = (content: ReactNode) => (
    <PageFrame
      title="Form templates"
      description="Sets of typed fields that entities, records and forms are built from."
      actions={actions || undefined}
    >
      {content}
      {isImporting && <ImportTemplateDialog onClose={() => setImporting(false)} />}
    </PageFrame>
  );

  if (rights.isLoading) return frame(<Skeleton h={320} radius="md" aria-busy="true" />);
  if (isForbidden(list.error)) {
    return frame(
      <Panel>
        <NoAccess>
          Your user type cannot see form templates. Ask an owner or admin if you need access.
        </NoAccess>
      </Panel>,
    );
  }
  const rows = list.data?.data ?? [];
  return frame(
    <Panel>
      <Stack gap="md" p="md">
        <Group justify="space-between" wrap="wrap">
          <SegmentedControl
            data={[
              { value: 'CUSTOM', label: 'Company templates' },
              { value: 'STANDARD', label: 'Standard templates' },
            ]}
            value={type}
            onChange={(value) => {
              setType(value as TFormTemplateType);
              setPage(1);
            }}
          />
          <TextInput
            placeholder="Search by name, code or description"
            aria-label="Search templates"
            leftSection={<IconSearch size={16} />}
            w={320}
            value={search}
            onChange={(event) => {
              setSearch(event.currentTarget.value);
              setPage(1);
            }}
          />
        </Group>
        {list.error ? (
          <LoadError
            title="Could not load the templates"
            error={list.error}
            onRetry={() => void list.refetch()}
          />
        ) : !list.isPending && rows.length === 0 ? (
          <StateMessage
            icon={<IconForms size={22} />}
            color="gray"
            title={debouncedSearch ? 'No template matches' : 'No form templates yet'}
          >
            {debouncedSearch
              ? 'Try another search.'
              : canCreate
                ? 'Create one, start from a spreadsheet, or duplicate a standard template.'
                : 'Templates your company builds appear here.'}
          </StateMessage>
        ) : (
          <Table.ScrollContainer minWidth={720}>
            <Table verticalSpacing="sm" highlightOnHover>
              <Table.Thead bg="gray.0">
                <Table.Tr>
                  <Table.Th>Name</Table.Th>
                  <Table.Th w={170}>Code</Table.Th>
                  <Table.Th w={90}>Fields</Table.Th>
                  <Table.Th w={140}>Last changed</Table.Th>
                  <Table.Th w={150} />
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {list.isPending
                  ? Array.from({ length: 4 }, (_, i) => (
                      <Table.Tr key={i}>
                        <Table.Td colSpan={5}>
                          <Skeleton h={16} />
                        </Table.Td>
                      </Table.Tr>
                    ))
                  : rows.map((row) => (
                      <Table.Tr key={row._id} data-testid="form-template-row">
                        <Table.Td>
                          <Box style={{ minWidth: 0 }}>
                            <Group gap={6} wrap="nowrap">
                              <Anchor component={Link} to={path(row, 'view')} fw={500} size="sm">
                                {row.name}
                              </Anchor>
                              {row.type === 'STANDARD' && (
                                <Badge size="xs" variant="light">
                                  Standard
                                </Badge>
                              )}
                              {row.primary_for_user_type && (
                                <Badge size="xs" variant="light" color="grape">
                                  Primary · {row.primary_for_user_type}
                                </Badge>
                              )}
                            </Group>
                            {row.description && (
                              <Text size="xs" c="dimmed" lineClamp={1}>
                                {row.description}
                              </Text>
                            )}
                          </Box>
                        </Table.Td>
                        <Table.Td>
                          <Text size="sm" ff="monospace">
                            {row.code}
                          </Text>
                        </Table.Td>
                        <Table.Td>{row.fields.length}</Table.Td>
                        <Table.Td>
                          <Text size="sm">{formatDate(row.updated_at)}</Text>
                        </Table.Td>
                        <Table.Td>
                          <RowActions row={row} rights={rights} />
                        </Table.Td>
                      </Table.Tr>
                    ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
        <ListPager
          page={page}
          limit={FORM_TEMPLATES_PAGE_SIZE}
          total={list.data?.total ?? 0}
          totalPages={list.data?.total_pages}
          onPage={setPage}
        />
      </Stack>
    </Panel>,
  );
}

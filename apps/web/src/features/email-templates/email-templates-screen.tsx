import { useState } from 'react';
import { Anchor, Badge, Box, Button, Group, Select, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconCopy, IconMail, IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import type { TEmailTemplate, TEmailTemplateType } from '@esigns/contracts/email';
import { usePageTitle } from '../../shared/branding/use-page-title';
import { useCan } from '../../shared/permissions/use-can';
import { errorText } from '../../shared/ui/page-kit';
import {
  DeleteDialog,
  ListScreen,
  ListView,
  RowActions,
  SegmentedFilter,
  useDeleteConfirm,
  useListQuery,
  type ListColumn,
} from '../../shared/ui/list-screen';
import { ENTITY_KEYS, fetchEntities } from '../entities/entities-api';
import {
  EMAIL_TEMPLATE_KEYS,
  deleteEmailTemplate,
  duplicateEmailTemplate,
  fetchEmailTemplates,
} from './email-templates-api';
import { editPathOf } from './paths';

export const EMAIL_TEMPLATES_PAGE_SIZE = 10;

const TABS = [
  { value: 'ENTITY', label: 'Entity templates' },
  { value: 'HEADER_FOOTER', label: 'Headers and footers' },
];

type RowHandlers = { onDelete?: (row: TEmailTemplate) => void; onDuplicate?: (row: TEmailTemplate) => void };

function templateColumns(
  { onDelete, onDuplicate }: RowHandlers,
  canEdit: boolean,
): ListColumn<TEmailTemplate>[] {
  return [
    {
      key: 'name',
      header: 'Name',
      cell: (row) => (
        <Box style={{ minWidth: 0 }}>
          <Group gap={6} wrap="nowrap">
            <Anchor component={Link} to={editPathOf(row)} fw={500} size="sm">
              {row.name}
            </Anchor>
            {row.is_default && (
              <Badge size="xs" variant="light">
                Default
              </Badge>
            )}
          </Group>
          {row.type === 'ENTITY' && (
            <Text size="xs" c="dimmed" lineClamp={1}>
              {row.subject}
            </Text>
          )}
        </Box>
      ),
    },
    {
      key: 'entity',
      header: 'Entity',
      width: 180,
      cell: (row) => <Text size="sm">{row.type === 'ENTITY' ? row.entity_name : 'Every mail'}</Text>,
    },
    {
      key: 'updated',
      header: 'Changed',
      width: 160,
      cell: (row) => <Text size="sm">{new Date(row.updated_at).toLocaleString()}</Text>,
    },
    {
      key: 'actions',
      header: '',
      label: 'Actions',
      width: 130,
      cell: (row) => (
        <RowActions
          name={row.name}
          open={canEdit ? { to: editPathOf(row), label: 'Edit' } : undefined}
          items={[
            onDuplicate && {
              label: 'Duplicate',
              icon: <IconCopy size={14} />,
              onClick: () => onDuplicate(row),
            },
            onDelete && {
              label: 'Delete',
              icon: <IconTrash size={14} />,
              color: 'red',
              onClick: () => onDelete(row),
            },
          ]}
        />
      ),
    },
  ];
}

/** The entities to filter by (the first 100, by name). */
function useEntityOptions() {
  const query = { page: 1, limit: 100 };
  const entities = useQuery({
    queryKey: ENTITY_KEYS.list(query),
    queryFn: ({ signal }) => fetchEntities(query, signal),
  });
  return (entities.data?.data ?? []).map((entity) => ({ value: entity._id, label: entity.name }));
}

function useDuplicate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (row: TEmailTemplate) => duplicateEmailTemplate(row._id),
    onSuccess: (copy) => {
      notifications.show({ color: 'teal', message: `${copy.name} created` });
      void queryClient.invalidateQueries({ queryKey: EMAIL_TEMPLATE_KEYS.all });
    },
    onError: (error) => notifications.show({ color: 'red', message: errorText(error) }),
  });
}

/**
 * /email-template: the company's email templates, entity templates and headers/footers on two
 * tabs, server-paged with a search and an entity filter; Edit, Duplicate and Delete (asks).
 */
export function EmailTemplatesScreen() {
  usePageTitle('Email templates');
  const rights = useCan();
  const [type, setType] = useState<TEmailTemplateType>('ENTITY');
  const entities = useEntityOptions();
  const list = useListQuery({
    pageSize: EMAIL_TEMPLATES_PAGE_SIZE,
    filters: { type: 'ENTITY' as string, entity_id: '' as string },
    queryKey: EMAIL_TEMPLATE_KEYS.page,
    queryFn: fetchEmailTemplates,
  });
  const remove = useDeleteConfirm({
    remove: (row: TEmailTemplate) => deleteEmailTemplate(row._id),
    invalidate: EMAIL_TEMPLATE_KEYS.all,
    notice: (row) => ({ message: `${row.name} deleted` }),
  });
  const duplicate = useDuplicate();
  const canCreate = rights.can('email-templates:create');
  const switchTab = (next: string) => {
    setType(next as TEmailTemplateType);
    list.setFilter('type', next);
  };
  return (
    <ListScreen
      title="Email templates"
      description="Mails your team sends from records, with merge fields, and the header and footer around every mail."
      actions={
        canCreate && (
          <>
            <Button component={Link} to="/email-template/create" leftSection={<IconPlus size={16} />}>
              New email template
            </Button>
            <Button
              component={Link}
              to="/email-header-footer-template/create"
              variant="default"
              leftSection={<IconPencil size={16} />}
            >
              New header and footer
            </Button>
          </>
        )
      }
      rights={rights}
      canView={rights.can('email-templates:view')}
      list={list}
      noAccess="Your user type cannot see email templates."
      filters={
        <>
          <SegmentedFilter data={TABS} value={type} onChange={switchTab} />
          {type === 'ENTITY' && (
            <Select
              aria-label="Filter by entity"
              placeholder="All entities"
              data={entities}
              value={list.filters.entity_id || null}
              onChange={(value) => list.setFilter('entity_id', value ?? '')}
              clearable
              searchable
              w={{ base: '100%', xs: 220 }}
            />
          )}
        </>
      }
      search={{ label: 'Search email templates', placeholder: 'Search by name', width: 260 }}
      dialogs={
        <DeleteDialog confirm={remove} title="Delete email template">
          {(row) => (
            <>
              Delete <b>{row.name}</b>? This cannot be undone.
            </>
          )}
        </DeleteDialog>
      }
    >
      <ListView
        list={list}
        errorTitle="Could not load the email templates"
        empty={{
          icon: IconMail,
          title: type === 'ENTITY' ? 'No email templates yet' : 'No header and footer yet',
          text: canCreate ? 'Create one with the button above.' : 'Templates your company adds appear here.',
          filtered: { title: 'No template matches', text: 'Try another search or entity.' },
        }}
        columns={templateColumns(
          {
            onDelete: rights.can('email-templates:delete') ? remove.ask : undefined,
            onDuplicate: canCreate ? (row) => duplicate.mutate(row) : undefined,
          },
          rights.can('email-templates:update'),
        )}
        rowTestId="email-template-row"
        minWidth={700}
        skeletonRows={4}
      />
    </ListScreen>
  );
}

import { useState } from 'react';
import { Anchor, Badge, Box, Button, Group, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import {
  IconCopy,
  IconEdit,
  IconFileSpreadsheet,
  IconForms,
  IconPlus,
  IconSparkles,
  IconTrash,
} from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from 'react-router';
import type { TFormTemplate, TFormTemplateType } from '@esigns/contracts/form-templates';
import { usePageTitle } from '../../shared/branding/use-page-title';
import { formatDate } from '../../shared/format/date';
import { useCan, type Can } from '../../shared/permissions/use-can';
import {
  DeleteDialog,
  ListScreen,
  ListView,
  RowActions,
  SegmentedFilter,
  useDeleteConfirm,
  useListQuery,
  type ListColumn,
  type ListParams,
} from '../../shared/ui/list-screen';
import { errorText } from '../../shared/ui/page-kit';
import {
  FORM_TEMPLATE_KEYS,
  deleteFormTemplate,
  duplicateFormTemplate,
  fetchFormTemplates,
  type FormTemplateQuery,
} from './form-templates-api';
import { ImportTemplateDialog } from './import-template-dialog';

export const FORM_TEMPLATES_PAGE_SIZE = 10;

const TYPES = [
  { value: 'CUSTOM', label: 'Company templates' },
  { value: 'STANDARD', label: 'Standard templates' },
];

const path = (template: Pick<TFormTemplate, '_id'>, action: 'edit' | 'view') =>
  `/template/${encodeURIComponent(template._id)}/${action}`;

/** Standard templates by name, the company's last changed first. */
const withSort = (params: ListParams<{ type: TFormTemplateType }>): FormTemplateQuery => ({
  ...params,
  type: params.type ?? 'CUSTOM',
  sort: params.type === 'STANDARD' ? 'name' : '-updated_at',
});

type RowProps = { rights: Pick<Can, 'can'>; onDelete: (row: TFormTemplate) => void };

function TemplateRowActions({ row, rights, onDelete }: RowProps & { row: TFormTemplate }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
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
  return (
    <RowActions
      name={row.name}
      open={{ to: path(row, 'view'), label: 'View' }}
      keepEmpty
      items={[
        isCustom &&
          rights.can('form-templates:update') && {
            label: 'Edit',
            icon: <IconEdit size={14} />,
            to: path(row, 'edit'),
          },
        rights.can('form-templates:duplicate') && {
          label: 'Duplicate',
          icon: <IconCopy size={14} />,
          onClick: () => duplicate.mutate(),
          disabled: duplicate.isPending,
        },
        isCustom &&
          rights.can('form-templates:delete') && {
            label: 'Delete',
            icon: <IconTrash size={14} />,
            color: 'red',
            onClick: () => onDelete(row),
          },
      ]}
    />
  );
}

function TemplateName({ row }: { row: TFormTemplate }) {
  return (
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
  );
}

function templateColumns(props: RowProps): ListColumn<TFormTemplate>[] {
  return [
    { key: 'name', header: 'Name', cell: (row) => <TemplateName row={row} /> },
    {
      key: 'code',
      header: 'Code',
      width: 170,
      cell: ({ code }) => (
        <Text size="sm" ff="monospace">
          {code}
        </Text>
      ),
    },
    { key: 'fields', header: 'Fields', width: 90, cell: (row) => row.fields.length },
    {
      key: 'changed',
      header: 'Last changed',
      width: 140,
      cell: (row) => <Text size="sm">{formatDate(row.updated_at)}</Text>,
    },
    {
      key: 'actions',
      header: '',
      label: 'Actions',
      width: 150,
      cell: (row) => <TemplateRowActions row={row} {...props} />,
    },
  ];
}

/**
 * /template: the company's form templates and the standard ones, server-paged with search; each
 * row opens, edits, duplicates or deletes as far as the caller's permissions go. New templates
 * start empty in the builder or from a spreadsheet's columns.
 */
export function FormTemplatesScreen() {
  usePageTitle('Form templates');
  const rights = useCan();
  const [isImporting, setImporting] = useState(false);
  const canCreate = rights.can('form-templates:create');
  const list = useListQuery({
    pageSize: FORM_TEMPLATES_PAGE_SIZE,
    filters: { type: 'CUSTOM' as TFormTemplateType },
    queryKey: (params) => FORM_TEMPLATE_KEYS.page(withSort(params)),
    queryFn: (params, signal) => fetchFormTemplates(withSort(params), signal),
  });
  const remove = useDeleteConfirm({
    remove: (row: TFormTemplate) => deleteFormTemplate(row._id),
    invalidate: FORM_TEMPLATE_KEYS.all,
    notice: (row) => ({ message: `${row.name} deleted` }),
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
  return (
    <ListScreen
      title="Form templates"
      description="Sets of typed fields that entities, records and forms are built from."
      actions={actions}
      rights={rights}
      list={list}
      noAccess="Your user type cannot see form templates."
      filters={<SegmentedFilter data={TYPES} {...list.bind('type')} />}
      search={{ label: 'Search templates', placeholder: 'Search by name, code or description', width: 320 }}
      dialogs={
        <>
          {isImporting && <ImportTemplateDialog onClose={() => setImporting(false)} />}
          <DeleteDialog confirm={remove} title="Delete template">
            {(row) => (
              <>
                Delete <b>{row.name}</b>? It disappears from the list; templates that entities or forms use
                cannot be deleted.
              </>
            )}
          </DeleteDialog>
        </>
      }
    >
      <ListView
        list={list}
        errorTitle="Could not load the templates"
        empty={{
          icon: IconForms,
          title: 'No form templates yet',
          text: canCreate
            ? 'Create one, start from a spreadsheet, or duplicate a standard template.'
            : 'Templates your company builds appear here.',
          filtered: { title: 'No template matches', text: 'Try another search.' },
        }}
        columns={templateColumns({ rights, onDelete: remove.ask })}
        rowTestId="form-template-row"
        minWidth={720}
        skeletonRows={4}
      />
    </ListScreen>
  );
}

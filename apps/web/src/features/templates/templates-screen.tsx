import { Anchor, Badge, Box, Button, Text, Tooltip } from '@mantine/core';
import { IconFilePlus, IconLock, IconTemplate, IconWorld } from '@tabler/icons-react';
import { Link } from 'react-router';
import { usePageTitle } from '../../shared/branding/use-page-title';
import { formatDate } from '../../shared/format/date';
import { useCan, type Can } from '../../shared/permissions/use-can';
import {
  ListScreen,
  ListView,
  NoValue,
  useListQuery,
  type ListCardContent,
  type ListColumn,
} from '../../shared/ui/list-screen';
import { TemplateActions, templateEditorPath } from './template-actions';
import { TEMPLATE_KEYS, fetchTemplates, type TTemplateRow, type TemplateSort } from './templates-api';

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
  if (!row.publish.published) return <NoValue />;
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

function templateColumns(rights: Pick<Can, 'can'>): ListColumn<TTemplateRow>[] {
  return [
    {
      key: 'name',
      header: 'Name',
      sortField: 'name',
      cell: (row) => <TemplateName row={row} rights={rights} />,
    },
    { key: 'status', header: 'Status', width: 110, cell: (row) => <StatusBadge status={row.status} /> },
    { key: 'published', header: 'Published', width: 150, cell: (row) => <PublishedBadge row={row} /> },
    { key: 'roles', header: 'Roles', width: 80, cell: (row) => row.recipients_count },
    {
      key: 'owner',
      header: 'Owner',
      width: 170,
      cell: ({ owner }) => (
        <Text size="sm" truncate="end" title={owner.email}>
          {owner.name || owner.email}
        </Text>
      ),
    },
    {
      key: 'changed',
      header: 'Last changed',
      sortField: 'updated_at',
      cell: (row) => <Text size="sm">{formatDate(row.updated_at)}</Text>,
    },
    {
      key: 'actions',
      header: 'Actions',
      width: 130,
      align: 'right',
      cell: (row) => <TemplateActions row={row} rights={rights} />,
    },
  ];
}

const templateCard =
  (rights: Pick<Can, 'can'>) =>
  (row: TTemplateRow): ListCardContent => ({
    title: <TemplateName row={row} rights={rights} />,
    actions: <TemplateActions row={row} rights={rights} />,
    meta: (
      <>
        <StatusBadge status={row.status} />
        {row.publish.published && <PublishedBadge row={row} />}
        <Text size="xs" c="dimmed">
          {row.recipients_count} {row.recipients_count === 1 ? 'role' : 'roles'} · changed{' '}
          {formatDate(row.updated_at)}
        </Text>
      </>
    ),
  });

/**
 * /templates: the company's document templates (those the caller may see), server-paged, with
 * search, status filter and sort; each row sends, bulk-sends, edits, renames, duplicates, shares,
 * publishes, (de)activates or deletes, as far as the caller's permissions go.
 */
export function TemplatesScreen() {
  usePageTitle('Templates');
  const rights = useCan();
  const canCreate = rights.can('templates:create');
  const list = useListQuery({
    pageSize: TEMPLATES_PAGE_SIZE,
    sort: '-updated_at' as TemplateSort,
    filters: { status: '' as '' | 'ACTIVE' | 'INACTIVE' },
    queryKey: TEMPLATE_KEYS.page,
    queryFn: fetchTemplates,
  });

  const newTemplate = (label: string) =>
    canCreate && (
      <Button component={Link} to="/templates/upload" leftSection={<IconFilePlus size={16} />}>
        {label}
      </Button>
    );
  // Every staff user may list templates: the company's with `templates:view`, else their own and shared ones.
  return (
    <ListScreen
      title="Templates"
      description="Reusable documents with roles and fields: send them again and again, one at a time or in bulk."
      actions={newTemplate('New template')}
      rights={rights}
      list={list}
      noAccess="Your user type cannot see templates."
      search={{ label: 'Search templates', placeholder: 'Search templates' }}
      selects={[
        { key: 'status', label: 'Filter by status', data: STATUS_FILTERS, width: 160 },
        { key: 'sort', label: 'Sort templates', data: SORT_OPTIONS, width: 200 },
      ]}
    >
      <ListView
        list={list}
        errorTitle="Could not load the templates"
        empty={{
          testId: 'templates-empty',
          icon: IconTemplate,
          title: 'No templates yet',
          text: 'Turn a contract you send often (a rent agreement, a sale deed) into a template: set up its roles and fields once, then send it in a few clicks.',
          actions: newTemplate('Create your first template'),
          filtered: { title: 'No templates match', text: 'Try another search or status.' },
        }}
        columns={templateColumns(rights)}
        card={templateCard(rights)}
        rowTestId="template-row"
        minWidth={900}
        skeletonHeight={72}
      />
    </ListScreen>
  );
}

import { Anchor, Badge, Box, Text } from '@mantine/core';
import { IconLink, IconListDetails, IconPencil, IconTrash } from '@tabler/icons-react';
import { Link } from 'react-router';
import type { TFormBuilder } from '@esigns/contracts/form-builders';
import { formatDate } from '../../shared/format/date';
import type { Can } from '../../shared/permissions/use-can';
import { RowActions, type ListCardContent, type ListColumn } from '../../shared/ui/list-screen';
import { useCopyFormLink } from './copy-form-link';
import { formPaths } from './form-builders-api';
import { FORM_OWNER_LABELS, FORM_STATUS_COLORS, FORM_STATUS_LABELS } from './form-labels';

export type FormRowProps = { rights: Pick<Can, 'can'>; onDelete: (row: TFormBuilder) => void };

/** Where a row opens: the builder for those who may change forms, else the form's entries. */
function openingOf(row: TFormBuilder, rights: Pick<Can, 'can'>) {
  if (rights.can('form-builders:update')) return { to: formPaths.builder(row), label: 'Edit' };
  if (rights.can('form-builders:view-submissions')) return { to: formPaths.entries(row), label: 'Entries' };
  return undefined;
}

function FormRowActions({ row, rights, onDelete }: FormRowProps & { row: TFormBuilder }) {
  const copyLink = useCopyFormLink();
  const isActive = row.status === 'ACTIVE';
  return (
    <RowActions
      name={row.name}
      open={openingOf(row, rights)}
      items={[
        isActive &&
          rights.can('form-builders:fill') && {
            label: 'Fill in',
            icon: <IconPencil size={14} />,
            to: formPaths.fill(row),
          },
        rights.can('form-builders:update') &&
          rights.can('form-builders:view-submissions') && {
            label: 'Entries',
            icon: <IconListDetails size={14} />,
            to: formPaths.entries(row),
          },
        isActive &&
          row.owner_type !== 'COMPANY_USERS' &&
          rights.can('form-builders:publish') && {
            label: 'Copy public link',
            icon: <IconLink size={14} />,
            onClick: () => copyLink.mutate(row._id),
            disabled: copyLink.isPending,
          },
        rights.can('form-builders:delete') && {
          label: 'Delete',
          icon: <IconTrash size={14} />,
          color: 'red',
          onClick: () => onDelete(row),
        },
      ]}
    />
  );
}

function FormName({ row, rights }: { row: TFormBuilder; rights: Pick<Can, 'can'> }) {
  const opening = openingOf(row, rights);
  return (
    <Box style={{ minWidth: 0 }}>
      {opening ? (
        <Anchor component={Link} to={opening.to} fw={500} size="sm">
          {row.name}
        </Anchor>
      ) : (
        <Text fw={500} size="sm">
          {row.name}
        </Text>
      )}
      {row.description && (
        <Text size="xs" c="dimmed" lineClamp={1}>
          {row.description}
        </Text>
      )}
    </Box>
  );
}

function StatusBadge({ row }: { row: TFormBuilder }) {
  return (
    <Badge size="sm" variant="light" color={FORM_STATUS_COLORS[row.status]}>
      {FORM_STATUS_LABELS[row.status]}
    </Badge>
  );
}

const counted = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

export function formColumns(props: FormRowProps): ListColumn<TFormBuilder>[] {
  return [
    {
      key: 'name',
      header: 'Name',
      sortField: 'name',
      cell: (row) => <FormName row={row} rights={props.rights} />,
    },
    { key: 'status', header: 'Status', width: 110, cell: (row) => <StatusBadge row={row} /> },
    {
      key: 'owner',
      header: 'Who fills it',
      width: 180,
      cell: (row) => <Text size="sm">{FORM_OWNER_LABELS[row.owner_type]}</Text>,
    },
    { key: 'steps', header: 'Steps', width: 80, cell: (row) => row.steps.length },
    { key: 'entries', header: 'Entries', width: 90, cell: (row) => row.submissions_count },
    {
      key: 'changed',
      header: 'Last changed',
      width: 150,
      sortField: 'updated_at',
      cell: (row) => <Text size="sm">{formatDate(row.updated_at)}</Text>,
    },
    {
      key: 'actions',
      header: '',
      label: 'Actions',
      width: 150,
      cell: (row) => <FormRowActions row={row} {...props} />,
    },
  ];
}

/** A form on a phone: its name and actions, then status, filler and counts. */
export function formCard(props: FormRowProps) {
  return (row: TFormBuilder): ListCardContent => ({
    title: <FormName row={row} rights={props.rights} />,
    actions: <FormRowActions row={row} {...props} />,
    meta: (
      <>
        <StatusBadge row={row} />
        <Text size="xs" c="dimmed">
          {FORM_OWNER_LABELS[row.owner_type]} · {counted(row.steps.length, 'step', 'steps')} ·{' '}
          {counted(row.submissions_count, 'entry', 'entries')}
        </Text>
      </>
    ),
  });
}

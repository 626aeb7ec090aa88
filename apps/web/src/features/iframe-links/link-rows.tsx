import { Anchor, Box, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconBan, IconCode, IconLink } from '@tabler/icons-react';
import { Link } from 'react-router';
import type { TIframeLink } from '@esigns/contracts/iframe-links';
import { formatDateTime } from '../../shared/format/date';
import type { useCan } from '../../shared/permissions/use-can';
import { RowActions, type ListColumn, type useDeleteConfirm } from '../../shared/ui/list-screen';
import { KIND_LABELS } from './iframe-links-api';
import { LinkStatusBadge, linkPath } from './link-parts';

const copy = (text: string, what: string) => {
  void navigator.clipboard?.writeText(text).then(
    () => notifications.show({ color: 'teal', message: `${what} copied` }),
    () => notifications.show({ color: 'red', message: `Could not copy the ${what.toLowerCase()}` }),
  );
};

function NameCell({ row }: { row: TIframeLink }) {
  return (
    <Box miw={0}>
      <Anchor component={Link} to={linkPath(row._id)} fw={500} size="sm">
        {row.name}
      </Anchor>
      <Text size="xs" c="dimmed" lineClamp={1}>
        {KIND_LABELS[row.kind]} · {row.target_name}
      </Text>
    </Box>
  );
}

/** The columns (wide screens) and cards (phones) of /iframeLink's list, with each link's actions. */
export function linkRows(
  rights: ReturnType<typeof useCan>,
  revoke: ReturnType<typeof useDeleteConfirm<TIframeLink>>,
) {
  const actions = (row: TIframeLink) => (
    <RowActions
      name={row.name}
      open={{ to: linkPath(row._id), label: 'Open' }}
      items={[
        { label: 'Copy URL', icon: <IconLink size={14} />, onClick: () => copy(row.url, 'URL') },
        { label: 'Copy snippet', icon: <IconCode size={14} />, onClick: () => copy(row.snippet, 'Snippet') },
        rights.can('iframe-links:delete') &&
          row.status !== 'REVOKED' && {
            label: 'Revoke',
            icon: <IconBan size={14} />,
            color: 'red',
            onClick: () => revoke.ask(row),
          },
      ]}
    />
  );
  const columns: ListColumn<TIframeLink>[] = [
    { key: 'name', header: 'Link', cell: (row) => <NameCell row={row} /> },
    { key: 'status', header: 'Status', width: 110, cell: (row) => <LinkStatusBadge status={row.status} /> },
    {
      key: 'expires',
      header: 'Expires',
      width: 170,
      cell: (row) => <Text size="sm">{formatDateTime(row.expires_at)}</Text>,
    },
    { key: 'opens', header: 'Opens', width: 80, cell: (row) => <Text size="sm">{row.opens}</Text> },
    { key: 'actions', header: '', width: 150, cell: actions },
  ];
  const card = (row: TIframeLink) => ({
    title: <NameCell row={row} />,
    meta: (
      <>
        <LinkStatusBadge status={row.status} />
        <Text size="xs" c="dimmed">
          Expires {formatDateTime(row.expires_at)} · {row.opens} opens
        </Text>
      </>
    ),
    actions: actions(row),
  });
  return { columns, card };
}

import { useState } from 'react';
import { Anchor, Box, Button, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconBan, IconCode, IconFrame, IconLink, IconPlus } from '@tabler/icons-react';
import { Link, useNavigate } from 'react-router';
import { IFRAME_LINK_KINDS, IFRAME_LINK_STATUSES, type TIframeLink } from '@esigns/contracts/iframe-links';
import { usePageTitle } from '../../shared/branding/use-page-title';
import { formatDateTime } from '../../shared/format/date';
import { useCan } from '../../shared/permissions/use-can';
import {
  DeleteDialog,
  ListScreen,
  ListView,
  RowActions,
  useDeleteConfirm,
  useListQuery,
  type ListColumn,
} from '../../shared/ui/list-screen';
import { AllowedOriginsSection } from '../embedding';
import { CreateLinkDialog } from './create-link-dialog';
import { IFRAME_KEYS, KIND_LABELS, fetchLinks, revokeLink } from './iframe-links-api';
import { LinkStatusBadge, linkPath } from './link-parts';

export const LINKS_PAGE_SIZE = 10;

const KIND_OPTIONS = [
  { value: '', label: 'Any kind' },
  ...IFRAME_LINK_KINDS.map((k) => ({ value: k, label: KIND_LABELS[k] })),
];
const STATUS_OPTIONS = [
  { value: '', label: 'Any status' },
  ...IFRAME_LINK_STATUSES.map((s) => ({ value: s, label: s.charAt(0) + s.slice(1).toLowerCase() })),
];

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

/**
 * /iframeLink: the company's iframe links (newest first, revoked ones too), a search and filters,
 * "New iframe link", each link's address and `<iframe>` snippet to copy, revoke; then the host
 * origins allowed to frame them (features/embedding).
 */
export function IframeLinksScreen() {
  usePageTitle('Iframe links');
  const rights = useCan();
  const navigate = useNavigate();
  const [creating, setCreating] = useState(false);
  const list = useListQuery({
    pageSize: LINKS_PAGE_SIZE,
    filters: { status: '' as string, kind: '' as string },
    queryKey: IFRAME_KEYS.list,
    queryFn: (params, signal) =>
      fetchLinks({ ...params, status: params.status as never, kind: params.kind as never }, signal, () =>
        notifications.show({ color: 'red', message: 'Could not load the iframe links' }),
      ),
  });
  const revoke = useDeleteConfirm<TIframeLink>({
    remove: async (row) => {
      const answer = await revokeLink(row._id);
      if (!answer.deleted) throw new Error(answer.error);
    },
    invalidate: IFRAME_KEYS.all,
    notice: (row) => ({ message: `"${row.name}" revoked` }),
  });
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
  return (
    <Stack gap="xl">
      <ListScreen
        title="Iframe links"
        description="Signed, expiring links that embed a form, an entity view or a documents list in another site."
        rights={rights}
        canView={rights.can('iframe-links:view')}
        list={list}
        noAccess="Your user type cannot see iframe links."
        actions={
          rights.can('iframe-links:create') && (
            <Button leftSection={<IconPlus size={16} />} onClick={() => setCreating(true)}>
              New iframe link
            </Button>
          )
        }
        search={{ label: 'Search iframe links', placeholder: 'Name or target', width: 240 }}
        selects={[
          { key: 'kind', label: 'Filter by kind', data: KIND_OPTIONS, width: 160 },
          { key: 'status', label: 'Filter by status', data: STATUS_OPTIONS, width: 150 },
        ]}
        dialogs={
          <>
            {creating && (
              <CreateLinkDialog
                onClose={() => setCreating(false)}
                onCreated={(link) => {
                  setCreating(false);
                  void navigate(linkPath(link._id));
                }}
              />
            )}
            <DeleteDialog confirm={revoke} title="Revoke iframe link" confirmLabel="Revoke">
              {(row) => (
                <>
                  Revoke <b>{row.name}</b>? Pages that embed it show “revoked” at once. The link stays in this
                  list.
                </>
              )}
            </DeleteDialog>
          </>
        }
      >
        <ListView
          list={list}
          errorTitle="Could not load the iframe links"
          empty={{
            icon: IconFrame,
            title: 'No iframe links yet',
            text: 'Create one to embed a form, an entity view or a documents list in another site.',
            filtered: { title: 'No link matches', text: 'Try another search or filter.' },
          }}
          columns={columns}
          card={(row) => ({
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
          })}
          rowTestId="iframe-link-row"
          minWidth={760}
          skeletonRows={3}
        />
      </ListScreen>
      <AllowedOriginsSection />
    </Stack>
  );
}

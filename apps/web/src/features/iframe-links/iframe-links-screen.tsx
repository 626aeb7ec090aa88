import { useState } from 'react';
import { Button, Stack } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconFrame, IconPlus } from '@tabler/icons-react';
import { useNavigate } from 'react-router';
import { IFRAME_LINK_KINDS, IFRAME_LINK_STATUSES, type TIframeLink } from '@esigns/contracts/iframe-links';
import { usePageTitle } from '../../shared/branding/use-page-title';
import { useCan } from '../../shared/permissions/use-can';
import {
  DeleteDialog,
  ListScreen,
  ListView,
  useDeleteConfirm,
  useListQuery,
} from '../../shared/ui/list-screen';
import { AllowedOriginsSection } from '../embedding';
import { CreateLinkDialog } from './create-link-dialog';
import { IFRAME_KEYS, KIND_LABELS, fetchLinks, revokeLink } from './iframe-links-api';
import { linkPath } from './link-parts';
import { linkRows } from './link-rows';

export const LINKS_PAGE_SIZE = 10;

const KIND_OPTIONS = [
  { value: '', label: 'Any kind' },
  ...IFRAME_LINK_KINDS.map((k) => ({ value: k, label: KIND_LABELS[k] })),
];
const STATUS_OPTIONS = [
  { value: '', label: 'Any status' },
  ...IFRAME_LINK_STATUSES.map((s) => ({ value: s, label: s.charAt(0) + s.slice(1).toLowerCase() })),
];

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
  const { columns, card } = linkRows(rights, revoke);
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
          card={card}
          rowTestId="iframe-link-row"
          minWidth={760}
          skeletonRows={3}
        />
      </ListScreen>
      <AllowedOriginsSection />
    </Stack>
  );
}

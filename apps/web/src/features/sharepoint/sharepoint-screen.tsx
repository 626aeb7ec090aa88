import { Button, Group, Skeleton, Stack } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { usePageTitle } from '../../shared/branding/use-page-title';
import { useCan } from '../../shared/permissions/use-can';
import {
  ConfirmDialog,
  NoAccess,
  PageFrame,
  PermissionsFailure,
  QueryFailure,
} from '../../shared/ui/page-kit';
import { ConnectForm, WhatIsNeeded } from './connect-form';
import { CopyLog } from './copy-log';
import { LibraryForm } from './library-form';
import { SHAREPOINT_KEYS, disconnect, fetchConnection } from './sharepoint-api';

const NO_ACCESS = 'Your user type cannot configure integrations.';

function Disconnect() {
  const [open, setOpen] = useState(false);
  const queryClient = useQueryClient();
  const remove = useMutation({
    mutationFn: disconnect,
    onSuccess: () => {
      queryClient.setQueryData(SHAREPOINT_KEYS.connection, null);
      void queryClient.invalidateQueries({ queryKey: SHAREPOINT_KEYS.allCopies });
      setOpen(false);
      notifications.show({ color: 'teal', message: 'SharePoint disconnected' });
    },
  });
  return (
    <>
      <Button variant="subtle" color="red" onClick={() => setOpen(true)}>
        Disconnect
      </Button>
      <ConfirmDialog
        opened={open}
        title="Disconnect SharePoint?"
        confirmLabel="Disconnect"
        isPending={remove.isPending}
        error={remove.error}
        onConfirm={() => remove.mutate()}
        onClose={() => setOpen(false)}
      >
        Nothing more is copied and the copy log is deleted. Files already in SharePoint stay there.
      </ConfirmDialog>
    </>
  );
}

function Content() {
  const query = useQuery({
    queryKey: SHAREPOINT_KEYS.connection,
    queryFn: ({ signal }) => fetchConnection(signal),
  });
  if (query.isError)
    return (
      <QueryFailure query={query} title="Could not load the SharePoint connection" noAccess={NO_ACCESS} />
    );
  if (query.data === undefined) return <Skeleton h={320} />;
  const connection = query.data;
  return (
    <Stack gap="md">
      {!connection && <WhatIsNeeded />}
      <ConnectForm key={connection?._id ?? 'new'} connection={connection} />
      {connection && (
        <>
          <LibraryForm key={connection.updated_at} connection={connection} />
          <CopyLog connection={connection} />
          <Group justify="flex-end">
            <Disconnect />
          </Group>
        </>
      )}
    </Stack>
  );
}

/** /configuration/share_point: copies of sealed documents and workflow packets into SharePoint. */
export function SharePointScreen() {
  usePageTitle('SharePoint');
  const rights = useCan();
  return (
    <PageFrame
      title="SharePoint"
      description="Copy every sealed document and finished workflow packet into a SharePoint document library, through your organisation's own Microsoft Entra ID app."
    >
      {rights.isLoading ? (
        <Skeleton h={320} />
      ) : rights.error ? (
        <PermissionsFailure rights={rights} />
      ) : !rights.can('settings:manage-integrations') ? (
        <NoAccess>{NO_ACCESS}</NoAccess>
      ) : (
        <Content />
      )}
    </PageFrame>
  );
}

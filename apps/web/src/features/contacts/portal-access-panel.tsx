import { Badge, Button, Card, Group, Skeleton, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconDoorEnter, IconMailForward, IconUserOff } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TPortalAccess } from '@esigns/contracts/application-users';
import { formatDate } from '../../shared/format/date';
import { ErrorAlert } from '../../shared/ui/error-alert';
import {
  fetchPortalAccess,
  grantPortalAccess,
  portalAccessKey,
  revokePortalAccess,
} from './portal-access-api';

const STATUS: Record<TPortalAccess['status'], { label: string; color: string; help: string }> = {
  NONE: { label: 'No access', color: 'gray', help: 'This contact cannot sign in to your contact area.' },
  INVITED: { label: 'Invited', color: 'yellow', help: 'The invitation was mailed; it works for 7 days.' },
  ACTIVE: {
    label: 'Active',
    color: 'teal',
    help: 'Signs in to see the documents, forms and records you share.',
  },
  REVOKED: { label: 'Revoked', color: 'red', help: 'Access was taken back: sign-in is refused.' },
};

const when = (value: string | null) => (value ? formatDate(value) : '—');

function Facts({ access }: { access: TPortalAccess }) {
  const rows: [string, string | null][] = [
    ['Invited on', access.invited_at],
    ['Last sign-in', access.last_signin_at],
    ...(access.status === 'REVOKED'
      ? ([['Revoked on', access.revoked_at]] as [string, string | null][])
      : []),
  ];
  return (
    <Group gap="lg">
      {rows.map(([label, value]) => (
        <Stack key={label} gap={0}>
          <Text size="xs" c="dimmed">
            {label}
          </Text>
          <Text size="sm">{when(value)}</Text>
        </Stack>
      ))}
    </Group>
  );
}

/**
 * The contact's access to the contact area (`/ap`) on the staff contact screen: its status and
 * last sign-in, "Give portal access" / "Invite again" / "Revoke access".
 */
export function PortalAccessPanel({ contactId, canUpdate }: { contactId: string; canUpdate: boolean }) {
  const queryClient = useQueryClient();
  const access = useQuery({
    queryKey: portalAccessKey(contactId),
    queryFn: ({ signal }) => fetchPortalAccess(contactId, signal),
  });
  const onSuccess = (message: string) => (next: TPortalAccess) => {
    queryClient.setQueryData(portalAccessKey(contactId), next);
    notifications.show({ color: 'teal', message });
  };
  const grant = useMutation({
    mutationFn: () => grantPortalAccess(contactId),
    onSuccess: onSuccess('Invitation sent'),
  });
  const revoke = useMutation({
    mutationFn: () => revokePortalAccess(contactId),
    onSuccess: onSuccess('Access revoked'),
  });
  const error = grant.error ?? revoke.error ?? access.error;

  const data = access.data;
  const status = data ? STATUS[data.status] : null;
  return (
    <Card withBorder radius="md" padding="md" data-testid="portal-access">
      <Stack gap="sm">
        <Group justify="space-between" wrap="nowrap">
          <Text fw={600}>Contact area access</Text>
          {status && (
            <Badge color={status.color} variant="light">
              {status.label}
            </Badge>
          )}
        </Group>
        {access.isPending && <Skeleton h={48} aria-label="Loading the contact's access" />}
        {data && status && (
          <>
            <Text size="sm" c="dimmed">
              {status.help}
            </Text>
            {data.status !== 'NONE' && <Facts access={data} />}
          </>
        )}
        {error && <ErrorAlert>{error.message}</ErrorAlert>}
        {data && canUpdate && (
          <Group gap="sm">
            {data.status !== 'ACTIVE' && (
              <Button
                size="sm"
                leftSection={
                  data.status === 'NONE' ? <IconDoorEnter size={16} /> : <IconMailForward size={16} />
                }
                loading={grant.isPending}
                onClick={() => grant.mutate()}
              >
                {data.status === 'NONE' ? 'Give portal access' : 'Invite again'}
              </Button>
            )}
            {(data.status === 'ACTIVE' || data.status === 'INVITED') && (
              <Button
                size="sm"
                variant="light"
                color="red"
                leftSection={<IconUserOff size={16} />}
                loading={revoke.isPending}
                onClick={() => revoke.mutate()}
              >
                Revoke access
              </Button>
            )}
          </Group>
        )}
      </Stack>
    </Card>
  );
}

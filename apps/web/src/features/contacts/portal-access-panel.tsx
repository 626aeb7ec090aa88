import { useState } from 'react';
import { Badge, Button, Card, Group, Skeleton, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconDoorEnter, IconMailForward, IconUserOff } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TPortalAccess } from '@esigns/contracts/application-users';
import { isApiError } from '../../shared/api/api-error';
import { ErrorAlert } from '../../shared/ui/error-alert';
import { AccountRecordPicker } from './account-record-picker';
import { ACCESS_STATUS, AccessFacts } from './portal-access-facts';
import {
  changePortalAccount,
  fetchPortalAccess,
  grantPortalAccess,
  portalAccessKey,
  revokePortalAccess,
} from './portal-access-api';

/**
 * The contact's access to the contact area (`/ap`) on the staff contact screen: its status, last
 * sign-in and account record, "Give portal access" / "Invite again" (with the account record
 * chosen), "Save account record" (active access) / "Revoke access".
 */
export function PortalAccessPanel({ contactId, canUpdate }: { contactId: string; canUpdate: boolean }) {
  const queryClient = useQueryClient();
  const access = useQuery({
    queryKey: portalAccessKey(contactId),
    queryFn: ({ signal }) => fetchPortalAccess(contactId, signal),
  });
  // The account record chosen on the panel; undefined: untouched (the server keeps or finds one).
  const [account, setAccount] = useState<string | null | undefined>(undefined);
  const onSuccess = (message: string) => (next: TPortalAccess) => {
    queryClient.setQueryData(portalAccessKey(contactId), next);
    setAccount(undefined);
    notifications.show({ color: 'teal', message });
  };
  const grant = useMutation({
    mutationFn: () => grantPortalAccess(contactId, account === undefined ? {} : { account_data_id: account }),
    onSuccess: onSuccess('Invitation sent'),
  });
  const revoke = useMutation({
    mutationFn: () => revokePortalAccess(contactId),
    onSuccess: onSuccess('Access revoked'),
  });
  const change = useMutation({
    mutationFn: () => changePortalAccount(contactId, { account_data_id: account ?? null }),
    onSuccess: onSuccess('Account record saved'),
  });
  const saving = access.data?.status === 'ACTIVE' ? change : grant;
  const accountError =
    isApiError(saving.error) && saving.error.isValidation
      ? saving.error.fieldErrors.account_data_id
      : undefined;
  const error = (accountError ? null : saving.error) ?? revoke.error ?? access.error;

  const data = access.data;
  const status = data ? ACCESS_STATUS[data.status] : null;
  const choosing = Boolean(data && canUpdate);
  const changed = account !== undefined && account !== data?.account_data_id;
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
            <AccessFacts access={data} withAccount={!choosing} />
          </>
        )}
        {data && choosing && (
          <AccountRecordPicker
            value={account === undefined ? data.account_data_id : account}
            onChange={(next) => {
              setAccount(next);
              saving.reset();
            }}
            error={accountError}
            disabled={saving.isPending}
          />
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
            {data.status === 'ACTIVE' && (
              <Button
                size="sm"
                disabled={!changed}
                loading={change.isPending}
                onClick={() => change.mutate()}
              >
                Save account record
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

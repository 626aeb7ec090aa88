import { useState } from 'react';
import { ActionIcon, Menu, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconDots, IconMailForward, IconTrash, IconUserOff, IconX } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  deactivateCompanyUser,
  eraseCompanyUser,
  resendInvitation,
  type TCompanyUser,
  type TRemoval,
} from './team-api';
import { TEAM_KEYS } from './team-query-keys';
import { ConfirmDialog, errorText } from '../../shared/ui/page-kit';
import type { Can } from '../../shared/permissions/use-can';

type Removal = 'deactivate' | 'withdraw' | 'erase';

const REMOVALS: Record<
  Removal,
  { title: string; confirm: string; done: string; call: (id: string) => Promise<TRemoval> }
> = {
  deactivate: {
    title: 'Deactivate user',
    confirm: 'Deactivate',
    done: 'User deactivated',
    call: deactivateCompanyUser,
  },
  withdraw: {
    title: 'Withdraw invitation',
    confirm: 'Withdraw invitation',
    done: 'Invitation withdrawn',
    call: deactivateCompanyUser,
  },
  erase: {
    title: 'Delete user permanently',
    confirm: 'Delete permanently',
    done: 'User deleted permanently',
    call: eraseCompanyUser,
  },
};

function removalMessage(kind: Removal, name: string) {
  switch (kind) {
    case 'deactivate':
      return (
        <>
          <Text span fw={600}>
            {name}
          </Text>{' '}
          loses access to this workspace at once. You can still delete them permanently later.
        </>
      );
    case 'withdraw':
      return (
        <>
          The invitation link sent to{' '}
          <Text span fw={600}>
            {name}
          </Text>{' '}
          stops working.
        </>
      );
    case 'erase':
      return (
        <>
          <Text span fw={600}>
            {name}
          </Text>{' '}
          is removed from this workspace for good. This cannot be undone; their account and other workspaces
          stay.
        </>
      );
    default: {
      const unreachable: never = kind;
      return unreachable;
    }
  }
}

/** The row's menu: resend or withdraw an invitation, deactivate or erase a member. */
export function CompanyUserActions({
  row,
  name,
  isSelf,
  rights,
}: {
  row: TCompanyUser;
  name: string;
  isSelf: boolean;
  rights: Pick<Can, 'canActOnUserType'>;
}) {
  const queryClient = useQueryClient();
  const [confirming, setConfirming] = useState<Removal | null>(null);

  const resend = useMutation({
    mutationFn: () => resendInvitation(row._id),
    onSuccess: () => {
      notifications.show({ color: 'teal', title: 'Invitation sent again', message: row.email });
      void queryClient.invalidateQueries({ queryKey: TEAM_KEYS.companyUsers });
    },
    onError: (error) =>
      notifications.show({
        color: 'red',
        title: 'Could not resend the invitation',
        message: errorText(error),
      }),
  });

  const remove = useMutation({
    mutationFn: (kind: Removal) => REMOVALS[kind].call(row._id),
    onSuccess: (_result, kind) => {
      notifications.show({ color: 'teal', title: REMOVALS[kind].done, message: name });
      setConfirming(null);
      void queryClient.invalidateQueries({ queryKey: TEAM_KEYS.companyUsers });
    },
  });

  const may = (slug: Parameters<Can['canActOnUserType']>[1]) =>
    !isSelf && rights.canActOnUserType(row.user_type, slug);
  const isInvitation = row.status === 'INVITED';
  const canResend = isInvitation && may('company-users:invite');
  const canWithdraw = isInvitation && may('company-users:delete');
  const canDeactivate = row.status === 'ACTIVE' && may('company-users:delete');
  const canErase = !isInvitation && may('company-users:permanent-delete');

  if (!canResend && !canWithdraw && !canDeactivate && !canErase) {
    return (
      <Text size="sm" c="dimmed" aria-label="No actions available">
        —
      </Text>
    );
  }

  const ask = (kind: Removal) => {
    remove.reset();
    setConfirming(kind);
  };

  return (
    <>
      <Menu position="bottom-end" shadow="md" width={220}>
        <Menu.Target>
          <ActionIcon variant="subtle" color="gray" aria-label={`Actions for ${name}`}>
            <IconDots size={18} />
          </ActionIcon>
        </Menu.Target>
        <Menu.Dropdown>
          {canResend && (
            <Menu.Item
              leftSection={<IconMailForward size={16} />}
              onClick={() => resend.mutate()}
              disabled={resend.isPending}
            >
              Resend invitation
            </Menu.Item>
          )}
          {canWithdraw && (
            <Menu.Item color="red" leftSection={<IconX size={16} />} onClick={() => ask('withdraw')}>
              Withdraw invitation
            </Menu.Item>
          )}
          {canDeactivate && (
            <Menu.Item color="red" leftSection={<IconUserOff size={16} />} onClick={() => ask('deactivate')}>
              Deactivate
            </Menu.Item>
          )}
          {canErase && (
            <Menu.Item color="red" leftSection={<IconTrash size={16} />} onClick={() => ask('erase')}>
              Delete permanently
            </Menu.Item>
          )}
        </Menu.Dropdown>
      </Menu>
      <ConfirmDialog
        opened={confirming !== null}
        title={confirming ? REMOVALS[confirming].title : ''}
        confirmLabel={confirming ? REMOVALS[confirming].confirm : ''}
        onConfirm={() => confirming && remove.mutate(confirming)}
        onClose={() => setConfirming(null)}
        isPending={remove.isPending}
        error={remove.error}
      >
        {confirming && removalMessage(confirming, name)}
      </ConfirmDialog>
    </>
  );
}

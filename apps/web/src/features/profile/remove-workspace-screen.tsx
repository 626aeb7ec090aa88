import { useState } from 'react';
import {
  Badge,
  Button,
  EmptyState,
  Group,
  List,
  Modal,
  Paper,
  Skeleton,
  Stack,
  Text,
  ThemeIcon,
} from '@mantine/core';
import { IconBuilding, IconDoorExit, IconUser } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TWorkspace } from '@esigns/contracts/auth';
import { isContactSession, isSignedIn, useSession, workspaceIdOf } from '../../shared/session/session-store';
import { fetchWorkspaces } from '../auth/auth-api';
import { loadPage, signOut, switchWorkspace } from '../auth/auth-session';
import { WORKSPACES_QUERY_KEY } from '../auth/workspace-switcher';
import { ProfileArea } from './profile-area';
import { leaveCurrentWorkspace } from './profile-api';
import { FormAlert, LoadError, errorMessageOf } from './screen-states';

const ROLE_LABELS: Record<string, string> = {
  OWNER: 'Owner',
  ADMIN: 'Admin',
  MANAGER: 'Manager',
  MEMBER: 'Member',
};

/** Why the current workspace cannot be left (checked again by the server), or null. */
export function leaveBlocker(current: TWorkspace | undefined, all: readonly TWorkspace[]): string | null {
  if (!current) return 'Your current workspace is not in your list. Reload the page and try again.';
  if (current.plan_type === 'INDIVIDUAL') return 'Your personal workspace cannot be removed.';
  if (!all.some((workspace) => workspace.company_id !== current.company_id && workspace.is_active)) {
    return 'This is your only active workspace: it cannot be removed.';
  }
  return null;
}

export type RemoveWorkspaceScreenProps = {
  /** Opens a page after switching (a full page load by default, like the workspace switcher). */
  reload?: (path: string) => void;
};

/**
 * /profile/remove-workspace: the user's workspaces; the current one can be left (POST
 * /workspaces/leave), after which the session moves to another workspace. Others are left by
 * switching to them first.
 */
export function RemoveWorkspaceScreen({ reload = loadPage }: RemoveWorkspaceScreenProps) {
  const session = useSession();
  const userId = session.user?._id ?? null;
  const currentId = workspaceIdOf(session);
  const isStaff = isSignedIn(session) && !isContactSession(session);
  const queryClient = useQueryClient();
  const [isConfirming, setIsConfirming] = useState(false);

  const workspaces = useQuery({
    queryKey: [...WORKSPACES_QUERY_KEY, userId],
    queryFn: fetchWorkspaces,
    enabled: isStaff,
    staleTime: 60_000,
  });
  const list = workspaces.data ?? [];
  const current = list.find((workspace) => workspace.company_id === currentId);
  const blocker = workspaces.isSuccess ? leaveBlocker(current, list) : null;

  const switcher = useMutation({
    mutationFn: switchWorkspace,
    onSuccess: () => reload('/profile/remove-workspace'),
  });

  const leave = useMutation({
    mutationFn: async () => {
      await leaveCurrentWorkspace();
      const next = list.find((workspace) => workspace.company_id !== currentId && workspace.is_active);
      try {
        if (!next) throw new Error('No other workspace');
        await switchWorkspace(next.company_id);
      } catch {
        // The membership is gone and so are its sessions: start again from the sign-in page.
        await signOut({ queryClient, leaveTo: reload });
        return null;
      }
      return next;
    },
    onSuccess: (next) => {
      if (next) reload('/dashboard');
    },
  });

  let content;
  if (workspaces.isPending && isStaff) {
    content = (
      <Stack gap="sm" aria-busy="true" aria-label="Loading your workspaces">
        {[0, 1].map((index) => (
          <Skeleton key={index} h={72} radius="md" />
        ))}
      </Stack>
    );
  } else if (workspaces.isError) {
    content = (
      <LoadError
        title="Could not load your workspaces"
        error={workspaces.error}
        onRetry={() => void workspaces.refetch()}
      />
    );
  } else if (list.length === 0) {
    content = (
      <EmptyState
        icon={<IconBuilding size={28} />}
        title="No workspaces"
        description="You do not belong to any workspace."
      />
    );
  } else {
    content = (
      <Stack gap="sm" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
        {list.map((workspace) => {
          const isCurrent = workspace.company_id === currentId;
          const Icon = workspace.plan_type === 'BUSINESS' ? IconBuilding : IconUser;
          const isSwitching = switcher.isPending && switcher.variables === workspace.company_id;
          return (
            <Paper
              key={workspace.company_id}
              component="li"
              withBorder
              radius="md"
              p="md"
              aria-label={workspace.company_name}
            >
              <Group justify="space-between" gap="sm" wrap="wrap">
                <Group gap="sm" wrap="nowrap" style={{ minWidth: 0, flex: 1 }}>
                  <ThemeIcon variant="light" size={40} radius="md" color={isCurrent ? undefined : 'gray'}>
                    <Icon size={20} />
                  </ThemeIcon>
                  <Stack gap={2} style={{ minWidth: 0 }}>
                    <Group gap={6} wrap="wrap">
                      <Text fw={600} truncate maw={260}>
                        {workspace.company_name}
                      </Text>
                      {isCurrent && (
                        <Badge size="xs" variant="light">
                          Current
                        </Badge>
                      )}
                      {!workspace.is_active && (
                        <Badge size="xs" variant="light" color="gray">
                          Inactive
                        </Badge>
                      )}
                    </Group>
                    <Text size="xs" c="dimmed">
                      {workspace.plan_type === 'BUSINESS' ? 'Business' : 'Personal'} ·{' '}
                      {ROLE_LABELS[workspace.user_type] ?? workspace.user_type}
                    </Text>
                  </Stack>
                </Group>
                {isCurrent ? (
                  blocker ? (
                    <Text size="xs" c="dimmed" maw={260}>
                      {blocker}
                    </Text>
                  ) : (
                    <Button
                      color="red"
                      variant="light"
                      size="xs"
                      leftSection={<IconDoorExit size={14} />}
                      onClick={() => {
                        leave.reset();
                        setIsConfirming(true);
                      }}
                    >
                      Leave workspace
                    </Button>
                  )
                ) : workspace.plan_type === 'BUSINESS' && workspace.is_active ? (
                  <Button
                    variant="default"
                    size="xs"
                    loading={isSwitching}
                    disabled={switcher.isPending}
                    onClick={() => switcher.mutate(workspace.company_id)}
                  >
                    Switch to leave it
                  </Button>
                ) : null}
              </Group>
            </Paper>
          );
        })}
      </Stack>
    );
  }

  return (
    <ProfileArea
      title="Remove workspace"
      description="Leave a company workspace you no longer work in. Your account and your other workspaces stay."
    >
      <Stack gap="md">
        <List size="sm" spacing={4} c="dimmed">
          <List.Item>
            You can leave the workspace you are in now; switch to another one to leave it.
          </List.Item>
          <List.Item>Your personal workspace and your only workspace cannot be removed.</List.Item>
          <List.Item>The last owner of a company must make someone else an owner first.</List.Item>
        </List>
        <FormAlert message={switcher.error ? errorMessageOf(switcher.error) : null} />
        {content}
      </Stack>
      <Modal
        opened={isConfirming}
        onClose={() => !leave.isPending && setIsConfirming(false)}
        title={`Leave ${current?.company_name ?? 'this workspace'}?`}
        centered
      >
        <Stack gap="md">
          <Text size="sm">
            You will lose access to this workspace’s documents, templates and contacts, and be signed out of
            it on every device. An owner or admin can invite you again later.
          </Text>
          <FormAlert message={leave.error ? errorMessageOf(leave.error) : null} />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={() => setIsConfirming(false)} disabled={leave.isPending}>
              Cancel
            </Button>
            <Button color="red" loading={leave.isPending} onClick={() => leave.mutate()}>
              Leave workspace
            </Button>
          </Group>
        </Stack>
      </Modal>
    </ProfileArea>
  );
}

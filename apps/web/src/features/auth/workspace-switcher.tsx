import { Badge, Box, Button, Group, Loader, Menu, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconBuilding, IconCheck, IconRefresh, IconSelector, IconUser } from '@tabler/icons-react';
import { useMutation, useQuery } from '@tanstack/react-query';
import type { TWorkspace } from '@esigns/contracts/auth';
import { isApiError } from '../../shared/api/api-error';
import {
  isContactSession,
  isSignedIn,
  useSession,
  workspaceIdOf,
  type SessionWorkspace,
} from '../../shared/session/session-store';
import { fetchWorkspaces } from './auth-api';
import { loadPage, switchWorkspace } from './auth-session';

export const WORKSPACES_QUERY_KEY = ['auth', 'workspaces'] as const;

const ROLE_LABELS: Record<string, string> = {
  OWNER: 'Owner',
  ADMIN: 'Admin',
  MANAGER: 'Manager',
  MEMBER: 'Member',
};

function describeWorkspace(workspace: Pick<TWorkspace, 'plan_type' | 'user_type'>): string {
  const plan = workspace.plan_type === 'BUSINESS' ? 'Business' : 'Personal';
  const role = ROLE_LABELS[workspace.user_type] ?? workspace.user_type;
  return role ? `${plan} · ${role}` : plan;
}

function nameOf(workspace: SessionWorkspace | string | null | undefined): string | null {
  if (!workspace || typeof workspace === 'string') return null;
  return workspace.company_name || workspace.name || null;
}

export type WorkspaceSwitcherProps = {
  /** Opens the dashboard of the new workspace; a full page load by default. */
  reload?: (path: string) => void;
};

/**
 * The top bar's workspace menu: the user's workspaces from /user/getUserWorkspaceList; picking
 * one asks the server for a session there, stores it and reloads /dashboard (spec 1 §4).
 */
export function WorkspaceSwitcher({ reload = loadPage }: WorkspaceSwitcherProps) {
  const session = useSession();
  const userId = session.user?._id ?? null;
  const currentId = workspaceIdOf(session);
  const isStaff = isSignedIn(session) && !isContactSession(session);

  const workspaces = useQuery({
    queryKey: [...WORKSPACES_QUERY_KEY, userId],
    queryFn: fetchWorkspaces,
    enabled: isStaff,
    staleTime: 60_000,
  });

  const switcher = useMutation({
    mutationFn: switchWorkspace,
    onSuccess: () => reload('/dashboard'),
    onError: (error) => {
      notifications.show({
        color: 'red',
        title: 'Could not switch workspace',
        message: isApiError(error) ? error.message : 'Please try again.',
      });
    },
  });

  const list = workspaces.data ?? [];
  const current = list.find((workspace) => workspace.company_id === currentId);
  const label = current?.company_name ?? nameOf(session.user?.current_workspace) ?? 'My workspace';

  return (
    <Menu position="bottom-start" width={280} shadow="md" closeOnItemClick={false}>
      <Menu.Target>
        <Button
          variant="default"
          size="sm"
          radius="md"
          data-slot="workspace-switcher"
          aria-label={`Workspace: ${label}. Switch workspace`}
          maw={{ base: 44, sm: 240 }}
          px={{ base: 'xs', sm: 'md' }}
        >
          {/* On phones only the icon: the top bar has no room for the name. */}
          <Group gap={8} wrap="nowrap" style={{ minWidth: 0, maxWidth: '100%' }}>
            <IconBuilding size={16} style={{ flexShrink: 0 }} />
            <Box
              component="span"
              visibleFrom="sm"
              style={{ minWidth: 0, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}
            >
              {label}
            </Box>
            <Box component="span" visibleFrom="sm" style={{ display: 'flex', flexShrink: 0 }}>
              <IconSelector size={14} />
            </Box>
          </Group>
        </Button>
      </Menu.Target>
      <Menu.Dropdown data-testid="workspace-menu">
        <Menu.Label>Workspaces</Menu.Label>
        {workspaces.isPending && isStaff && (
          <Menu.Item disabled leftSection={<Loader size={14} />}>
            Loading workspaces…
          </Menu.Item>
        )}
        {workspaces.isError && (
          <Menu.Item leftSection={<IconRefresh size={16} />} onClick={() => void workspaces.refetch()}>
            Could not load your workspaces. Try again
          </Menu.Item>
        )}
        {list.map((workspace) => {
          const isCurrent = workspace.company_id === currentId;
          const isSwitching = switcher.isPending && switcher.variables === workspace.company_id;
          const Icon = workspace.plan_type === 'BUSINESS' ? IconBuilding : IconUser;
          return (
            <Menu.Item
              key={workspace.company_id}
              disabled={!workspace.is_active || switcher.isPending}
              aria-current={isCurrent ? 'true' : undefined}
              leftSection={isSwitching ? <Loader size={16} /> : <Icon size={16} />}
              rightSection={
                isCurrent ? (
                  <IconCheck size={16} color="var(--mantine-primary-color-filled)" aria-label="Current" />
                ) : !workspace.is_active ? (
                  <Badge size="xs" color="gray" variant="light">
                    Inactive
                  </Badge>
                ) : null
              }
              onClick={() => {
                if (!isCurrent) switcher.mutate(workspace.company_id);
              }}
            >
              <Stack gap={0}>
                <Text size="sm" fw={isCurrent ? 600 : 500} truncate maw={180}>
                  {workspace.company_name}
                </Text>
                <Text size="xs" c="dimmed">
                  {describeWorkspace(workspace)}
                </Text>
              </Stack>
            </Menu.Item>
          );
        })}
        {workspaces.isSuccess && list.length === 0 && (
          <Menu.Item disabled>
            <Group gap={6}>
              <Text size="sm">No other workspaces</Text>
            </Group>
          </Menu.Item>
        )}
      </Menu.Dropdown>
    </Menu>
  );
}

import { Avatar, Box, Button, Group, Menu, Text, UnstyledButton } from '@mantine/core';
import {
  IconChevronDown,
  IconLogin,
  IconLogout,
  IconMail,
  IconSettings,
  IconUserCircle,
} from '@tabler/icons-react';
import { Link, useNavigate } from 'react-router';
import { formatFullName, formatInitials } from '../../shared/format/name';
import { isSignedIn, sessionStore, useSession } from '../../shared/session/session-store';

export type UserMenuLink = { label: string; to: string; icon: typeof IconUserCircle };

const STAFF_LINKS: UserMenuLink[] = [
  { label: 'Profile', to: '/profile', icon: IconUserCircle },
  { label: 'Settings', to: '/profilesettings', icon: IconSettings },
  { label: 'Outbox', to: '/outbox', icon: IconMail },
];

/** Avatar menu of the top bar; a Sign in button while signed out (preview mode). */
export function UserMenu({
  links = STAFF_LINKS,
  signinTo = '/signin',
}: {
  links?: UserMenuLink[];
  signinTo?: string;
}) {
  const session = useSession();
  const navigate = useNavigate();

  if (!isSignedIn(session) || !session.user) {
    return (
      <Button
        component={Link}
        to={signinTo}
        variant="light"
        size="sm"
        leftSection={<IconLogin size={16} />}
        data-slot="user-menu"
      >
        Sign in
      </Button>
    );
  }

  const name = formatFullName(session.user) || 'Account';
  const signOut = () => {
    sessionStore.clear();
    void navigate(signinTo);
  };

  return (
    <Menu position="bottom-end" width={220} shadow="md">
      <Menu.Target>
        <UnstyledButton aria-label="Account menu" data-slot="user-menu">
          <Group gap={8} wrap="nowrap">
            <Avatar src={session.user.avatar || null} radius="xl" size={34} color="brand">
              {formatInitials(session.user)}
            </Avatar>
            <Box visibleFrom="md" maw={160}>
              <Text size="sm" fw={600} truncate>
                {name}
              </Text>
            </Box>
            <IconChevronDown size={14} />
          </Group>
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{session.user.email ?? name}</Menu.Label>
        {links.map((link) => (
          <Menu.Item key={link.to} component={Link} to={link.to} leftSection={<link.icon size={16} />}>
            {link.label}
          </Menu.Item>
        ))}
        <Menu.Divider />
        <Menu.Item color="red" leftSection={<IconLogout size={16} />} onClick={signOut}>
          Sign out
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}

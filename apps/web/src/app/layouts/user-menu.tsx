import { useState } from 'react';
import { Avatar, Box, Button, Group, Loader, Menu, Stack, Text, UnstyledButton } from '@mantine/core';
import {
  IconChevronDown,
  IconLogin,
  IconLogout,
  IconMail,
  IconSettings,
  IconUserCircle,
} from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import { signOut } from '../../features/auth/auth-session';
import { takeSsoLogoutUrl } from '../../features/sso/sso-storage';
import { formatFullName, formatInitials } from '../../shared/format/name';
import { isSignedIn, useSession } from '../../shared/session/session-store';

export type UserMenuLink = { label: string; to: string; icon: typeof IconUserCircle };

const STAFF_LINKS: UserMenuLink[] = [
  { label: 'Profile', to: '/profile', icon: IconUserCircle },
  { label: 'Settings', to: '/profilesettings', icon: IconSettings },
  { label: 'Email log', to: '/email-log', icon: IconMail },
];

/** Avatar menu of the top bar (name, email, links, sign-out); a Sign in button while signed out. */
export function UserMenu({
  links = STAFF_LINKS,
  signinTo = '/signin',
  leaveTo,
}: {
  links?: UserMenuLink[];
  signinTo?: string;
  /** Opens the sign-in page after sign-out (tests); a full page load by default. */
  leaveTo?: (path: string) => void;
}) {
  const session = useSession();
  const queryClient = useQueryClient();
  const [isSigningOut, setIsSigningOut] = useState(false);

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

  const user = session.user;
  const name = formatFullName(user) || 'Account';
  const initials = formatInitials(user);
  const signOutNow = () => {
    if (isSigningOut) return;
    setIsSigningOut(true);
    // Signed in through the company's identity provider: its end-session page ends that session
    // too (else the next "Sign in with SSO" would let anyone at this browser straight back in),
    // then returns to /signin.
    const providerLogout = takeSsoLogoutUrl();
    void signOut({ queryClient, to: providerLogout ?? signinTo, leaveTo });
  };

  return (
    <Menu position="bottom-end" width={260} shadow="md">
      <Menu.Target>
        <UnstyledButton aria-label={`Account menu for ${name}`} data-slot="user-menu">
          <Group gap={8} wrap="nowrap">
            <Avatar src={user.avatar || null} alt="" radius="xl" size={34} color="brand">
              {initials}
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
        <Group gap="sm" wrap="nowrap" px="sm" py="xs" data-testid="user-menu-identity">
          <Avatar src={user.avatar || null} alt="" radius="xl" size={40} color="brand">
            {initials}
          </Avatar>
          <Stack gap={0} style={{ minWidth: 0 }}>
            <Text size="sm" fw={600} truncate>
              {name}
            </Text>
            {user.email && (
              <Text size="xs" c="dimmed" truncate>
                {user.email}
              </Text>
            )}
          </Stack>
        </Group>
        <Menu.Divider />
        {links.map((link) => (
          <Menu.Item key={link.to} component={Link} to={link.to} leftSection={<link.icon size={16} />}>
            {link.label}
          </Menu.Item>
        ))}
        <Menu.Divider />
        <Menu.Item
          color="red"
          leftSection={isSigningOut ? <Loader size={16} color="red" /> : <IconLogout size={16} />}
          onClick={signOutNow}
          closeMenuOnClick={false}
          disabled={isSigningOut}
        >
          {isSigningOut ? 'Signing out…' : 'Sign out'}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}

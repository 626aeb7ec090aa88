import { Button, Group, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { Link } from 'react-router';
import { usePageTitle } from '../../shared/branding/use-page-title';
import { isContactSession, isSignedIn, useSession } from '../../shared/session/session-store';

/** /ap/forbidden: where a visitor lands when their account may not open a screen. */
export function ForbiddenScreen() {
  usePageTitle('Access denied');
  const session = useSession();
  const home = !isSignedIn(session) ? '/signin' : isContactSession(session) ? '/ap/dashboard' : '/dashboard';
  return (
    <Stack align="center" ta="center" gap="sm" data-testid="forbidden">
      <ThemeIcon size={56} radius="xl" variant="light" color="red">
        <IconLock size={30} stroke={1.6} />
      </ThemeIcon>
      <Title order={2}>Access denied</Title>
      <Text c="dimmed">
        Your account does not have access to this page. If you think it should, ask your workspace
        administrator.
      </Text>
      <Group mt="sm">
        <Button component={Link} to={home}>
          {isSignedIn(session) ? 'Go to my dashboard' : 'Sign in'}
        </Button>
      </Group>
    </Stack>
  );
}

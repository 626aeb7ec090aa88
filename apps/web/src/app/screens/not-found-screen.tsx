import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft, IconMapSearch } from '@tabler/icons-react';
import { Link } from 'react-router';
import { usePageTitle } from '../../shared/branding/use-page-title';

export type NotFoundScreenProps = {
  /** Where the button leads: the dashboard of the area the visitor is in. */
  homeTo?: string;
  homeLabel?: string;
};

export function NotFoundScreen({
  homeTo = '/dashboard',
  homeLabel = 'Back to dashboard',
}: NotFoundScreenProps) {
  usePageTitle('Page not found');
  return (
    <Center mih="60vh" data-testid="not-found">
      <Stack align="center" gap="sm" maw={460} ta="center">
        <IconMapSearch size={56} stroke={1.3} color="var(--mantine-primary-color-filled)" />
        <Title order={1} fz={72} lh={1} c="var(--mantine-primary-color-filled)">
          404
        </Title>
        <Title order={2} size="h3">
          Page not found
        </Title>
        <Text c="dimmed">
          We couldn&apos;t find the page you were looking for. It may have moved, or the link may be mistyped.
        </Text>
        <Button component={Link} to={homeTo} leftSection={<IconArrowLeft size={16} />} mt="sm">
          {homeLabel}
        </Button>
      </Stack>
    </Center>
  );
}

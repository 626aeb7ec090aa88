import type { ReactNode } from 'react';
import { Anchor, Box, Center, Image, Paper, Stack, Text, Title } from '@mantine/core';
import { Link, Outlet } from 'react-router';
import { useBranding } from '../../shared/branding/branding-provider';
import { useRouteHandle } from '../route-handle';
import type { PublicWidth } from '../routes';

const WIDTHS: Record<PublicWidth, number> = { narrow: 460, wide: 1100 };

/** Public and guest pages: a centred card with the logo and slogan, and the powered-by footer. */
export function PublicLayout({ width, children }: { width?: PublicWidth; children?: ReactNode }) {
  const branding = useBranding();
  const handle = useRouteHandle();
  const cardWidth = WIDTHS[width ?? handle.width ?? 'narrow'];

  return (
    <Box
      mih="100vh"
      data-testid="public-layout"
      style={{
        display: 'flex',
        flexDirection: 'column',
        background:
          'radial-gradient(1200px 500px at 50% -10%, var(--mantine-color-brand-1), transparent 70%), var(--mantine-color-gray-0)',
      }}
    >
      <Center component="main" style={{ flex: 1 }} px="md" py={48}>
        <Stack gap="lg" w="100%" maw={cardWidth} align="stretch">
          <Stack gap={6} align="center">
            <Anchor component={Link} to="/" aria-label={`${branding.app_name} home`} underline="never">
              <Image src={branding.logo_url} alt={branding.app_name} w={56} h={56} fit="contain" />
            </Anchor>
            <Title order={1} size="h3" fw={700}>
              {branding.app_name}
            </Title>
            <Text c="dimmed" size="sm" fw={500} data-testid="slogan">
              {branding.slogan}
            </Text>
          </Stack>
          <Paper shadow="md" radius="lg" p={{ base: 'lg', sm: 32 }} withBorder>
            {children ?? <Outlet />}
          </Paper>
        </Stack>
      </Center>
      <Box component="footer" py="md" ta="center">
        <Text size="xs" c="dimmed" data-testid="powered-by">
          {branding.powered_by}
        </Text>
      </Box>
    </Box>
  );
}

import { Group, Image, Text, UnstyledButton } from '@mantine/core';
import { Link } from 'react-router';
import { useBranding } from '../../shared/branding/branding-provider';

export function BrandMark({
  to = '/dashboard',
  size = 32,
  withName = true,
}: {
  to?: string;
  size?: number;
  withName?: boolean;
}) {
  const branding = useBranding();
  return (
    <UnstyledButton component={Link} to={to} aria-label={`${branding.app_name} home`}>
      <Group gap={10} wrap="nowrap">
        <Image src={branding.logo_url} alt="" w={size} h={size} fit="contain" />
        {withName && (
          <Text fw={700} fz="lg" c="dark.7" style={{ letterSpacing: '-0.01em', whiteSpace: 'nowrap' }}>
            {branding.app_name}
          </Text>
        )}
      </Group>
    </UnstyledButton>
  );
}

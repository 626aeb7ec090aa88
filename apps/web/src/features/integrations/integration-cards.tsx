import type { ReactNode } from 'react';
import { Badge, Button, Card, Group, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';

/** One integration on the hub or the catalogue: a title, what it is, its state, where to go. */
export function IntegrationCard({
  title,
  children,
  badge,
  to,
  action,
  testId,
}: {
  title: string;
  children: ReactNode;
  badge?: { label: string; color: string };
  to: string;
  action: string;
  testId?: string;
}) {
  return (
    <Card withBorder radius="md" padding="md" data-testid={testId}>
      <Stack gap="xs" h="100%">
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <Text fw={600}>{title}</Text>
          {badge && (
            <Badge color={badge.color} variant="light">
              {badge.label}
            </Badge>
          )}
        </Group>
        <Stack gap={4} style={{ flex: 1 }}>
          {children}
        </Stack>
        <Group>
          <Button component={Link} to={to} variant="light" size="sm">
            {action}
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}

/** A line of a card: dimmed text. */
export const CardLine = ({ children }: { children: ReactNode }) => (
  <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
    {children}
  </Text>
);

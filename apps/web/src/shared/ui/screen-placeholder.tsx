import { Badge, Box, Card, Code, Group, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconHourglassHigh } from '@tabler/icons-react';
import { usePageTitle } from '../branding/use-page-title';

export type ScreenPlaceholderProps = {
  /** The screen's name, e.g. 'Contacts'. */
  title: string;
  /** The route in the spec's notation, e.g. '/contacts/edit/{contact_id}'. */
  pattern: string;
  /** `plain` inside layouts that already frame the page in a card (public pages). */
  variant?: 'card' | 'plain';
};

export const COMING_SOON_TEXT = 'This screen is coming soon.';

/** Stands in for a screen that is not built yet, inside the layout it will live in. */
export function ScreenPlaceholder({ title, pattern, variant = 'card' }: ScreenPlaceholderProps) {
  usePageTitle(title);
  const content = (
    <Stack gap="md" align="flex-start" data-testid="screen-placeholder">
      <Group gap="md" wrap="nowrap" align="center">
        <ThemeIcon size={48} radius="md" variant="light">
          <IconHourglassHigh size={26} stroke={1.6} color="var(--mantine-primary-color-filled)" />
        </ThemeIcon>
        <Box>
          <Group gap="xs" align="center">
            <Title order={2} size="h3">
              {title}
            </Title>
            <Badge variant="light" radius="sm">
              Coming soon
            </Badge>
          </Group>
          <Text c="dimmed" size="sm">
            {COMING_SOON_TEXT}
          </Text>
        </Box>
      </Group>
      <Group gap={6} wrap="nowrap">
        <Text size="sm" c="dimmed">
          Route
        </Text>
        <Code style={{ wordBreak: 'break-all' }}>{pattern}</Code>
      </Group>
    </Stack>
  );
  if (variant === 'plain') return content;
  return (
    <Card shadow="xs" padding="xl" maw={880}>
      {content}
    </Card>
  );
}

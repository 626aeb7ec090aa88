import { Anchor, Badge, Group, Paper, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { formatDateTime } from '../../shared/format/date';
import { recordPath } from '../entities/paths';
import type { CheckIn } from './scan-rules';

/** This session's check-ins, newest first (kept while the screen is open). */
export function CheckInList({ history }: { history: readonly CheckIn[] }) {
  return (
    <Paper withBorder p="md" radius="md">
      <Group justify="space-between" mb="xs">
        <Text fw={600} id="check-ins-title">
          Check-ins this session
        </Text>
        <Badge variant="light">{history.length}</Badge>
      </Group>
      {history.length === 0 ? (
        <Text size="sm" c="dimmed">
          No check-ins yet. Scan a record&apos;s code to check it in.
        </Text>
      ) : (
        <Stack
          gap={6}
          component="ol"
          aria-labelledby="check-ins-title"
          style={{ listStyle: 'none', padding: 0, margin: 0 }}
        >
          {history.map((entry) => (
            <Group
              key={`${entry.recordId}-${entry.at}`}
              component="li"
              justify="space-between"
              gap="xs"
              wrap="nowrap"
            >
              <Anchor
                component={Link}
                to={recordPath(entry.entityId, entry.recordId, 'view')}
                size="sm"
                truncate
              >
                {entry.title || entry.recordId}
              </Anchor>
              <Text size="sm" c="dimmed" style={{ flexShrink: 0 }}>
                {formatDateTime(entry.at)}
              </Text>
            </Group>
          ))}
        </Stack>
      )}
    </Paper>
  );
}

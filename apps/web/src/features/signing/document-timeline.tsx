import { Alert, Badge, Box, Group, Loader, Stack, Text, ThemeIcon, Timeline, Tooltip } from '@mantine/core';
import { IconLinkOff, IconShieldCheck } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import type { TDocumentLogsReply } from '@esigns/contracts/signing';
import { isApiError } from '../../shared/api/api-error';
import { formatDateTime } from '../../shared/format/date';
import { actionLook } from './log-actions';
import { fetchDocumentLogs, SIGNING_KEYS } from './signing-api';

/** "Chain verified" when every row's hash matches and links to the previous one. */
export function ChainBadge({ reply }: { reply: Pick<TDocumentLogsReply, 'chain_ok' | 'broken_at'> }) {
  if (reply.chain_ok) {
    return (
      <Tooltip label="Each event is hash-chained to the one before it; none was changed or removed.">
        <Badge
          color="green"
          variant="light"
          leftSection={<IconShieldCheck size={14} />}
          data-testid="chain-badge"
        >
          Chain verified
        </Badge>
      </Tooltip>
    );
  }
  return (
    <Badge color="red" variant="light" leftSection={<IconLinkOff size={14} />} data-testid="chain-badge">
      {reply.broken_at !== null ? `Chain broken at event ${reply.broken_at}` : 'Chain broken'}
    </Badge>
  );
}

/** The audit trail as a timeline: an icon per action, when, who and from which IP address. */
export function TimelineList({ reply }: { reply: TDocumentLogsReply }) {
  if (reply.logs.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        Nothing has happened to this document yet.
      </Text>
    );
  }
  return (
    <Timeline bulletSize={28} lineWidth={2} active={reply.logs.length} data-testid="document-timeline">
      {reply.logs.map((entry) => {
        const look = actionLook(entry.action);
        const Icon = look.icon;
        return (
          <Timeline.Item
            key={entry._id}
            bullet={
              <ThemeIcon size={28} radius="xl" color={look.color} variant="light">
                <Icon size={16} />
              </ThemeIcon>
            }
            title={
              <Text size="sm" fw={600}>
                {look.label}
              </Text>
            }
          >
            <Text size="xs" c="dimmed">
              {formatDateTime(entry.created_at)}
            </Text>
            {entry.actor && (
              <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                {entry.actor}
              </Text>
            )}
            {/* A row about a recipient done by someone else (the sender notifying them): who it concerned. */}
            {entry.recipient && entry.recipient !== entry.actor && (
              <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                Recipient: {entry.recipient}
              </Text>
            )}
            {typeof entry.details.hosted_by === 'string' && (
              <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                In person, hosted by {entry.details.hosted_by}
              </Text>
            )}
            {entry.ip && (
              <Text size="xs" c="dimmed" title={entry.user_agent ?? undefined}>
                IP {entry.ip}
              </Text>
            )}
          </Timeline.Item>
        );
      })}
    </Timeline>
  );
}

/**
 * The sender's view of a sent document's audit trail (`GET /documents/{document_id}/users/logs`),
 * with the chain check. For the document detail screen.
 */
export function DocumentTimeline({ documentId }: { documentId: string }) {
  const logs = useQuery({
    queryKey: SIGNING_KEYS.logs(documentId),
    queryFn: ({ signal }) => fetchDocumentLogs(documentId, signal),
  });
  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Text fw={600}>Timeline</Text>
        {logs.data && <ChainBadge reply={logs.data} />}
      </Group>
      {logs.isPending ? (
        <Box py="md">
          <Loader size="sm" />
        </Box>
      ) : logs.isError ? (
        <Alert color="red" variant="light">
          {isApiError(logs.error) ? logs.error.message : 'The timeline could not be loaded.'}
        </Alert>
      ) : (
        <TimelineList reply={logs.data} />
      )}
    </Stack>
  );
}

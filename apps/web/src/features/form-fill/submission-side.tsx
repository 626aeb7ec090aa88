import { Badge, Group, Paper, Stack, Text, Timeline, Title } from '@mantine/core';
import { IconCheck, IconHistory, IconX } from '@tabler/icons-react';
import { formatDateTime } from '../../shared/format/date';
import type { SubmissionRead } from './fill-api';

/** The approval chain's decisions and the level waiting now. */
export function ApprovalTrail({ submission }: { submission: SubmissionRead }) {
  const { decisions, current_level: level } = submission;
  if (decisions.length === 0 && level === null) return null;
  return (
    <Paper withBorder radius="md" p="md" data-testid="approval-trail">
      <Title order={3} size="h5" mb="sm">
        Approvals
      </Title>
      <Stack gap="sm">
        {decisions.map((d, i) => (
          <Group key={`${d.level}-${i}`} gap="sm" wrap="nowrap" align="flex-start">
            <Badge
              color={d.decision === 'APPROVED' ? 'teal' : 'red'}
              variant="light"
              leftSection={d.decision === 'APPROVED' ? <IconCheck size={12} /> : <IconX size={12} />}
              style={{ flexShrink: 0 }}
            >
              {d.decision === 'APPROVED' ? 'Approved' : 'Rejected'}
            </Badge>
            <div style={{ minWidth: 0 }}>
              <Text size="sm" fw={600}>
                {d.approver.name || d.approver.email} · level {d.level + 1}
              </Text>
              {d.comment && (
                <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                  {d.comment}
                </Text>
              )}
              <Text size="xs" c="dimmed">
                {formatDateTime(d.at)}
              </Text>
            </div>
          </Group>
        ))}
        {level !== null && (
          <Text size="sm" c="dimmed">
            Waiting for level {level + 1}.
          </Text>
        )}
      </Stack>
    </Paper>
  );
}

/** What happened to the submission, newest first (when the server sends its history). */
export function SubmissionHistory({ submission }: { submission: SubmissionRead }) {
  const events = [...(submission.history ?? [])].reverse();
  if (events.length === 0) return null;
  return (
    <Paper withBorder radius="md" p="md" data-testid="submission-history">
      <Title order={3} size="h5" mb="sm">
        History
      </Title>
      <Timeline bulletSize={20} lineWidth={2}>
        {events.map((event, i) => (
          <Timeline.Item
            key={event._id ?? i}
            bullet={<IconHistory size={12} />}
            title={event.detail || event.type}
          >
            <Text size="xs" c="dimmed">
              {[event.by, formatDateTime(event.at)].filter(Boolean).join(' · ')}
            </Text>
          </Timeline.Item>
        ))}
      </Timeline>
    </Paper>
  );
}

import { Stack, Text, Timeline, Title } from '@mantine/core';
import type { TWorkflowInstanceDetail, TWorkflowInstanceStep } from '@esigns/contracts/workflows';
import { formatDateTime } from '../../../shared/format/date';

const EVENT_WORDS: Record<string, string> = {
  created: 'Created',
  sent: 'Sent',
  step_due: 'Step due',
  step_done: 'Step done',
  step_skipped: 'Step skipped',
  step_declined: 'Step declined',
  step_voided: 'Step voided',
  declined: 'Declined',
  voided: 'Voided',
  expired: 'Expired',
  completed: 'Completed',
  resent: 'Resent',
  start_failed: 'Could not start',
  contact_set: 'Contact chosen',
  draft_changed: 'Draft changed',
  link_issued: 'Link issued',
  reminded: 'Reminded',
  step_reopened: 'Step reopened',
  stage_failed: 'Next stage could not start',
  downloaded: 'Downloaded',
  step_viewed: 'Opened, waiting for the acknowledgement',
  acknowledged: 'Read and acknowledged',
};

const wordsOf = (event: string) => EVENT_WORDS[event] ?? event.replaceAll('_', ' ');

/** A packet's timeline, oldest first, naming the step and who did it. */
export function InstanceTimeline({
  events,
  steps,
}: {
  events: TWorkflowInstanceDetail['timeline'];
  steps: readonly TWorkflowInstanceStep[];
}) {
  const names = new Map(steps.map((step) => [step.step_id, step.name]));
  return (
    <Stack gap="xs">
      <Title order={4} size="h5">
        Timeline
      </Title>
      <Timeline bulletSize={12} lineWidth={2} data-testid="instance-timeline">
        {events.map((event, i) => {
          const reason = typeof event.details.reason === 'string' ? event.details.reason : '';
          return (
            <Timeline.Item key={i} title={wordsOf(event.event)}>
              <Text size="xs" c="dimmed">
                {formatDateTime(event.at)}
                {event.step_id && names.get(event.step_id) ? ` · ${names.get(event.step_id)}` : ''}
                {event.actor ? ` · ${event.actor}` : ''}
              </Text>
              {reason && <Text size="xs">“{reason}”</Text>}
              {event.event === 'acknowledged' && typeof event.details.ip === 'string' && (
                <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                  From {event.details.ip}
                  {typeof event.details.user_agent === 'string' ? ` · ${event.details.user_agent}` : ''}
                </Text>
              )}
            </Timeline.Item>
          );
        })}
      </Timeline>
    </Stack>
  );
}

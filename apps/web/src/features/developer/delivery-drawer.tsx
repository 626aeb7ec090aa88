import { Accordion, Button, Code, Drawer, Group, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconRefresh } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TWebhookAttempt } from '@esigns/contracts/webhooks';
import { formatDateTime } from '../../shared/format/date';
import { SkeletonStack } from '../../shared/ui/list-screen';
import { LoadError, errorText } from '../../shared/ui/page-kit';
import { DeliveryStatusBadge, eventLabel } from './endpoint-parts';
import { WEBHOOK_KEYS, fetchDelivery, redeliver } from './webhooks-api';

const pretty = (text: string) => {
  try {
    return JSON.stringify(JSON.parse(text), null, 2);
  } catch {
    return text;
  }
};

function AttemptItem({ attempt }: { attempt: TWebhookAttempt }) {
  const headers = Object.entries(attempt.request_headers)
    .map(([name, value]) => `${name}: ${value}`)
    .join('\n');
  return (
    <Accordion.Item value={attempt._id} data-testid="webhook-attempt">
      <Accordion.Control>
        <Group gap="sm" wrap="wrap">
          <Text size="sm" fw={500}>
            Try {attempt.number}
          </Text>
          <Text size="sm" c={attempt.succeeded ? 'teal' : 'red'}>
            {attempt.response_status ?? 'No answer'}
          </Text>
          <Text size="xs" c="dimmed">
            {formatDateTime(attempt.started_at)} · {attempt.duration_ms} ms
          </Text>
        </Group>
      </Accordion.Control>
      <Accordion.Panel>
        <Stack gap={6}>
          {attempt.error && (
            <Text size="sm" c="red">
              {attempt.error}
            </Text>
          )}
          <Text size="xs" c="dimmed">
            Request headers
          </Text>
          <Code block style={{ wordBreak: 'break-all', whiteSpace: 'pre-wrap' }}>
            {headers}
          </Code>
          <Text size="xs" c="dimmed">
            Response (first 2 KB)
          </Text>
          <Code block style={{ whiteSpace: 'pre-wrap' }}>
            {attempt.response_body || '—'}
          </Code>
        </Stack>
      </Accordion.Panel>
    </Accordion.Item>
  );
}

/** One delivery: its payload and every try (headers, answer, duration, error); redeliver. */
export function DeliveryDrawer({
  deliveryId,
  canManage,
  onClose,
}: {
  deliveryId: string;
  canManage: boolean;
  onClose: () => void;
}) {
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: WEBHOOK_KEYS.delivery(deliveryId),
    queryFn: ({ signal }) => fetchDelivery(deliveryId, signal),
  });
  const again = useMutation({
    mutationFn: () => redeliver(deliveryId),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: WEBHOOK_KEYS.all });
      notifications.show({ color: 'teal', message: 'Redelivery queued' });
    },
    onError: (error) => notifications.show({ color: 'red', message: errorText(error) }),
  });
  const data = query.data;
  return (
    <Drawer
      opened
      onClose={onClose}
      position="right"
      size="lg"
      title={data ? eventLabel(data.event_type) : 'Delivery'}
    >
      {query.isError ? (
        <LoadError
          error={query.error}
          onRetry={() => void query.refetch()}
          title="Could not load the delivery"
        />
      ) : !data ? (
        <SkeletonStack />
      ) : (
        <Stack gap="md" data-testid="webhook-delivery-detail">
          <Group gap="sm" wrap="wrap">
            <DeliveryStatusBadge status={data.status} attempts={data.attempts} />
            {data.is_test && <Text size="xs">Test event</Text>}
            <Text size="xs" c="dimmed">
              {formatDateTime(data.created_at)}
            </Text>
          </Group>
          <Text size="sm" style={{ wordBreak: 'break-all' }}>
            To {data.endpoint_url}
          </Text>
          <Text size="xs" c="dimmed" style={{ wordBreak: 'break-all' }}>
            Event id (webhook-id) {data.event_id}
          </Text>
          {canManage && (
            <Group>
              <Button
                variant="light"
                size="xs"
                leftSection={<IconRefresh size={14} />}
                loading={again.isPending}
                onClick={() => again.mutate()}
              >
                Redeliver
              </Button>
            </Group>
          )}
          <Text size="xs" c="dimmed">
            Payload
          </Text>
          <Code block style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-all' }}>
            {pretty(data.request_body)}
          </Code>
          <Text size="sm" fw={500}>
            Tries ({data.attempts_list.length})
          </Text>
          {data.attempts_list.length === 0 ? (
            <Text size="sm" c="dimmed">
              Not tried yet.
            </Text>
          ) : (
            <Accordion variant="separated" multiple>
              {data.attempts_list.map((attempt) => (
                <AttemptItem key={attempt._id} attempt={attempt} />
              ))}
            </Accordion>
          )}
        </Stack>
      )}
    </Drawer>
  );
}

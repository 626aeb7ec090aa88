import { Badge, Group, Text, Tooltip } from '@mantine/core';
import { INTEGRATION_EVENT_LABELS, isIntegrationEventType } from '@esigns/contracts/integration-events';
import type { TWebhookDeliveryStatus, TWebhookEndpoint } from '@esigns/contracts/webhooks';

/** An event type's label (the type itself when unknown). */
export const eventLabel = (type: string): string =>
  isIntegrationEventType(type) ? INTEGRATION_EVENT_LABELS[type] : type;

/** Enabled, disabled by a user, or disabled after repeated failure. */
export function EndpointStatusBadge({ endpoint }: { endpoint: TWebhookEndpoint }) {
  if (endpoint.enabled) {
    return endpoint.consecutive_failures > 0 ? (
      <Tooltip label={`${endpoint.consecutive_failures} events in a row could not be delivered`}>
        <Badge size="sm" variant="light" color="orange">
          Failing
        </Badge>
      </Tooltip>
    ) : (
      <Badge size="sm" variant="light" color="teal">
        Enabled
      </Badge>
    );
  }
  return (
    <Badge size="sm" variant="light" color={endpoint.disabled_reason === 'AUTO' ? 'red' : 'gray'}>
      {endpoint.disabled_reason === 'AUTO' ? 'Disabled after failures' : 'Disabled'}
    </Badge>
  );
}

/** The events an endpoint receives: their labels, folded after three. */
export function EventBadges({ types }: { types: readonly string[] }) {
  const shown = types.slice(0, 3);
  return (
    <Group gap={4}>
      {shown.map((type) => (
        <Badge key={type} size="sm" variant="outline" color="gray">
          {eventLabel(type)}
        </Badge>
      ))}
      {types.length > shown.length && (
        <Text size="xs" c="dimmed">
          +{types.length - shown.length} more
        </Text>
      )}
    </Group>
  );
}

const DELIVERY_COLORS: Record<TWebhookDeliveryStatus, string> = {
  PENDING: 'blue',
  DELIVERED: 'teal',
  FAILED: 'red',
};

/** A delivery's status; a PENDING one that already failed a try is "Retrying". */
export function DeliveryStatusBadge({
  status,
  attempts,
}: {
  status: TWebhookDeliveryStatus;
  attempts: number;
}) {
  const label =
    status === 'PENDING'
      ? attempts > 0
        ? 'Retrying'
        : 'Pending'
      : status === 'DELIVERED'
        ? 'Delivered'
        : 'Failed';
  return (
    <Badge
      size="sm"
      variant="light"
      color={status === 'PENDING' && attempts > 0 ? 'orange' : DELIVERY_COLORS[status]}
    >
      {label}
    </Badge>
  );
}

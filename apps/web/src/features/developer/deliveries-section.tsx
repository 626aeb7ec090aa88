import { useState } from 'react';
import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { IconInbox, IconRefresh } from '@tabler/icons-react';
import { INTEGRATION_EVENT_LABELS, INTEGRATION_EVENT_TYPES } from '@esigns/contracts/integration-events';
import type { TWebhookDelivery } from '@esigns/contracts/webhooks';
import { formatDateTime } from '../../shared/format/date';
import {
  FilterBar,
  FilterSelect,
  ListView,
  useListQuery,
  type ListColumn,
} from '../../shared/ui/list-screen';
import { DeliveryDrawer } from './delivery-drawer';
import { DeliveryStatusBadge, eventLabel } from './endpoint-parts';
import { WEBHOOK_KEYS, fetchDeliveries } from './webhooks-api';

const STATUS_OPTIONS = [
  { value: '', label: 'Any status' },
  { value: 'PENDING', label: 'Pending or retrying' },
  { value: 'DELIVERED', label: 'Delivered' },
  { value: 'FAILED', label: 'Failed' },
];
const TYPE_OPTIONS = [
  { value: '', label: 'Any event' },
  ...INTEGRATION_EVENT_TYPES.map((type) => ({ value: type, label: INTEGRATION_EVENT_LABELS[type] })),
];

/** The delivery log (the company's, or one client app's): newest first, by status and event; a row opens its tries. */
export function DeliveriesSection({ appId, canManage }: { appId?: string; canManage: boolean }) {
  const [opened, setOpened] = useState<string | null>(null);
  const list = useListQuery({
    pageSize: 20,
    filters: { status: '', event_type: '' },
    queryKey: (params) => WEBHOOK_KEYS.deliveries({ ...params, app_id: appId }),
    queryFn: (params, signal) =>
      fetchDeliveries(
        {
          page: params.page,
          limit: params.limit,
          status: params.status,
          event_type: params.event_type,
          app_id: appId,
        },
        signal,
      ),
  });
  const when = (d: TWebhookDelivery) => (
    <Text size="sm" c="dimmed">
      {formatDateTime(d.created_at)}
    </Text>
  );
  const event = (d: TWebhookDelivery) => (
    <Text size="sm">
      {eventLabel(d.event_type)}
      {d.is_test ? ' (test)' : ''}
    </Text>
  );
  const columns: ListColumn<TWebhookDelivery>[] = [
    {
      key: 'status',
      header: 'Status',
      width: 130,
      cell: (d) => <DeliveryStatusBadge status={d.status} attempts={d.attempts} />,
    },
    { key: 'event', header: 'Event', cell: event },
    {
      key: 'endpoint',
      header: 'Endpoint',
      cell: (d) => (
        <Text size="sm" lineClamp={1} style={{ wordBreak: 'break-all' }}>
          {d.endpoint_url}
        </Text>
      ),
    },
    { key: 'tries', header: 'Tries', width: 70, cell: (d) => d.attempts },
    {
      key: 'answer',
      header: 'Last answer',
      width: 110,
      cell: (d) => d.last_response_status ?? (d.last_error ? 'Error' : '—'),
    },
    { key: 'created', header: 'Created', width: 170, cell: when },
  ];
  const openRow = (d: TWebhookDelivery) => ({
    tabIndex: 0,
    onClick: () => setOpened(d._id),
    onKeyDown: (e: { key: string }) => {
      if (e.key === 'Enter') setOpened(d._id);
    },
    'aria-label': `Open the delivery of ${eventLabel(d.event_type)}`,
  });
  return (
    <Stack gap="sm" data-testid="webhook-deliveries">
      <Group justify="space-between" wrap="wrap">
        <div>
          <Title order={4}>Delivery log</Title>
          <Text size="sm" c="dimmed">
            Every event sent to your endpoints, with each try. Failed deliveries are retried 8 times over
            about 4 hours.
          </Text>
        </div>
        <Button
          variant="default"
          leftSection={<IconRefresh size={16} />}
          onClick={() => void list.query.refetch()}
        >
          Refresh
        </Button>
      </Group>
      <FilterBar>
        <FilterSelect label="Status" data={STATUS_OPTIONS} {...list.bind('status')} />
        <FilterSelect label="Event" data={TYPE_OPTIONS} width={220} {...list.bind('event_type')} />
      </FilterBar>
      <ListView
        list={list}
        errorTitle="Could not load the delivery log"
        empty={{
          icon: IconInbox,
          title: 'No deliveries yet',
          text: 'Deliveries appear here when an event reaches an endpoint (or send a test event).',
          filtered: { title: 'No matching deliveries', text: 'Change the status or event filter.' },
        }}
        columns={columns}
        rowTestId="webhook-delivery-row"
        rowProps={openRow}
        minWidth={760}
        card={(d) => ({
          title: event(d),
          meta: (
            <Group gap="xs">
              <DeliveryStatusBadge status={d.status} attempts={d.attempts} />
              {when(d)}
            </Group>
          ),
          footer: (
            <Button size="xs" variant="subtle" onClick={() => setOpened(d._id)}>
              {d.attempts} {d.attempts === 1 ? 'try' : 'tries'}: details
            </Button>
          ),
        })}
      />
      {opened && <DeliveryDrawer deliveryId={opened} canManage={canManage} onClose={() => setOpened(null)} />}
    </Stack>
  );
}

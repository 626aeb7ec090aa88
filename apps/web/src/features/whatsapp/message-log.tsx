import { Badge, Text } from '@mantine/core';
import { IconBrandWhatsapp } from '@tabler/icons-react';
import {
  WHATSAPP_MESSAGE_STATUSES,
  WHATSAPP_PURPOSES,
  WHATSAPP_PURPOSE_LABELS,
  type TWhatsappMessage,
  type TWhatsappMessageStatus,
  type TWhatsappPurpose,
} from '@esigns/contracts/whatsapp';
import { formatDateTime } from '../../shared/format/date';
import { ListView, type ListColumn, type ListQuery } from '../../shared/ui/list-screen';

export const STATUS_COLORS: Record<TWhatsappMessageStatus, string> = {
  QUEUED: 'gray',
  SENDING: 'blue',
  SENT: 'cyan',
  DELIVERED: 'teal',
  READ: 'green',
  FAILED: 'red',
};

export const STATUS_FILTERS = [
  { value: '', label: 'Any status' },
  ...WHATSAPP_MESSAGE_STATUSES.map((s) => ({ value: s, label: s.charAt(0) + s.slice(1).toLowerCase() })),
];
export const PURPOSE_FILTERS = [
  { value: '', label: 'Any message' },
  ...WHATSAPP_PURPOSES.map((p) => ({ value: p, label: WHATSAPP_PURPOSE_LABELS[p] })),
];

export type MessageFilters = { status: TWhatsappMessageStatus | ''; purpose: TWhatsappPurpose | '' };

export function StatusBadge({ message }: { message: TWhatsappMessage }) {
  return (
    <Badge color={STATUS_COLORS[message.status]} variant="light" title={message.error ?? undefined}>
      {message.status}
    </Badge>
  );
}

const when = (m: TWhatsappMessage) => formatDateTime(m.status_at ?? m.created_at);

const COLUMNS: ListColumn<TWhatsappMessage>[] = [
  {
    key: 'to',
    header: 'To',
    cell: (m) => (
      <>
        <Text size="sm" fw={500}>
          {m.contact_name || m.to}
        </Text>
        <Text size="xs" c="dimmed">
          +{m.to}
        </Text>
      </>
    ),
  },
  { key: 'purpose', header: 'Message', cell: (m) => WHATSAPP_PURPOSE_LABELS[m.purpose] },
  { key: 'template', header: 'Template', cell: (m) => `${m.template_name} (${m.language})` },
  {
    key: 'status',
    header: 'Status',
    maw: 280,
    cell: (m) => (
      <>
        <StatusBadge message={m} />
        {m.error && (
          <Text size="xs" c="red" lineClamp={2}>
            {m.error}
          </Text>
        )}
      </>
    ),
  },
  { key: 'when', header: 'Last change', cell: when },
];

/** The message log (newest first) as a table, or cards on a phone. */
export function MessageLog({ list }: { list: ListQuery<TWhatsappMessage, MessageFilters> }) {
  return (
    <ListView
      list={list}
      errorTitle="Could not load the message log"
      empty={{
        icon: IconBrandWhatsapp,
        title: 'No messages yet',
        text: 'Messages appear here when a document, reminder or form link goes to an opted-in contact.',
        filtered: { title: 'No messages match', text: 'Try another filter.' },
      }}
      columns={COLUMNS}
      rowTestId="whatsapp-message"
      minWidth={760}
      card={(m) => ({
        title: (
          <Text size="sm" fw={500}>
            {m.contact_name || `+${m.to}`}
          </Text>
        ),
        actions: <StatusBadge message={m} />,
        meta: (
          <Text size="xs" c="dimmed">
            {WHATSAPP_PURPOSE_LABELS[m.purpose]} · {m.template_name} · {when(m)}
          </Text>
        ),
        footer: m.error ? (
          <Text size="xs" c="red">
            {m.error}
          </Text>
        ) : undefined,
      })}
    />
  );
}

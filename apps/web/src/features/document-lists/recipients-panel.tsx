import { Badge, Card, Group, Stack, Table, Text, Tooltip } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconKey, IconMailCheck } from '@tabler/icons-react';
import { RECIPIENT_TYPE_LABELS } from '@esigns/contracts/documents';
import type { TDocumentRecipient } from '@esigns/contracts/document-lists';
import { countOf } from '@esigns/contracts/wording';
import { formatDateTime } from '../../shared/format/date';
import { RecipientStatusBadge } from './document-badges';

function When({ label, value }: { label: string; value: string | null }) {
  if (!value) return null;
  return (
    <Text size="xs" c="dimmed">
      {label} {formatDateTime(value)}
    </Text>
  );
}

function Identity({ r }: { r: TDocumentRecipient }) {
  return (
    <Stack gap={2}>
      <Group gap={6} wrap="nowrap">
        <Text size="sm" fw={500} style={{ overflowWrap: 'anywhere' }}>
          {r.name}
        </Text>
        {r.email_verification && (
          <Tooltip label="Confirms a code mailed to them before opening">
            <IconMailCheck size={14} aria-label="Email code required" />
          </Tooltip>
        )}
        {r.has_representative_password && (
          <Tooltip label="Enters a representative password before signing">
            <IconKey size={14} aria-label="Representative password required" />
          </Tooltip>
        )}
      </Group>
      <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
        {r.email}
        {r.role_name ? ` · ${r.role_name}` : ''}
      </Text>
    </Stack>
  );
}

function Status({ r }: { r: TDocumentRecipient }) {
  return (
    <Group gap={6}>
      <RecipientStatusBadge status={r.status} />
      {r.is_due && (
        <Badge size="xs" color="orange" variant="light" tt="none">
          Their turn
        </Badge>
      )}
    </Group>
  );
}

function Activity({ r }: { r: TDocumentRecipient }) {
  return (
    <Stack gap={0}>
      <When label="Sent" value={r.sent_at} />
      <When label="Viewed" value={r.viewed_at} />
      <When label="Finished" value={r.finished_at} />
      {r.reminders_sent > 0 && (
        <Text size="xs" c="dimmed">
          {countOf(r.reminders_sent, 'reminder')}
          {r.last_reminded_at ? `, last ${formatDateTime(r.last_reminded_at)}` : ''}
        </Text>
      )}
      {!r.sent_at && (
        <Text size="xs" c="dimmed">
          Not sent yet
        </Text>
      )}
    </Stack>
  );
}

/** On a phone: one card per recipient, everything the table's row shows, nothing to scroll sideways. */
function RecipientCards({ recipients, signingOrder }: RecipientsPanelProps) {
  return (
    <Stack gap="sm" data-testid="recipients-cards">
      {recipients.map((r) => (
        <Card key={r._id} withBorder radius="md" p="sm" data-testid="recipient-card">
          <Stack gap="xs">
            <Group justify="space-between" align="flex-start" wrap="nowrap">
              <Identity r={r} />
              <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
                {signingOrder ? `${r.signing_order}. ` : ''}
                {RECIPIENT_TYPE_LABELS[r.user_type]}
              </Text>
            </Group>
            <Status r={r} />
            <Activity r={r} />
          </Stack>
        </Card>
      ))}
    </Stack>
  );
}

type RecipientsPanelProps = { recipients: TDocumentRecipient[]; signingOrder: boolean };

/**
 * Who the document goes to, in signing order: role, status (and whether it is their turn), when
 * they were sent it, viewed it and finished, reminders sent. A table, or cards on a phone.
 */
export function RecipientsPanel({ recipients, signingOrder }: RecipientsPanelProps) {
  const isPhone = useMediaQuery('(max-width: 48em)') ?? false;
  if (recipients.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        No recipients yet.
      </Text>
    );
  }
  if (isPhone) return <RecipientCards recipients={recipients} signingOrder={signingOrder} />;
  return (
    <Table.ScrollContainer minWidth={560}>
      <Table verticalSpacing="sm" data-testid="recipients-table">
        <Table.Thead>
          <Table.Tr>
            {signingOrder && <Table.Th w={60}>Order</Table.Th>}
            <Table.Th>Recipient</Table.Th>
            <Table.Th w={90}>Role</Table.Th>
            <Table.Th w={130}>Status</Table.Th>
            <Table.Th w={170}>Activity</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {recipients.map((r) => (
            <Table.Tr key={r._id} data-testid="recipient-row">
              {signingOrder && (
                <Table.Td>
                  <Text size="sm" fw={600}>
                    {r.signing_order}
                  </Text>
                </Table.Td>
              )}
              <Table.Td>
                <Identity r={r} />
              </Table.Td>
              <Table.Td>
                <Text size="sm">{RECIPIENT_TYPE_LABELS[r.user_type]}</Text>
              </Table.Td>
              <Table.Td>
                <Status r={r} />
              </Table.Td>
              <Table.Td>
                <Activity r={r} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

import { Badge, Group, Stack, Table, Text, Tooltip } from '@mantine/core';
import { IconKey, IconMailCheck } from '@tabler/icons-react';
import type { TDocumentRecipient } from '@esigns/contracts/document-lists';
import { formatDateTime } from '../../shared/format/date';
import { RECIPIENT_TYPE_LABEL, RecipientStatusBadge } from './document-badges';

function When({ label, value }: { label: string; value: string | null }) {
  if (!value) return null;
  return (
    <Text size="xs" c="dimmed">
      {label} {formatDateTime(value)}
    </Text>
  );
}

/**
 * Who the document goes to, in signing order: role, status (and whether it is their turn), when
 * they were sent it, viewed it and finished, reminders sent.
 */
export function RecipientsPanel({
  recipients,
  signingOrder,
}: {
  recipients: TDocumentRecipient[];
  signingOrder: boolean;
}) {
  if (recipients.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        No recipients yet.
      </Text>
    );
  }
  return (
    <Table.ScrollContainer minWidth={640}>
      <Table verticalSpacing="sm" data-testid="recipients-table">
        <Table.Thead>
          <Table.Tr>
            {signingOrder && <Table.Th w={60}>Order</Table.Th>}
            <Table.Th>Recipient</Table.Th>
            <Table.Th w={90}>Role</Table.Th>
            <Table.Th w={130}>Status</Table.Th>
            <Table.Th w={190}>Activity</Table.Th>
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
              </Table.Td>
              <Table.Td>
                <Text size="sm">{RECIPIENT_TYPE_LABEL[r.user_type]}</Text>
              </Table.Td>
              <Table.Td>
                <Group gap={6}>
                  <RecipientStatusBadge status={r.status} />
                  {r.is_due && (
                    <Badge size="xs" color="orange" variant="light" tt="none">
                      Their turn
                    </Badge>
                  )}
                </Group>
              </Table.Td>
              <Table.Td>
                <Stack gap={0}>
                  <When label="Sent" value={r.sent_at} />
                  <When label="Viewed" value={r.viewed_at} />
                  <When label="Finished" value={r.finished_at} />
                  {r.reminders_sent > 0 && (
                    <Text size="xs" c="dimmed">
                      {r.reminders_sent} reminder{r.reminders_sent === 1 ? '' : 's'}
                      {r.last_reminded_at ? `, last ${formatDateTime(r.last_reminded_at)}` : ''}
                    </Text>
                  )}
                  {!r.sent_at && (
                    <Text size="xs" c="dimmed">
                      Not sent yet
                    </Text>
                  )}
                </Stack>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

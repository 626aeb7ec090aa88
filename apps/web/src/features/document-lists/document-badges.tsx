import { Avatar, Badge, Group, Progress, Stack, Text, Tooltip, type MantineColor } from '@mantine/core';
import type { TRecipientSummary } from '@esigns/contracts/document-lists';
import {
  RECIPIENT_TYPE_LABELS,
  type TDocumentStatus,
  type TRecipientStatus,
} from '@esigns/contracts/documents';
import { formatInitials } from '../../shared/format/name';

export const DOCUMENT_STATUS_LOOK: Record<TDocumentStatus, { label: string; color: MantineColor }> = {
  DRAFT: { label: 'Draft', color: 'gray' },
  WAITING: { label: 'Waiting', color: 'yellow' },
  COMPLETED: { label: 'Completed', color: 'teal' },
  DECLINED: { label: 'Declined', color: 'red' },
  REJECTED: { label: 'Rejected', color: 'red' },
  VOIDED: { label: 'Voided', color: 'gray' },
  EXPIRED: { label: 'Expired', color: 'orange' },
};

export const RECIPIENT_STATUS_LOOK: Record<TRecipientStatus, { label: string; color: MantineColor }> = {
  PENDING: { label: 'Not sent yet', color: 'gray' },
  SENT: { label: 'Sent', color: 'blue' },
  VIEWED: { label: 'Viewed', color: 'indigo' },
  SIGNED: { label: 'Signed', color: 'teal' },
  APPROVED: { label: 'Approved', color: 'teal' },
  DECLINED: { label: 'Declined', color: 'red' },
  REJECTED: { label: 'Rejected', color: 'red' },
};

/**
 * The document's status, and "Archived" beside it when it is. A document whose final PDF could
 * not be built (`seal_failed`: everyone finished, it stays WAITING) shows "Sealing failed" in red
 * instead of "Waiting", so it never looks like it is just waiting. Badges keep the labels'
 * sentence case (Mantine's badge is upper-case by default).
 */
export function DocumentStatusBadge({
  status,
  archivedAt,
  sealFailed = false,
}: {
  status: TDocumentStatus;
  archivedAt?: string | null;
  sealFailed?: boolean;
}) {
  const look =
    sealFailed && status === 'WAITING'
      ? { label: 'Sealing failed', color: 'red' }
      : DOCUMENT_STATUS_LOOK[status];
  return (
    <Group gap={4} wrap="wrap">
      <Badge color={look.color} variant="light" tt="none">
        {look.label}
      </Badge>
      {archivedAt && (
        <Badge color="gray" variant="outline" tt="none">
          Archived
        </Badge>
      )}
    </Group>
  );
}

export function RecipientStatusBadge({ status }: { status: TRecipientStatus }) {
  const look = RECIPIENT_STATUS_LOOK[status];
  return (
    <Badge color={look.color} variant="dot" tt="none">
      {look.label}
    </Badge>
  );
}

/** Recipients as avatars coloured by their status (at most `max`, then "+n"), each with a tooltip. */
export function RecipientAvatars({ recipients, max = 4 }: { recipients: TRecipientSummary[]; max?: number }) {
  if (recipients.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        No recipients
      </Text>
    );
  }
  const shown = recipients.slice(0, max);
  const rest = recipients.length - shown.length;
  return (
    <Tooltip.Group openDelay={150} closeDelay={50}>
      <Avatar.Group spacing="xs">
        {shown.map((r) => (
          <Tooltip
            key={r._id}
            label={`${r.name} (${r.email}): ${RECIPIENT_TYPE_LABELS[r.user_type]}, ${RECIPIENT_STATUS_LOOK[r.status].label.toLowerCase()}`}
            withArrow
          >
            <Avatar
              size="sm"
              radius="xl"
              color={RECIPIENT_STATUS_LOOK[r.status].color}
              aria-label={`${r.name}: ${RECIPIENT_STATUS_LOOK[r.status].label}`}
            >
              {formatInitials(r.name) || '?'}
            </Avatar>
          </Tooltip>
        ))}
        {rest > 0 && (
          <Avatar size="sm" radius="xl" aria-label={`${rest} more recipients`}>
            +{rest}
          </Avatar>
        )}
      </Avatar.Group>
    </Tooltip.Group>
  );
}

/** "2 of 3 done" with a bar; nothing for documents without recipients who must act. */
export function ProgressCell({ progress }: { progress: { done: number; required: number } }) {
  if (progress.required === 0) return null;
  const value = (progress.done / progress.required) * 100;
  return (
    <Stack gap={2} w={110}>
      <Text size="xs" c="dimmed">
        {progress.done} of {progress.required} done
      </Text>
      <Progress
        value={value}
        size="sm"
        color={value === 100 ? 'teal' : 'blue'}
        aria-label={`${progress.done} of ${progress.required} recipients done`}
      />
    </Stack>
  );
}

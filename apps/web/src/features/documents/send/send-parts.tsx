import type { ReactNode } from 'react';
import { Badge, Box, Button, Card, ColorSwatch, Group, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import {
  IconAlertTriangle,
  IconBellRinging,
  IconCalendarTime,
  IconCircleCheck,
  IconListNumbers,
  IconUsersGroup,
  IconFilePlus,
  IconFileText,
  IconLayoutDashboard,
  IconMail,
  IconMailForward,
} from '@tabler/icons-react';
import { Link } from 'react-router';
import {
  RECIPIENT_TYPE_LABELS,
  RECIPIENT_COLORS,
  type TDocumentSettings,
  type TDocumentUser,
  type TEmployeeDocument,
  type TField,
  type TRecipient,
} from '@esigns/contracts/documents';
import { formatDate } from '../../../shared/format/date';
import { documentDetailPath } from '../../document-lists/document-paths';

export function recipientColor(recipient: Pick<TRecipient, 'color'>, index: number): string {
  return recipient.color || RECIPIENT_COLORS[index % RECIPIENT_COLORS.length]!;
}

export function personName(person: Pick<TRecipient, 'first_name' | 'last_name'>): string {
  return [person.first_name, person.last_name]
    .map((part) => part.trim())
    .filter(Boolean)
    .join(' ');
}

/** How a recipient is named in messages: role, name, email, else its place. */
export function recipientLabel(recipient: TRecipient | undefined, index: number): string {
  if (!recipient) return `Recipient ${index + 1}`;
  return recipient.role_name || personName(recipient) || recipient.email || `Recipient ${index + 1}`;
}

/** A sentence for one problem key of `layoutProblems` or a 422 (`document_users.0.email`, `fields.3.x`). */
export function describeProblem(
  key: string,
  message: string,
  layout: { fields: TField[]; document_users: TRecipient[] },
): string {
  const [area, rawIndex] = key.split('.');
  const index = Number(rawIndex);
  if (area === 'document_users' && Number.isInteger(index)) {
    const who = recipientLabel(layout.document_users[index], index);
    return message.startsWith(who) ? message : `${who}: ${message}`;
  }
  if (area === 'fields' && Number.isInteger(index)) {
    const field = layout.fields[index];
    const what = field
      ? `${field.label || field.type.charAt(0) + field.type.slice(1).toLowerCase().replace('_', ' ')} field on page ${field.page}`
      : `Field ${index + 1}`;
    return `${what}: ${message}`;
  }
  return message;
}

/** The recipients (or roles) of a document with colour, role, email and signing order. */
export function RecipientList({ recipients, isOrdered }: { recipients: TRecipient[]; isOrdered: boolean }) {
  const rows = recipients
    .map((recipient, index) => ({ recipient, index }))
    .sort(
      (a, b) => (isOrdered ? a.recipient.signing_order - b.recipient.signing_order : 0) || a.index - b.index,
    );
  return (
    <Stack gap={0} role="list" aria-label="Recipients">
      {rows.map(({ recipient, index }) => {
        const name = personName(recipient);
        return (
          <Group
            key={recipient.key}
            role="listitem"
            data-testid="recipient-row"
            gap="sm"
            wrap="nowrap"
            py="sm"
            style={{ borderBottom: '1px solid var(--mantine-color-gray-2)' }}
          >
            {isOrdered && (
              <Badge variant="default" radius="xl" size="lg" w={32} px={0} style={{ flexShrink: 0 }}>
                {recipient.signing_order}
              </Badge>
            )}
            <ColorSwatch color={recipientColor(recipient, index)} size={14} style={{ flexShrink: 0 }} />
            <Box style={{ flex: 1, minWidth: 0 }}>
              <Text size="sm" fw={500} truncate="end">
                {name || recipient.email || recipient.role_name || `Recipient ${index + 1}`}
                {recipient.role_name && (name || recipient.email) ? (
                  <Text span c="dimmed" size="sm">
                    {' '}
                    · {recipient.role_name}
                  </Text>
                ) : null}
              </Text>
              {recipient.email && name && (
                <Text size="xs" c="dimmed" truncate="end">
                  {recipient.email}
                </Text>
              )}
            </Box>
            <Badge variant="light" color="gray" style={{ flexShrink: 0 }}>
              {RECIPIENT_TYPE_LABELS[recipient.user_type]}
            </Badge>
          </Group>
        );
      })}
    </Stack>
  );
}

function daysText(days: number): string {
  return `${days} ${days === 1 ? 'day' : 'days'}`;
}

/** Expiry, reminders and signing order in words. */
export function SettingsSummary({ settings }: { settings: TDocumentSettings }) {
  const iconProps = { size: 16, color: 'var(--mantine-color-gray-6)' } as const;
  const items: { icon: ReactNode; text: string }[] = [
    {
      icon: <IconCalendarTime {...iconProps} />,
      text:
        settings.expire_after_days === null
          ? 'Never expires'
          : `Expires ${daysText(settings.expire_after_days)} after sending`,
    },
    {
      icon: <IconBellRinging {...iconProps} />,
      text:
        settings.reminder_every_days === null
          ? 'No reminders'
          : `Reminder every ${daysText(settings.reminder_every_days)}`,
    },
  ];
  if (settings.expire_after_days !== null && settings.warn_before_expiry_days > 0) {
    items.push({
      icon: <IconAlertTriangle {...iconProps} />,
      text: `Expiry warning ${daysText(settings.warn_before_expiry_days)} before`,
    });
  }
  items.push(
    settings.signing_order
      ? { icon: <IconListNumbers {...iconProps} />, text: 'Recipients sign in order' }
      : { icon: <IconUsersGroup {...iconProps} />, text: 'Everyone can sign at once' },
  );
  return (
    <Stack gap={8}>
      {items.map((item) => (
        <Group key={item.text} gap="xs" wrap="nowrap">
          {item.icon}
          <Text size="sm">{item.text}</Text>
        </Group>
      ))}
    </Stack>
  );
}

function deliveryOf(user: TDocumentUser): { text: string; color: string } {
  if (user.user_type === 'CC') return { text: 'Copy when completed', color: 'gray' };
  if (user.status === 'PENDING') return { text: 'Waiting for their turn', color: 'orange' };
  return { text: 'Emailed', color: 'teal' };
}

/** What the sender sees once a document went out: who was emailed, and where to go next. */
export function SendSuccess({
  document,
  isFromTemplate = false,
}: {
  document: TEmployeeDocument;
  isFromTemplate?: boolean;
}) {
  const receivers = document.document_users.filter((user) => user.type === 'RECEIVER');
  return (
    <Card withBorder radius="md" padding="xl" maw={720} data-testid="send-success">
      <Stack gap="lg">
        <Group gap="md" wrap="nowrap">
          <ThemeIcon size={52} radius="xl" color="teal" variant="light">
            <IconCircleCheck size={30} />
          </ThemeIcon>
          <Box>
            <Title order={3}>Document sent</Title>
            <Text c="dimmed" size="sm">
              <Text span fw={600} c="var(--mantine-color-text)">
                {document.name}
              </Text>{' '}
              is out for signature
              {document.expires_at ? ` and expires on ${formatDate(document.expires_at)}` : ''}.
            </Text>
          </Box>
        </Group>
        <Stack gap={0} role="list" aria-label="Recipients emailed">
          {receivers.map((user) => {
            const delivery = deliveryOf(user);
            return (
              <Group
                key={user._id}
                role="listitem"
                gap="sm"
                wrap="nowrap"
                py="xs"
                style={{ borderBottom: '1px solid var(--mantine-color-gray-2)' }}
              >
                <ThemeIcon variant="light" color={delivery.color} radius="xl" size="md">
                  <IconMail size={14} />
                </ThemeIcon>
                <Box style={{ flex: 1, minWidth: 0 }}>
                  <Text size="sm" fw={500} truncate="end">
                    {personName(user) || user.email}
                  </Text>
                  <Text size="xs" c="dimmed" truncate="end">
                    {user.email}
                  </Text>
                </Box>
                <Badge color={delivery.color} variant="light" style={{ flexShrink: 0 }}>
                  {delivery.text}
                </Badge>
              </Group>
            );
          })}
        </Stack>
        <Group gap="sm" wrap="wrap">
          <Button
            component={Link}
            to={documentDetailPath(document._id)}
            leftSection={<IconFileText size={16} />}
          >
            Track it
          </Button>
          <Button
            component={Link}
            to="/dashboard"
            variant="default"
            leftSection={<IconLayoutDashboard size={16} />}
          >
            Go to dashboard
          </Button>
          {isFromTemplate ? (
            <Button
              component={Link}
              to="/templates"
              variant="default"
              leftSection={<IconMailForward size={16} />}
            >
              Send another template
            </Button>
          ) : (
            <>
              <Button
                component={Link}
                to="/documents/upload"
                variant="default"
                leftSection={<IconFilePlus size={16} />}
              >
                Send another
              </Button>
              <Button
                component={Link}
                to="/templates"
                variant="subtle"
                leftSection={<IconMailForward size={16} />}
              >
                Send from a template
              </Button>
            </>
          )}
        </Group>
      </Stack>
    </Card>
  );
}

import { Avatar, Badge, Box, Group, Paper, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconFileText } from '@tabler/icons-react';
import { formatDate } from '../../shared/format/date';
import { formatInitials } from '../../shared/format/name';
import type { TStepRequest, TStepRequestFile } from './request-api';

const STATUS_WORDS: Record<TStepRequest['status'], { label: string; color: string }> = {
  REQUESTED: { label: 'Waiting for your file', color: 'blue' },
  UPLOADED: { label: 'File sent', color: 'teal' },
  APPROVED: { label: 'Approved', color: 'green' },
  REJECTED: { label: 'Sent back', color: 'red' },
  CANCELLED: { label: 'Cancelled', color: 'gray' },
};

const isOverdue = (request: TStepRequest) =>
  request.status === 'REQUESTED' && request.due_at !== null && Date.parse(request.due_at) < Date.now();

/**
 * Who asks (the company's logo and name, the person), for what, their message and the due date;
 * for staff (`forStaff`), who it is asked of.
 */
export function RequestSummary({ request, forStaff = false }: { request: TStepRequest; forStaff?: boolean }) {
  const company = request.company?.name ?? '';
  const asker = request.requested_by?.name || company || 'The sender';
  const status = STATUS_WORDS[request.status];
  return (
    <Stack gap="md" data-testid="request-summary">
      {request.company && (
        <Group gap="sm" wrap="nowrap">
          <Avatar src={request.company.logo_url} alt={`${company} logo`} radius="md" size={44} color="brand">
            {formatInitials(company) || '?'}
          </Avatar>
          <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
            {company}
          </Text>
        </Group>
      )}
      <Box>
        <Text size="xl" fw={700} style={{ overflowWrap: 'anywhere' }}>
          {forStaff && request.contact
            ? `${request.card_type} requested from ${`${request.contact.first_name} ${request.contact.last_name}`.trim() || request.contact.email}`
            : `${asker} asks you for your ${request.card_type}`}
        </Text>
        <Group gap="xs" mt={4}>
          <Badge variant="light" color={status.color}>
            {status.label}
          </Badge>
          {request.due_at && (
            <Text size="sm" c={isOverdue(request) ? 'red' : 'dimmed'}>
              {isOverdue(request) ? 'Overdue since' : 'Due by'} {formatDate(request.due_at)}
            </Text>
          )}
        </Group>
      </Box>
      {request.message.trim() && (
        <Box
          px="md"
          py="sm"
          style={{
            borderLeft: '3px solid var(--mantine-color-brand-4)',
            background: 'var(--mantine-color-gray-0)',
          }}
        >
          <Text size="xs" c="dimmed" fw={600} mb={4}>
            Message from {asker}
          </Text>
          <Text
            size="sm"
            style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}
            data-testid="request-message"
          >
            {request.message}
          </Text>
        </Box>
      )}
    </Stack>
  );
}

/** The file handed in: its name and size or pages. */
export function RequestFileCard({ file, title }: { file: TStepRequestFile; title: string }) {
  const facts = [file.page_count ? `${file.page_count} page${file.page_count === 1 ? '' : 's'}` : null]
    .filter(Boolean)
    .join(' · ');
  return (
    <Paper withBorder radius="md" p="md" bg="gray.0" data-testid="request-file">
      <Group gap="sm" wrap="nowrap">
        <ThemeIcon variant="light" size={40} radius="md">
          <IconFileText size={22} />
        </ThemeIcon>
        <Box style={{ minWidth: 0 }}>
          <Text size="xs" c="dimmed">
            {title}
          </Text>
          <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
            {file.name}
          </Text>
          {facts && (
            <Text size="xs" c="dimmed">
              {facts}
            </Text>
          )}
        </Box>
      </Group>
    </Paper>
  );
}

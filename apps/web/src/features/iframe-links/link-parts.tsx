import { Badge, Button, Code, CopyButton, Group, Stack, Text } from '@mantine/core';
import { IconCheck, IconCopy } from '@tabler/icons-react';
import type { TIframeLink } from '@esigns/contracts/iframe-links';
import { STATUS_COLORS } from './iframe-links-api';

export const linkPath = (id: string) => `/externalLink/${encodeURIComponent(id)}`;

const STATUS_LABELS = { ACTIVE: 'Active', EXPIRED: 'Expired', REVOKED: 'Revoked' } as const;

export function LinkStatusBadge({ status }: { status: TIframeLink['status'] }) {
  return (
    <Badge color={STATUS_COLORS[status]} variant="light">
      {STATUS_LABELS[status]}
    </Badge>
  );
}

/** A small "Copy …" button that says "Copied" for a moment. */
export function CopyValue({ value, label }: { value: string; label: string }) {
  return (
    <CopyButton value={value}>
      {({ copied, copy }) => (
        <Button
          size="compact-sm"
          variant="light"
          onClick={copy}
          leftSection={copied ? <IconCheck size={14} /> : <IconCopy size={14} />}
          aria-label={label}
        >
          {copied ? 'Copied' : label}
        </Button>
      )}
    </CopyButton>
  );
}

/** The link's address and `<iframe>` snippet, each with its copy button. */
export function LinkSnippets({ link }: { link: TIframeLink }) {
  return (
    <Stack gap="sm">
      <Stack gap={4}>
        <Group justify="space-between" gap="xs">
          <Text size="sm" fw={500}>
            Address
          </Text>
          <CopyValue value={link.url} label="Copy URL" />
        </Group>
        <Code block data-testid="iframe-link-url" style={{ wordBreak: 'break-all', whiteSpace: 'pre-wrap' }}>
          {link.url}
        </Code>
      </Stack>
      <Stack gap={4}>
        <Group justify="space-between" gap="xs">
          <Text size="sm" fw={500}>
            Embed code
          </Text>
          <CopyValue value={link.snippet} label="Copy snippet" />
        </Group>
        <Code
          block
          data-testid="iframe-link-snippet"
          style={{ wordBreak: 'break-all', whiteSpace: 'pre-wrap' }}
        >
          {link.snippet}
        </Code>
      </Stack>
    </Stack>
  );
}

import { Badge, Group, Stack, Text } from '@mantine/core';
import type { TVerifyDocumentResult } from '@esigns/contracts/signing';
import { formatDateTime } from '../../shared/format/date';

const CHAIN_TEXT: Record<string, string> = {
  SELF_SIGNED: 'Self-signed certificate (vouched for by this service only)',
  COMPLETE: 'Certificate chain complete up to its root',
  INCOMPLETE: 'Certificate chain incomplete (its root is not in the file)',
};

/** The seal's PAdES level, trusted time and certificate chain (public verification page). */
export function SealDetails({ result }: { result: TVerifyDocumentResult }) {
  if (!result.level) return null;
  const chain = result.chain ?? [];
  return (
    <Stack gap={4} data-testid="seal-details">
      <Group gap="xs">
        <Badge variant="light">PAdES {result.level}</Badge>
        {result.timestamped_at && <Text size="sm">Trusted time {formatDateTime(result.timestamped_at)}</Text>}
      </Group>
      {result.chain_status && CHAIN_TEXT[result.chain_status] && (
        <Text size="xs" c="dimmed">
          {CHAIN_TEXT[result.chain_status]}
        </Text>
      )}
      {chain.map((certificate) => (
        <Text key={certificate.fingerprint} size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
          {certificate.subject} · valid until {formatDateTime(certificate.not_after)}
        </Text>
      ))}
    </Stack>
  );
}

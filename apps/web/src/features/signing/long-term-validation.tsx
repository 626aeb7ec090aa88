import { useState } from 'react';
import { Badge, Box, Group, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCircleCheck, IconCircleDashed, IconClockShield } from '@tabler/icons-react';
import type { TVerifyDocumentResult } from '@esigns/contracts/signing';
import { formatDateTime } from '../../shared/format/date';

type Level = NonNullable<TVerifyDocumentResult['level']>;
type Timestamp = NonNullable<TVerifyDocumentResult['timestamps']>[number];

/** The PAdES baseline levels in order, each in plain words. */
export const LEVELS: { level: Level; title: string; text: string }[] = [
  {
    level: 'B-B',
    title: 'Signed',
    text: 'The seal shows who sealed the file and that it has not changed since.',
  },
  {
    level: 'B-T',
    title: 'Signing time proved',
    text: 'An independent timestamp authority confirmed when the seal was made.',
  },
  {
    level: 'B-LT',
    title: 'Validation data embedded',
    text: 'The certificates and revocation answers needed to check the seal are inside the file.',
  },
  {
    level: 'B-LTA',
    title: 'Archived',
    text: 'A document timestamp covers the whole file. It is renewed before its authority’s certificate expires, so the file stays verifiable for decades.',
  },
];

/**
 * The "Long-term validation" section of `/verify-document`: which PAdES level the seal reaches
 * (every level explained, those reached ticked) and every timestamp in the file with its authority
 * and when that authority's certificate expires.
 */
export function LongTermValidation({ result }: { result: TVerifyDocumentResult }) {
  // When the answer was shown: whether an authority's certificate has expired.
  const [now] = useState(() => Date.now());
  if (!result.level) return null;
  const reached = LEVELS.findIndex((l) => l.level === result.level);
  const timestamps = result.timestamps ?? [];
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-label="Long-term validation">
      <Stack gap="sm" data-testid="long-term-validation">
        <Group gap="xs">
          <ThemeIcon variant="light" radius="md">
            <IconClockShield size={18} />
          </ThemeIcon>
          <Title order={2} size="h4">
            Long-term validation
          </Title>
          <Badge variant="light">PAdES {result.level}</Badge>
        </Group>
        <Stack gap={6} component="ol" m={0} p={0} style={{ listStyle: 'none' }} aria-label="Seal levels">
          {LEVELS.map((entry, index) => (
            <Group
              key={entry.level}
              component="li"
              gap="sm"
              wrap="nowrap"
              align="flex-start"
              data-reached={index <= reached}
            >
              <ThemeIcon size={22} radius="xl" variant="light" color={index <= reached ? 'green' : 'gray'}>
                {index <= reached ? <IconCircleCheck size={16} /> : <IconCircleDashed size={16} />}
              </ThemeIcon>
              <Box style={{ minWidth: 0 }}>
                <Text size="sm" fw={600} c={index <= reached ? undefined : 'dimmed'}>
                  {entry.level} · {entry.title}
                </Text>
                <Text size="xs" c="dimmed">
                  {entry.text}
                </Text>
              </Box>
            </Group>
          ))}
        </Stack>
        <Text size="sm" fw={600} mt="xs">
          Timestamps in this file
        </Text>
        {timestamps.length === 0 ? (
          <Text size="sm" c="dimmed">
            None: the time of sealing rests on the sealer’s own clock.
          </Text>
        ) : (
          <Stack gap="xs" data-testid="timestamps">
            {timestamps.map((timestamp, index) => (
              <TimestampRow
                key={`${timestamp.kind}-${index}`}
                timestamp={timestamp}
                number={numberOf(timestamps, index)}
                now={now}
              />
            ))}
          </Stack>
        )}
      </Stack>
    </Paper>
  );
}

/** The document timestamps are numbered in file order (the first is the archive's, then each renewal). */
function numberOf(timestamps: Timestamp[], index: number): number {
  return timestamps.slice(0, index + 1).filter((t) => t.kind === 'DOCUMENT').length;
}

function TimestampRow({ timestamp, number, now }: { timestamp: Timestamp; number: number; now: number }) {
  const expired = timestamp.authority_expires_at !== null && Date.parse(timestamp.authority_expires_at) < now;
  const title =
    timestamp.kind === 'SIGNATURE'
      ? 'Signature timestamp'
      : number === 1
        ? 'Document timestamp (archive)'
        : `Document timestamp ${number} (renewal)`;
  return (
    <Paper withBorder radius="md" px="md" py="xs" data-testid="timestamp">
      <Group justify="space-between" wrap="wrap" gap="xs" align="flex-start">
        <Box style={{ minWidth: 0 }}>
          <Text size="sm" fw={600}>
            {title}
          </Text>
          <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
            {timestamp.time ? formatDateTime(timestamp.time) : 'Time unreadable'}
            {timestamp.authority ? ` · ${timestamp.authority}` : ''}
          </Text>
          {timestamp.authority_expires_at && (
            <Text size="xs" c="dimmed">
              Authority’s certificate {expired ? 'expired' : 'valid until'}{' '}
              {formatDateTime(timestamp.authority_expires_at)}
            </Text>
          )}
        </Box>
        <Badge variant="light" color={timestamp.valid ? 'green' : 'red'} style={{ flex: 'none' }}>
          {timestamp.valid ? 'valid' : 'invalid'}
        </Badge>
      </Group>
    </Paper>
  );
}

import type { ReactNode } from 'react';
import { Alert, Anchor, Button, Group, Stack, Text } from '@mantine/core';
import {
  IconAlertTriangle,
  IconCircleCheck,
  IconExternalLink,
  IconInfoCircle,
  IconSearch,
} from '@tabler/icons-react';
import { Link } from 'react-router';
import { formatDateTime } from '../../shared/format/date';
import { recordPath } from '../entities/paths';
import type { ScanOutcome } from './scan-actions';
import type { RecordRef } from './scan-rules';

type Props = {
  outcome: ScanOutcome;
  busy: boolean;
  onCheckIn: (record: RecordRef, again: boolean) => void;
  onDismiss: () => void;
};

const Code = ({ children }: { children: ReactNode }) => (
  <Text span fw={600} style={{ wordBreak: 'break-all' }}>
    {children}
  </Text>
);

/** What the last scan found or did, said in words (announced to screen readers). */
export function ScanResult({ outcome, busy, onCheckIn, onDismiss }: Props) {
  switch (outcome.kind) {
    case 'checked-in':
      return (
        <Alert color="teal" icon={<IconCircleCheck />} title="Checked in">
          <Code>{outcome.entry.title || 'The record'}</Code> checked in at {formatDateTime(outcome.entry.at)}.
        </Alert>
      );
    case 'confirm-again':
      return (
        <Alert color="yellow" icon={<IconAlertTriangle />} title="Checked in less than a minute ago">
          <Stack gap="xs">
            <Text size="sm">
              <Code>{outcome.last.title || 'This record'}</Code> was checked in at{' '}
              {formatDateTime(outcome.last.at)}. Check it in again?
            </Text>
            <Group gap="xs">
              <Button size="xs" loading={busy} onClick={() => onCheckIn(outcome.record, true)}>
                Check in again
              </Button>
              <Button size="xs" variant="default" onClick={onDismiss}>
                Skip
              </Button>
            </Group>
          </Stack>
        </Alert>
      );
    case 'external':
      return (
        <Alert color="blue" icon={<IconExternalLink />} title="A link to another site">
          <Stack gap="xs">
            <Code>{outcome.url}</Code>
            <Text size="sm">It was not opened. Open it only if you trust it.</Text>
            <Group>
              <Button
                size="xs"
                variant="light"
                component="a"
                href={outcome.url}
                target="_blank"
                rel="noopener noreferrer"
                rightSection={<IconExternalLink size={14} />}
              >
                Open link
              </Button>
            </Group>
          </Stack>
        </Alert>
      );
    case 'choose':
      return (
        <Alert color="blue" icon={<IconSearch />} title={`${outcome.total} records have this code`}>
          <Stack gap={6}>
            <Text size="sm">
              Code <Code>{outcome.code}</Code>: choose one
              {outcome.total > outcome.records.length ? ` (the first ${outcome.records.length} shown)` : ''}.
            </Text>
            {outcome.records.map((record) =>
              outcome.purpose === 'checkin' ? (
                <Group key={record.recordId} gap="xs" wrap="nowrap">
                  <Button size="xs" variant="light" loading={busy} onClick={() => onCheckIn(record, false)}>
                    Check in
                  </Button>
                  <Text size="sm">{record.title || record.recordId}</Text>
                </Group>
              ) : (
                <Anchor
                  key={record.recordId}
                  component={Link}
                  to={recordPath(record.entityId, record.recordId, 'view')}
                >
                  {record.title || record.recordId}
                </Anchor>
              ),
            )}
          </Stack>
        </Alert>
      );
    case 'none':
      return (
        <Alert color="orange" icon={<IconSearch />} title="No record found">
          {outcome.message} Code: <Code>{outcome.code}</Code>
        </Alert>
      );
    case 'not-a-link':
      return (
        <Alert color="gray" icon={<IconInfoCircle />} title="Not a link of this app">
          Code <Code>{outcome.code}</Code>. To look codes up in a field of your records, choose &ldquo;Find a
          record&rdquo; or &ldquo;Check in&rdquo; above.
        </Alert>
      );
    case 'needs-setup':
      return (
        <Alert color="gray" icon={<IconInfoCircle />} title="Choose what to look in">
          {outcome.message}
        </Alert>
      );
    case 'error':
      return (
        <Alert color="red" icon={<IconAlertTriangle />} title="The scan could not be handled">
          {outcome.message}
        </Alert>
      );
    case 'open':
      return null;
  }
}

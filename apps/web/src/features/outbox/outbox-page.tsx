import { useCallback, useEffect, useState, type ReactNode } from 'react';
import {
  ActionIcon,
  Anchor,
  Badge,
  Box,
  Button,
  Group,
  Pagination,
  Select,
  Skeleton,
  Stack,
  Table,
  Text,
  TextInput,
  ThemeIcon,
  Title,
  Tooltip,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import {
  IconAlertTriangle,
  IconInbox,
  IconKey,
  IconLock,
  IconRefresh,
  IconSearch,
} from '@tabler/icons-react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router';
import { isApiError } from '../../shared/api/api-error';
import { usePageTitle } from '../../shared/branding/use-page-title';
import { formatDateTime } from '../../shared/format/date';
import { formatPageRange } from '../../shared/format/range';
import { formatRelativeTime } from '../../shared/format/relative-time';
import { isSignedIn, useSession } from '../../shared/session/session-store';
import {
  EMAIL_STATUSES,
  fetchOutboxPage,
  forgetOutboxKey,
  formatRecipients,
  readOutboxKey,
  saveOutboxKey,
  statusColor,
  type OutboxQuery,
} from './outbox-api';
import { OutboxMessageDialog } from './outbox-message-dialog';

export const OUTBOX_PAGE_SIZE = 20;
export const OUTBOX_UNAUTHORISED_MESSAGE =
  'Sign in as a workspace owner or admin to see the email log, or open the Outbox link printed in the server console';

const STATUS_OPTIONS = [
  { value: '', label: 'All statuses' },
  ...EMAIL_STATUSES.map((status) => ({ value: status, label: status })),
];

/** The operator key: taken once from `?key=`, kept in sessionStorage, removed from the address. */
function useOperatorKey(): [string | null, () => void] {
  const [params, setParams] = useSearchParams();
  const fromUrl = params.get('key');
  const [stored, setStored] = useState<string | null>(() => {
    if (fromUrl) saveOutboxKey(fromUrl);
    return fromUrl ?? readOutboxKey();
  });
  // A new link opened in the same tab replaces the key (state adjusted while rendering).
  if (fromUrl && fromUrl !== stored) {
    saveOutboxKey(fromUrl);
    setStored(fromUrl);
  }

  useEffect(() => {
    if (!fromUrl) return;
    // Keep the secret out of the history and of anything copied from the address bar.
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete('key');
        return next;
      },
      { replace: true },
    );
  }, [fromUrl, setParams]);

  const forget = useCallback(() => {
    forgetOutboxKey();
    setStored(null);
  }, []);
  return [fromUrl ?? stored, forget];
}

function StateMessage({
  icon,
  color,
  title,
  children,
}: {
  icon: ReactNode;
  color?: string;
  title: string;
  children?: ReactNode;
}) {
  return (
    <Stack align="center" ta="center" gap="xs" py={56} px="md">
      <ThemeIcon size={56} radius="xl" variant="light" color={color}>
        {icon}
      </ThemeIcon>
      <Text fw={600} size="lg">
        {title}
      </Text>
      {children}
    </Stack>
  );
}

function LoadingRows() {
  return (
    <>
      {Array.from({ length: 6 }, (_, i) => (
        <Table.Tr key={i}>
          {Array.from({ length: 7 }, (__, j) => (
            <Table.Td key={j}>
              <Skeleton h={14} radius="sm" />
            </Table.Td>
          ))}
        </Table.Tr>
      ))}
    </>
  );
}

/**
 * The company's email log (signed-in owners and admins: every mail sent on the company's behalf,
 * links and codes redacted) or, with the operator key, the instance's Outbox. Searchable,
 * filterable by status, each mail viewable.
 */
export function OutboxPage() {
  const signedIn = useSession(isSignedIn);
  const [operatorKey, forgetKey] = useOperatorKey();
  const isOperator = Boolean(operatorKey);
  const title = isOperator ? 'Outbox' : 'Email log';
  usePageTitle(title);
  const [search, setSearch] = useState('');
  const [status, setStatus] = useState<OutboxQuery['status']>(undefined);
  const [debouncedSearch] = useDebouncedValue(search.trim(), 300);
  const [page, setPage] = useState(1);
  const [openId, setOpenId] = useState<string | null>(null);

  const list = useQuery({
    queryKey: [
      'outbox',
      'list',
      { page, search: debouncedSearch, status, limit: OUTBOX_PAGE_SIZE },
      operatorKey,
    ],
    queryFn: ({ signal }) =>
      fetchOutboxPage(
        { page, limit: OUTBOX_PAGE_SIZE, search: debouncedSearch, status },
        operatorKey,
        signal,
      ),
    placeholderData: keepPreviousData,
  });

  const isUnauthorised = isApiError(list.error) && (list.error.status === 401 || list.error.status === 403);
  const rows = list.data?.data ?? [];
  const total = list.data?.total ?? 0;
  const totalPages = Math.max(list.data?.total_pages ?? 1, 1);

  return (
    <Stack gap="lg" maw={1200}>
      <Group justify="space-between" align="flex-end" wrap="wrap" gap="md">
        <Box>
          <Title order={2}>{title}</Title>
          <Text c="dimmed" size="sm">
            {isOperator
              ? 'Every mail this instance sends, with its delivery status. Without a mail server, messages are read here.'
              : 'Every mail sent on behalf of your workspace, with its delivery status. Links and codes meant for the recipients are hidden.'}
          </Text>
        </Box>
        <Group gap="xs">
          {operatorKey && (
            <Tooltip label="This tab uses the operator key from the server console">
              <Badge variant="light" color="gray" leftSection={<IconKey size={12} />} size="lg" radius="sm">
                Operator key{' '}
                <Anchor component="button" type="button" size="xs" ml={4} onClick={forgetKey}>
                  forget
                </Anchor>
              </Badge>
            </Tooltip>
          )}
          <Select
            aria-label="Filter by status"
            data={STATUS_OPTIONS}
            value={status ?? ''}
            onChange={(value) => {
              setStatus(EMAIL_STATUSES.find((s) => s === value));
              setPage(1);
            }}
            allowDeselect={false}
            w={{ base: '100%', xs: 160 }}
          />
          <TextInput
            placeholder="Search recipient or subject"
            aria-label="Search the outbox"
            leftSection={<IconSearch size={16} />}
            value={search}
            onChange={(event) => {
              setSearch(event.currentTarget.value);
              setPage(1);
            }}
            w={{ base: '100%', xs: 280 }}
          />
          <Tooltip label="Refresh">
            <ActionIcon
              variant="default"
              size="lg"
              aria-label="Refresh"
              onClick={() => void list.refetch()}
              loading={list.isFetching}
            >
              <IconRefresh size={18} />
            </ActionIcon>
          </Tooltip>
        </Group>
      </Group>

      <Box
        style={{
          border: '1px solid var(--mantine-color-gray-3)',
          borderRadius: 'var(--mantine-radius-md)',
          overflow: 'hidden',
        }}
        bg="white"
      >
        {list.isError && isUnauthorised ? (
          <StateMessage
            icon={<IconLock size={28} />}
            color="gray"
            title={`The ${title.toLowerCase()} is locked`}
          >
            <Text c="dimmed" size="sm" maw={460} data-testid="outbox-unauthorised">
              {OUTBOX_UNAUTHORISED_MESSAGE}
            </Text>
            {!signedIn && (
              <Button component={Link} to="/signin" variant="light" mt="sm">
                Sign in
              </Button>
            )}
          </StateMessage>
        ) : list.isError ? (
          <StateMessage
            icon={<IconAlertTriangle size={28} />}
            color="red"
            title={`Could not load the ${title.toLowerCase()}`}
          >
            <Text c="dimmed" size="sm">
              {list.error.message}
            </Text>
            <Button
              variant="light"
              mt="sm"
              leftSection={<IconRefresh size={16} />}
              onClick={() => void list.refetch()}
            >
              Try again
            </Button>
          </StateMessage>
        ) : !list.isPending && rows.length === 0 ? (
          <StateMessage
            icon={<IconInbox size={28} />}
            title={
              debouncedSearch || status
                ? 'No messages match your search'
                : `The ${title.toLowerCase()} is empty`
            }
          >
            <Text c="dimmed" size="sm" maw={460}>
              {debouncedSearch
                ? `Nothing was sent to or about “${debouncedSearch}”${status ? ` with the status ${status}` : ''}.`
                : status
                  ? `No mail has the status ${status}.`
                  : 'Invitations, signing requests and verification codes will appear here as soon as the platform sends them.'}
            </Text>
          </StateMessage>
        ) : (
          <Table.ScrollContainer minWidth={760}>
            <Table highlightOnHover verticalSpacing="sm" horizontalSpacing="md">
              <Table.Thead bg="gray.0">
                <Table.Tr>
                  <Table.Th>To</Table.Th>
                  <Table.Th>Subject</Table.Th>
                  <Table.Th>Kind</Table.Th>
                  <Table.Th>Status</Table.Th>
                  <Table.Th ta="right">Attempts</Table.Th>
                  <Table.Th>Created</Table.Th>
                  <Table.Th>Sent</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {list.isPending ? (
                  <LoadingRows />
                ) : (
                  rows.map((row) => (
                    <Table.Tr
                      key={row._id}
                      onClick={() => setOpenId(row._id)}
                      style={{ cursor: 'pointer' }}
                      tabIndex={0}
                      onKeyDown={(event) => {
                        if (event.key === 'Enter' || event.key === ' ') {
                          event.preventDefault();
                          setOpenId(row._id);
                        }
                      }}
                      aria-label={`Open message ${row.subject}`}
                    >
                      <Table.Td maw={220}>
                        <Text size="sm" truncate>
                          {formatRecipients(row.to)}
                        </Text>
                      </Table.Td>
                      <Table.Td maw={360}>
                        <Text size="sm" fw={500} truncate>
                          {row.subject || '(no subject)'}
                        </Text>
                        {row.error && (
                          <Text size="xs" c="red" truncate title={row.error}>
                            Error: {row.error}
                          </Text>
                        )}
                      </Table.Td>
                      <Table.Td>
                        <Text size="xs" c="dimmed" ff="monospace">
                          {row.kind}
                        </Text>
                      </Table.Td>
                      <Table.Td>
                        <Badge color={statusColor(row.status)} variant="light">
                          {row.status}
                        </Badge>
                      </Table.Td>
                      <Table.Td ta="right">{row.attempts}</Table.Td>
                      <Table.Td>
                        <Tooltip label={formatDateTime(row.created_at)} openDelay={300}>
                          <Text size="sm" span>
                            {formatRelativeTime(row.created_at)}
                          </Text>
                        </Tooltip>
                      </Table.Td>
                      <Table.Td>
                        <Text size="sm" c={row.sent_at ? undefined : 'dimmed'}>
                          {formatDateTime(row.sent_at) || '—'}
                        </Text>
                      </Table.Td>
                    </Table.Tr>
                  ))
                )}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Box>

      {!list.isError && total > 0 && (
        <Group justify="space-between">
          <Text size="sm" c="dimmed">
            {formatPageRange(page, OUTBOX_PAGE_SIZE, total)}
          </Text>
          {totalPages > 1 && <Pagination value={page} onChange={setPage} total={totalPages} size="sm" />}
        </Group>
      )}

      <OutboxMessageDialog id={openId} operatorKey={operatorKey} onClose={() => setOpenId(null)} />
    </Stack>
  );
}

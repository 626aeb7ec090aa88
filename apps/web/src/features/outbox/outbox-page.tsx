import { useCallback, useEffect, useState } from 'react';
import { Anchor, Box, Button, Group, Pagination, Stack, Text, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconAlertTriangle, IconInbox, IconLock, IconRefresh } from '@tabler/icons-react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router';
import { isApiError } from '../../shared/api/api-error';
import { usePageTitle } from '../../shared/branding/use-page-title';
import { formatPageRange } from '../../shared/format/range';
import { isSignedIn, useSession } from '../../shared/session/session-store';
import {
  fetchOutboxPage,
  forgetOutboxKey,
  readOutboxKey,
  saveOutboxKey,
  type OutboxQuery,
} from './outbox-api';
import { OutboxMessageDialog } from './outbox-message-dialog';
import { StateMessage } from '../../shared/ui/page-kit';
import { OutboxRows, OutboxToolbar } from './outbox-parts';
import { NO_LOG_FILTERS, OutboxFilters, type LogFilters } from './outbox-filters';

export const OUTBOX_PAGE_SIZE = 20;
export const OUTBOX_UNAUTHORISED_MESSAGE =
  'Sign in as a workspace owner or admin to see the email log, or open the Outbox link printed in the server console';

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
  const [filters, setFilters] = useState<LogFilters>(NO_LOG_FILTERS);
  const [page, setPage] = useState(1);
  const [openId, setOpenId] = useState<string | null>(null);

  const list = useQuery({
    queryKey: [
      'outbox',
      'list',
      { page, search: debouncedSearch, status, ...filters, limit: OUTBOX_PAGE_SIZE },
      operatorKey,
    ],
    queryFn: ({ signal }) =>
      fetchOutboxPage(
        { page, limit: OUTBOX_PAGE_SIZE, search: debouncedSearch, status, ...filters },
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
          {!isOperator && signedIn && (
            <Anchor component={Link} to="/configuration/mail" size="sm">
              Mail settings (your own SMTP server)
            </Anchor>
          )}
        </Box>
        <OutboxToolbar
          operatorKey={operatorKey}
          onForgetKey={forgetKey}
          status={status}
          onStatus={(value) => {
            setStatus(value);
            setPage(1);
          }}
          search={search}
          onSearch={(value) => {
            setSearch(value);
            setPage(1);
          }}
          isFetching={list.isFetching}
          onRefresh={() => void list.refetch()}
        />
      </Group>
      <OutboxFilters
        value={filters}
        withTemplates={!isOperator && signedIn}
        onChange={(next) => {
          setFilters(next);
          setPage(1);
        }}
      />

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
              debouncedSearch || status || filters.template_id || filters.from || filters.to
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
          <OutboxRows rows={rows} isPending={list.isPending} onOpen={setOpenId} />
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

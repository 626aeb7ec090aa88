import { useState, type ReactNode } from 'react';
import {
  ActionIcon,
  Badge,
  Box,
  Button,
  Group,
  Menu,
  NativeSelect,
  ScrollArea,
  Skeleton,
  Stack,
  Table,
  Tabs,
  Text,
  TextInput,
} from '@mantine/core';
import { useDebouncedValue, useMediaQuery } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import {
  IconCheck,
  IconDots,
  IconEdit,
  IconExternalLink,
  IconFileSearch,
  IconSearch,
  IconSend,
  IconX,
} from '@tabler/icons-react';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate, useParams } from 'react-router';
import { usePageTitle } from '../../shared/branding/use-page-title';
import { formatDate } from '../../shared/format/date';
import { formatFullName } from '../../shared/format/name';
import { ListPager } from '../../shared/ui/list-pager';
import {
  LoadError,
  NoAccess,
  PageFrame,
  Panel,
  StateMessage,
  errorText,
  isForbidden,
} from '../../shared/ui/page-kit';
import { useCan, type Can } from '../../shared/permissions/use-can';
import { CARD_TYPES, cardTypeLabel, cardTypeSegment, findCardType } from './card-types';
import {
  REQUEST_KEYS,
  fetchRequests,
  updateRequest,
  type RequestQuery,
  type RequestStatus,
  type TDocumentRequest,
} from './request-documents-api';

export const REQUESTS_PAGE_SIZE = 10;

const STATUS_VIEW: Record<RequestStatus, { label: string; color: string }> = {
  REQUESTED: { label: 'Requested', color: 'blue' },
  UPLOADED: { label: 'To review', color: 'orange' },
  APPROVED: { label: 'Approved', color: 'teal' },
  REJECTED: { label: 'Rejected', color: 'red' },
};

const STATUS_FILTERS = [
  { value: '', label: 'Any status' },
  ...Object.entries(STATUS_VIEW).map(([value, view]) => ({ value, label: view.label })),
];

export function isOverdue(request: Pick<TDocumentRequest, 'due_at' | 'status'>, now = Date.now()): boolean {
  return request.status === 'REQUESTED' && request.due_at !== null && Date.parse(request.due_at) < now;
}

export function RequestStatusBadge({ request }: { request: TDocumentRequest }) {
  if (isOverdue(request)) {
    return (
      <Badge color="red" variant="light">
        Overdue
      </Badge>
    );
  }
  const view = STATUS_VIEW[request.status];
  return (
    <Badge color={view.color} variant="light">
      {view.label}
    </Badge>
  );
}

function contactName(request: TDocumentRequest) {
  return formatFullName(request.contact) || request.contact.email;
}

function RequestActions({ request, rights }: { request: TDocumentRequest; rights: Pick<Can, 'can'> }) {
  const queryClient = useQueryClient();
  const review = useMutation({
    mutationFn: (status: RequestStatus) => updateRequest(request._id, { status }),
    onSuccess: (saved) => {
      notifications.show({
        color: 'teal',
        title: saved.status === 'APPROVED' ? 'Document approved' : 'Document rejected',
        message: `${saved.card_type} of ${contactName(saved)}`,
      });
      void queryClient.invalidateQueries({ queryKey: REQUEST_KEYS.lists });
    },
    onError: (error) =>
      notifications.show({ color: 'red', title: 'Could not save', message: errorText(error) }),
  });
  const canUpdate = rights.can('request-documents:update');
  const fileUrl = request.file?.url;
  if (!canUpdate && !fileUrl) return null;
  return (
    <Menu position="bottom-end" withinPortal shadow="md" width={200}>
      <Menu.Target>
        <ActionIcon
          variant="subtle"
          color="gray"
          aria-label={`Actions for the request to ${contactName(request)}`}
        >
          <IconDots size={18} />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        {fileUrl && (
          <Menu.Item
            component="a"
            href={fileUrl}
            target="_blank"
            rel="noreferrer"
            leftSection={<IconExternalLink size={16} />}
          >
            Open the document
          </Menu.Item>
        )}
        {canUpdate && (
          <Menu.Item
            component={Link}
            to={`/request-documents/${encodeURIComponent(request._id)}/edit`}
            leftSection={<IconEdit size={16} />}
          >
            Edit
          </Menu.Item>
        )}
        {canUpdate && request.status === 'UPLOADED' && (
          <>
            <Menu.Item leftSection={<IconCheck size={16} />} onClick={() => review.mutate('APPROVED')}>
              Approve
            </Menu.Item>
            <Menu.Item
              color="red"
              leftSection={<IconX size={16} />}
              onClick={() => review.mutate('REJECTED')}
            >
              Reject
            </Menu.Item>
          </>
        )}
      </Menu.Dropdown>
    </Menu>
  );
}

function LoadingRows() {
  return (
    <>
      {Array.from({ length: 5 }, (_, i) => (
        <Table.Tr key={i}>
          {Array.from({ length: 6 }, (__, j) => (
            <Table.Td key={j}>
              <Skeleton h={14} radius="sm" />
            </Table.Td>
          ))}
        </Table.Tr>
      ))}
    </>
  );
}

function DueDate({ request }: { request: TDocumentRequest }) {
  if (!request.due_at) {
    return (
      <Text size="sm" c="dimmed">
        —
      </Text>
    );
  }
  return (
    <Text size="sm" c={isOverdue(request) ? 'red.7' : undefined}>
      {formatDate(request.due_at)}
    </Text>
  );
}

function RequestTable({
  rows,
  isPending,
  rights,
}: {
  rows: TDocumentRequest[];
  isPending: boolean;
  rights: Pick<Can, 'can'>;
}) {
  return (
    <Table.ScrollContainer minWidth={860}>
      <Table verticalSpacing="sm" horizontalSpacing="md" highlightOnHover>
        <Table.Thead bg="gray.0">
          <Table.Tr>
            <Table.Th>Contact</Table.Th>
            <Table.Th w={170}>Document</Table.Th>
            <Table.Th w={120}>Status</Table.Th>
            <Table.Th w={120}>Due</Table.Th>
            <Table.Th w={190}>Requested</Table.Th>
            <Table.Th w={70} ta="right">
              Actions
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {isPending ? (
            <LoadingRows />
          ) : (
            rows.map((request) => (
              <Table.Tr key={request._id} data-testid="request-row">
                <Table.Td>
                  <Text size="sm" fw={500}>
                    {contactName(request)}
                  </Text>
                  <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                    {request.contact.email}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <Text size="sm">{request.card_type}</Text>
                </Table.Td>
                <Table.Td>
                  <RequestStatusBadge request={request} />
                </Table.Td>
                <Table.Td>
                  <DueDate request={request} />
                </Table.Td>
                <Table.Td>
                  <Text size="sm">{formatDate(request.created_at)}</Text>
                  {request.requested_by && (
                    <Text size="xs" c="dimmed">
                      by {request.requested_by.name || request.requested_by.email}
                    </Text>
                  )}
                </Table.Td>
                <Table.Td ta="right">
                  <RequestActions request={request} rights={rights} />
                </Table.Td>
              </Table.Tr>
            ))
          )}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function RequestCards({
  rows,
  isPending,
  rights,
}: {
  rows: TDocumentRequest[];
  isPending: boolean;
  rights: Pick<Can, 'can'>;
}) {
  if (isPending) {
    return (
      <Stack gap="sm" p="md">
        {Array.from({ length: 4 }, (_, i) => (
          <Skeleton key={i} h={64} radius="sm" />
        ))}
      </Stack>
    );
  }
  return (
    <Box>
      {rows.map((request) => (
        <Group
          key={request._id}
          data-testid="request-row"
          justify="space-between"
          wrap="nowrap"
          align="flex-start"
          p="md"
          style={{ borderBottom: '1px solid var(--mantine-color-gray-2)' }}
        >
          <Stack gap={4} style={{ minWidth: 0 }}>
            <Text size="sm" fw={500} truncate="end">
              {contactName(request)}
            </Text>
            <Text size="xs" c="dimmed">
              {request.card_type}
              {request.due_at ? ` · due ${formatDate(request.due_at)}` : ''}
            </Text>
            <Group gap={6}>
              <RequestStatusBadge request={request} />
            </Group>
          </Stack>
          <RequestActions request={request} rights={rights} />
        </Group>
      ))}
    </Box>
  );
}

/**
 * /request-documents/all and /request-documents/all/{card_type}: the documents the company asked
 * its contacts for, by card type (tabs), server-paged with search and status; review uploaded
 * ones (approve, reject) and edit requests.
 */
export function RequestListScreen() {
  usePageTitle('Requested documents');
  const { card_type: segment = 'all' } = useParams();
  const navigate = useNavigate();
  const rights = useCan();
  const [search, setSearch] = useState('');
  const [debouncedSearch] = useDebouncedValue(search.trim(), 300);
  const [status, setStatus] = useState<RequestStatus | ''>('');
  const [page, setPage] = useState(1);
  const isPhone = useMediaQuery('(max-width: 48em)');
  const canView = rights.can('request-documents:view');
  const canCreate = rights.can('request-documents:create');
  const isAll = segment.toLowerCase() === 'all';
  const cardType = isAll ? 'all' : cardTypeLabel(segment);
  const tabValue = isAll ? 'all' : (findCardType(segment)?.slug ?? segment);

  const query: RequestQuery = {
    page,
    limit: REQUESTS_PAGE_SIZE,
    search: debouncedSearch || undefined,
    status: status || undefined,
  };
  const list = useQuery({
    queryKey: REQUEST_KEYS.page(cardType, query),
    queryFn: ({ signal }) => fetchRequests(cardType, query, signal),
    enabled: canView,
    placeholderData: keepPreviousData,
  });

  const newRequestPath =
    isAll || !findCardType(segment)
      ? '/request-documents/select-card-type'
      : `/request-documents/upload?card_type=${encodeURIComponent(cardTypeSegment(cardType))}`;
  const frame = (content: ReactNode) => (
    <PageFrame
      title="Requested documents"
      description="Ask your clients for their PAN card, Aadhaar, sale deed and other papers, and review what they upload."
      actions={
        canCreate ? (
          <Button component={Link} to={newRequestPath} leftSection={<IconSend size={16} />}>
            Request a document
          </Button>
        ) : undefined
      }
    >
      {content}
    </PageFrame>
  );

  if (rights.isLoading) return frame(<Skeleton h={320} radius="md" aria-busy="true" />);
  if (!canView || isForbidden(list.error)) {
    return frame(
      <Panel>
        <NoAccess>
          Your user type cannot see document requests. Ask an owner or admin if you need access.
        </NoAccess>
      </Panel>,
    );
  }

  const rows = list.data?.data ?? [];
  const total = list.data?.total ?? 0;
  const isFiltered = Boolean(debouncedSearch || status);
  const tabs = [{ slug: 'all', label: 'All' }, ...CARD_TYPES.filter((type) => type.slug !== 'other')];
  if (!isAll && !tabs.some((tab) => tab.slug === tabValue)) tabs.push({ slug: tabValue, label: cardType });

  return frame(
    <Stack gap="lg">
      <ScrollArea type="scroll" scrollbarSize={6}>
        <Tabs
          value={tabValue}
          onChange={(value) => {
            if (!value) return;
            setPage(1);
            navigate(
              value === 'all'
                ? '/request-documents/all'
                : `/request-documents/all/${encodeURIComponent(value)}`,
            );
          }}
          variant="pills"
        >
          <Tabs.List style={{ flexWrap: 'nowrap' }}>
            {tabs.map((tab) => (
              <Tabs.Tab key={tab.slug} value={tab.slug}>
                {tab.label}
              </Tabs.Tab>
            ))}
          </Tabs.List>
        </Tabs>
      </ScrollArea>

      <Group gap="sm" wrap="wrap" align="flex-end">
        <TextInput
          placeholder="Search contact name or email"
          aria-label="Search requests"
          leftSection={<IconSearch size={16} />}
          value={search}
          onChange={(event) => {
            setSearch(event.currentTarget.value);
            setPage(1);
          }}
          w={{ base: '100%', xs: 300 }}
        />
        <NativeSelect
          aria-label="Filter by status"
          data={STATUS_FILTERS}
          value={status}
          onChange={(event) => {
            setStatus(event.currentTarget.value as RequestStatus | '');
            setPage(1);
          }}
          w={{ base: '100%', xs: 170 }}
        />
      </Group>

      <Panel>
        {list.isError ? (
          <LoadError
            title="Could not load the requests"
            error={list.error}
            onRetry={() => void list.refetch()}
          />
        ) : !list.isPending && rows.length === 0 ? (
          <StateMessage
            icon={<IconFileSearch size={28} />}
            title={
              isFiltered ? 'No requests match' : isAll ? 'No requests yet' : `No ${cardType} requests yet`
            }
            testId="requests-empty"
          >
            <Text c="dimmed" size="sm" maw={440}>
              {isFiltered
                ? 'Try another search or status.'
                : 'Ask a client for a document: they get an email with a link to upload it, and you review it here.'}
            </Text>
            {!isFiltered && canCreate && (
              <Button component={Link} to={newRequestPath} mt="sm" leftSection={<IconSend size={16} />}>
                Request a document
              </Button>
            )}
          </StateMessage>
        ) : isPhone ? (
          <RequestCards rows={rows} isPending={list.isPending} rights={rights} />
        ) : (
          <RequestTable rows={rows} isPending={list.isPending} rights={rights} />
        )}
      </Panel>

      {!list.isError && (
        <ListPager
          page={page}
          limit={REQUESTS_PAGE_SIZE}
          total={total}
          totalPages={list.data?.total_pages}
          onPage={setPage}
        />
      )}
    </Stack>,
  );
}

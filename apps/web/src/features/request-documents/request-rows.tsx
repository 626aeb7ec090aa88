import { ActionIcon, Badge, Menu, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconCheck, IconDots, IconEdit, IconExternalLink, IconX } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import { formatDate } from '../../shared/format/date';
import { formatFullName } from '../../shared/format/name';
import type { Can } from '../../shared/permissions/use-can';
import { errorText } from '../../shared/ui/page-kit';
import { NoValue, type ListCardContent, type ListColumn } from '../../shared/ui/list-screen';
import {
  REQUEST_KEYS,
  updateRequest,
  type RequestStatus,
  type TDocumentRequest,
} from './request-documents-api';

/* The rows of the requested-documents list: status badge, actions menu, table columns and phone cards. */

export const STATUS_VIEW: Record<RequestStatus, { label: string; color: string }> = {
  REQUESTED: { label: 'Requested', color: 'blue' },
  UPLOADED: { label: 'To review', color: 'orange' },
  APPROVED: { label: 'Approved', color: 'teal' },
  REJECTED: { label: 'Rejected', color: 'red' },
  CANCELLED: { label: 'Cancelled', color: 'gray' },
};

export const STATUS_FILTERS = [
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

function DueDate({ request }: { request: TDocumentRequest }) {
  if (!request.due_at) return <NoValue />;
  return (
    <Text size="sm" c={isOverdue(request) ? 'red.7' : undefined}>
      {formatDate(request.due_at)}
    </Text>
  );
}

export function requestColumns(rights: Pick<Can, 'can'>): ListColumn<TDocumentRequest>[] {
  return [
    {
      key: 'contact',
      header: 'Contact',
      cell: (request) => (
        <>
          <Text size="sm" fw={500}>
            {contactName(request)}
          </Text>
          <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
            {request.contact.email}
          </Text>
        </>
      ),
    },
    {
      key: 'document',
      header: 'Document',
      width: 170,
      cell: (request) => <Text size="sm">{request.card_type}</Text>,
    },
    {
      key: 'status',
      header: 'Status',
      width: 120,
      cell: (request) => <RequestStatusBadge request={request} />,
    },
    { key: 'due', header: 'Due', width: 120, cell: (request) => <DueDate request={request} /> },
    {
      key: 'requested',
      header: 'Requested',
      width: 190,
      cell: ({ created_at, requested_by: by }) => (
        <>
          <Text size="sm">{formatDate(created_at)}</Text>
          {by && (
            <Text size="xs" c="dimmed">
              by {by.name || by.email}
            </Text>
          )}
        </>
      ),
    },
    {
      key: 'actions',
      header: 'Actions',
      width: 70,
      align: 'right',
      cell: (request) => <RequestActions request={request} rights={rights} />,
    },
  ];
}

export const requestCard =
  (rights: Pick<Can, 'can'>) =>
  (request: TDocumentRequest): ListCardContent => ({
    title: (
      <Stack gap={4} style={{ minWidth: 0 }}>
        <Text size="sm" fw={500} truncate="end">
          {contactName(request)}
        </Text>
        <Text size="xs" c="dimmed">
          {request.card_type}
          {request.due_at ? ` · due ${formatDate(request.due_at)}` : ''}
        </Text>
      </Stack>
    ),
    actions: <RequestActions request={request} rights={rights} />,
    meta: <RequestStatusBadge request={request} />,
  });

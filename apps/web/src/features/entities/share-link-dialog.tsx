import { useState } from 'react';
import {
  Badge,
  Button,
  CopyButton,
  Divider,
  Group,
  NumberInput,
  Select,
  Skeleton,
  Stack,
  Table,
  Text,
  TextInput,
  Tooltip,
  VisuallyHidden,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { PUBLIC_LINK_MAX_DAYS, type TPublicLink } from '@esigns/contracts/entity-actions';
import type { TRecordShareLink, TRecordShareLinkStatus } from '@esigns/contracts/record-share-links';
import { formatDate } from '../../shared/format/date';
import { AppDialog } from '../../shared/ui/app-dialog';
import { ListPager } from '../../shared/ui/list-pager';
import { ConfirmDialog, ErrorAlert, errorText } from '../../shared/ui/page-kit';
import { createPublicLink } from './record-actions-api';
import { fetchRecordShareLinks, revokeRecordShareLink, SHARE_LINK_KEYS } from './share-links-api';
import { useEntityTemplates } from './use-entity-templates';

const LINKS_PER_PAGE = 5;

/**
 * "Share link": a link anyone can open to read one template of the record, until it expires or is
 * revoked; below, the record's links (who made them, when, until when, their state) to revoke one.
 */
export function ShareLinkDialog({
  opened,
  onClose,
  entityId,
  recordId,
}: {
  opened: boolean;
  onClose: () => void;
  entityId: string;
  recordId: string;
}) {
  const queryClient = useQueryClient();
  const templates = useEntityTemplates(entityId).filter((t) => !t.is_repeatable);
  const [templateId, setTemplateId] = useState<string | null>(null);
  const [days, setDays] = useState<number>(30);
  const [link, setLink] = useState<TPublicLink | null>(null);
  const create = useMutation({
    mutationFn: () =>
      createPublicLink({
        entity_data_id: recordId,
        expires_in_days: days,
        ...(templateId ? { template_id: templateId } : {}),
      }),
    onSuccess: (made) => {
      setLink(made);
      void queryClient.invalidateQueries({ queryKey: SHARE_LINK_KEYS.all(recordId) });
    },
  });
  const close = () => {
    setLink(null);
    create.reset();
    onClose();
  };

  return (
    <AppDialog
      opened={opened}
      onClose={close}
      title="Share a read-only link"
      size="lg"
      footer={
        link ? (
          <Button onClick={close}>Done</Button>
        ) : (
          <>
            <Button variant="default" onClick={close} disabled={create.isPending}>
              Close
            </Button>
            <Button loading={create.isPending} onClick={() => create.mutate()}>
              Create link
            </Button>
          </>
        )
      }
    >
      <Stack>
        {create.error ? <ErrorAlert>{errorText(create.error)}</ErrorAlert> : null}
        {link ? (
          <>
            <Group align="end" gap="xs" wrap="nowrap">
              <TextInput label="Link" value={link.url} readOnly style={{ flex: 1 }} />
              <CopyButton value={link.url}>
                {({ copied, copy }) => (
                  <Button variant="light" onClick={copy}>
                    {copied ? 'Copied' : 'Copy'}
                  </Button>
                )}
              </CopyButton>
            </Group>
            <Text size="sm" c="dimmed">
              Anyone with the link can read these values until {formatDate(link.expires_at)}. Copy it now: it
              is shown only once. It stops working earlier if you revoke it below, if the record is deleted,
              or if you can no longer share records.
            </Text>
          </>
        ) : (
          <Group grow align="start">
            <Select
              label="What it shows"
              data={templates.map((t) => ({ value: t._id, label: t.name }))}
              placeholder={templates[0]?.name ?? 'The main template'}
              value={templateId}
              onChange={setTemplateId}
              clearable
            />
            <NumberInput
              label="Valid for (days)"
              min={1}
              max={PUBLIC_LINK_MAX_DAYS}
              value={days}
              onChange={(v) => setDays(typeof v === 'number' ? v : Number(v) || 30)}
            />
          </Group>
        )}
        <Divider />
        <RecordShareLinks recordId={recordId} enabled={opened} />
      </Stack>
    </AppDialog>
  );
}

const STATUS: Record<TRecordShareLinkStatus, { label: string; color: string }> = {
  ACTIVE: { label: 'Active', color: 'green' },
  EXPIRED: { label: 'Expired', color: 'gray' },
  REVOKED: { label: 'Revoked', color: 'red' },
};

const creatorName = (l: TRecordShareLink) => l.created_by?.name || 'A removed user';

function statusHint(l: TRecordShareLink): string {
  if (l.status === 'REVOKED') {
    return `Revoked${l.revoked_by ? ` by ${l.revoked_by.name}` : ''} on ${formatDate(l.revoked_at ?? '')}`;
  }
  if (l.status === 'EXPIRED') return `Expired on ${formatDate(l.expires_at)}`;
  return l.last_used_at ? `Last opened ${formatDate(l.last_used_at)}` : 'Not opened yet';
}

/** The record's links, newest first, each ACTIVE one with a Revoke button (after a confirmation). */
function RecordShareLinks({ recordId, enabled }: { recordId: string; enabled: boolean }) {
  const queryClient = useQueryClient();
  const [page, setPage] = useState(1);
  const [revoking, setRevoking] = useState<TRecordShareLink | null>(null);
  const links = useQuery({
    queryKey: SHARE_LINK_KEYS.page(recordId, page, LINKS_PER_PAGE),
    queryFn: ({ signal }) =>
      fetchRecordShareLinks({ entity_data_id: recordId, page, limit: LINKS_PER_PAGE }, signal),
    enabled,
    placeholderData: keepPreviousData,
  });
  const revoke = useMutation({
    mutationFn: (id: string) => revokeRecordShareLink(id),
    onSuccess: () => {
      setRevoking(null);
      notifications.show({ color: 'green', message: 'Link revoked: it no longer opens' });
      void queryClient.invalidateQueries({ queryKey: SHARE_LINK_KEYS.all(recordId) });
    },
  });
  const rows = links.data?.data ?? [];

  return (
    <Stack gap="xs">
      <Text fw={600} size="sm">
        Links to this record
      </Text>
      {links.error ? (
        <ErrorAlert>{errorText(links.error)}</ErrorAlert>
      ) : !links.data ? (
        <Skeleton h={72} />
      ) : rows.length === 0 ? (
        <Text size="sm" c="dimmed">
          No links yet. Links you make appear here, where you can revoke them before they expire.
        </Text>
      ) : (
        <>
          <Table.ScrollContainer minWidth={520}>
            <Table fz="sm" verticalSpacing={6} aria-label="Links to this record">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Created by</Table.Th>
                  <Table.Th>Created</Table.Th>
                  <Table.Th>Expires</Table.Th>
                  <Table.Th>Status</Table.Th>
                  <Table.Th>
                    <VisuallyHidden>Actions</VisuallyHidden>
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((l) => (
                  <Table.Tr key={l._id}>
                    <Table.Td maw={180}>
                      <Text size="sm" truncate="end" title={l.created_by?.email}>
                        {creatorName(l)}
                      </Text>
                    </Table.Td>
                    <Table.Td>{formatDate(l.created_at)}</Table.Td>
                    <Table.Td>{formatDate(l.expires_at)}</Table.Td>
                    <Table.Td>
                      <Tooltip label={statusHint(l)} withinPortal>
                        <Badge variant="light" color={STATUS[l.status].color}>
                          {STATUS[l.status].label}
                        </Badge>
                      </Tooltip>
                    </Table.Td>
                    <Table.Td ta="right">
                      {l.status === 'ACTIVE' ? (
                        <Button
                          size="compact-sm"
                          variant="subtle"
                          color="red"
                          aria-label={`Revoke the link ${creatorName(l)} created ${formatDate(l.created_at)}`}
                          onClick={() => {
                            revoke.reset();
                            setRevoking(l);
                          }}
                        >
                          Revoke
                        </Button>
                      ) : null}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          <ListPager
            page={page}
            limit={LINKS_PER_PAGE}
            total={links.data.total}
            totalPages={links.data.total_pages}
            onPage={setPage}
          />
        </>
      )}
      <ConfirmDialog
        opened={revoking !== null}
        title="Revoke this link?"
        confirmLabel="Revoke link"
        onConfirm={() => revoking && revoke.mutate(revoking._id)}
        onClose={() => setRevoking(null)}
        isPending={revoke.isPending}
        error={revoke.error}
      >
        Anyone who opens it from now on is told it was revoked. This cannot be undone: make a new link to
        share the record again.
      </ConfirmDialog>
    </Stack>
  );
}

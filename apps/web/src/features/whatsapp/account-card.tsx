import { useState } from 'react';
import { ActionIcon, Badge, Button, Card, CopyButton, Group, Stack, Text, Tooltip } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconCheck, IconCopy } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TWhatsappAccount } from '@esigns/contracts/whatsapp';
import { formatDateTime } from '../../shared/format/date';
import { ConfirmDialog, ErrorAlert, errorText } from '../../shared/ui/page-kit';
import { AccountForm } from './account-form';
import { WHATSAPP_KEYS, deleteAccount, syncTemplates, testAccount } from './whatsapp-api';

function Copyable({ label, value }: { label: string; value: string }) {
  return (
    <Group gap={4} wrap="nowrap" align="flex-start">
      <Stack gap={0} style={{ minWidth: 0, flex: 1 }}>
        <Text size="xs" c="dimmed">
          {label}
        </Text>
        <Text size="sm" ff="monospace" style={{ wordBreak: 'break-all' }}>
          {value}
        </Text>
      </Stack>
      <CopyButton value={value}>
        {({ copied, copy }) => (
          <Tooltip label={copied ? 'Copied' : 'Copy'}>
            <ActionIcon variant="subtle" onClick={copy} aria-label={`Copy the ${label.toLowerCase()}`}>
              {copied ? <IconCheck size={16} /> : <IconCopy size={16} />}
            </ActionIcon>
          </Tooltip>
        )}
      </CopyButton>
    </Group>
  );
}

/** One connected account: its number, what to give Meta, and test / sync / edit / disconnect. */
export function AccountCard({ account, canManage }: { account: TWhatsappAccount; canManage: boolean }) {
  const [editing, setEditing] = useState(false);
  const [confirm, setConfirm] = useState(false);
  const queryClient = useQueryClient();
  const done = (message: string) => () => {
    void queryClient.invalidateQueries({ queryKey: WHATSAPP_KEYS.all });
    notifications.show({ color: 'teal', message });
  };
  const test = useMutation({
    mutationFn: () => testAccount(account._id),
    onSuccess: done('The connection works'),
  });
  const sync = useMutation({
    mutationFn: () => syncTemplates(account._id),
    onSuccess: done('Templates synced'),
  });
  const remove = useMutation({
    mutationFn: () => deleteAccount(account._id),
    onSuccess: () => {
      setConfirm(false);
      done('Account disconnected')();
    },
  });
  const error = test.error ?? sync.error;
  return (
    <Card withBorder radius="md" padding="md" data-testid="whatsapp-account">
      <Stack gap="sm">
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Stack gap={0}>
            <Text fw={600}>{account.name}</Text>
            <Text size="sm" c="dimmed">
              {account.display_phone_number || account.phone_number_id}
              {account.verified_name ? ` · ${account.verified_name}` : ''}
            </Text>
          </Stack>
          <Badge color={account.verified_at ? 'teal' : 'gray'} variant="light">
            {account.verified_at ? `Verified ${formatDateTime(account.verified_at)}` : 'Not verified'}
          </Badge>
        </Group>
        <Text size="sm">
          {account.approved_templates} approved of {account.templates} templates
          {account.templates_synced_at ? ` (synced ${formatDateTime(account.templates_synced_at)})` : ''}
        </Text>
        <Copyable label="Callback URL" value={account.webhook_url} />
        <Copyable label="Verify token" value={account.verify_token} />
        {error && <ErrorAlert>{errorText(error)}</ErrorAlert>}
        {canManage && !editing && (
          <Group gap="xs">
            <Button size="xs" variant="light" loading={test.isPending} onClick={() => test.mutate()}>
              Test connection
            </Button>
            <Button size="xs" variant="light" loading={sync.isPending} onClick={() => sync.mutate()}>
              Sync templates
            </Button>
            <Button size="xs" variant="default" onClick={() => setEditing(true)}>
              Edit
            </Button>
            <Button size="xs" variant="subtle" color="red" onClick={() => setConfirm(true)}>
              Disconnect
            </Button>
          </Group>
        )}
        {editing && <AccountForm account={account} onDone={() => setEditing(false)} />}
      </Stack>
      <ConfirmDialog
        opened={confirm}
        title="Disconnect this number?"
        confirmLabel="Disconnect"
        isPending={remove.isPending}
        error={remove.error}
        onConfirm={() => remove.mutate()}
        onClose={() => setConfirm(false)}
      >
        {account.name}: its templates and message log are removed. Nothing more is sent from it.
      </ConfirmDialog>
    </Card>
  );
}

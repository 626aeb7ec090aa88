import { useState } from 'react';
import { Button, Group, Paper, Stack, Switch, Table, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconCheck } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  DEFAULT_NOTIFICATION_SETTINGS,
  NOTIFICATION_EVENTS,
  NOTIFICATION_EVENT_LABELS,
  type TNotificationEvent,
  type TNotificationSettings,
} from '@esigns/contracts/settings';
import { useSession } from '../../shared/session/session-store';
import { FormAlert, FormSkeleton, LoadError } from '../profile/screen-states';
import { fetchNotificationSettings, saveNotificationSettings, settingsKey } from './settings-api';
import { SettingsArea } from './settings-area';
import { useFieldErrors } from './use-field-errors';

type Channel = 'email' | 'in_app';
const CHANNELS: readonly { channel: Channel; label: string }[] = [
  { channel: 'email', label: 'Email' },
  { channel: 'in_app', label: 'In the app' },
];

function NotificationSettingsForm({ saved }: { saved: TNotificationSettings }) {
  const session = useSession();
  const queryClient = useQueryClient();
  const [values, setValues] = useState<TNotificationSettings>(saved);
  const form = useFieldErrors(['events']);
  const save = useMutation({ mutationFn: saveNotificationSettings });

  const toggle = (event: TNotificationEvent, channel: Channel, on: boolean) =>
    setValues((current) => ({
      events: { ...current.events, [event]: { ...current.events[event], [channel]: on } },
    }));

  const submit = () =>
    save.mutate(values, {
      onSuccess: (next) => {
        queryClient.setQueryData(settingsKey('notifications', session), next);
        notifications.show({
          color: 'teal',
          icon: <IconCheck size={18} />,
          message: 'Notification choices saved',
        });
      },
      onError: form.showError,
    });

  return (
    <Stack gap="md" maw={720}>
      <FormAlert message={form.critical ?? form.errors.events ?? null} />
      <Paper withBorder radius="md">
        <Table verticalSpacing="sm" horizontalSpacing="md" aria-label="Document notifications">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Event</Table.Th>
              {CHANNELS.map(({ channel, label }) => (
                <Table.Th key={channel} w={110} ta="center">
                  {label}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {NOTIFICATION_EVENTS.map((event) => {
              const text = NOTIFICATION_EVENT_LABELS[event];
              return (
                <Table.Tr key={event}>
                  <Table.Td>
                    <Text size="sm" fw={500}>
                      {text.label}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {text.description}
                    </Text>
                  </Table.Td>
                  {CHANNELS.map(({ channel, label }) => (
                    <Table.Td key={channel}>
                      <Group justify="center">
                        <Switch
                          aria-label={`${text.label}: ${label}`}
                          checked={values.events[event][channel]}
                          onChange={(e) => toggle(event, channel, e.currentTarget.checked)}
                        />
                      </Group>
                    </Table.Td>
                  ))}
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      </Paper>
      <Text size="xs" c="dimmed">
        Emails you need in order to act, such as a document to sign or a verification code, are always sent.
      </Text>
      <Group justify="space-between">
        <Button variant="subtle" color="gray" onClick={() => setValues(DEFAULT_NOTIFICATION_SETTINGS)}>
          Restore defaults
        </Button>
        <Button onClick={submit} loading={save.isPending}>
          Save settings
        </Button>
      </Group>
    </Stack>
  );
}

/** /profilesettings/document-notifications: which document events reach the user, and how. */
export function NotificationSettingsScreen() {
  const session = useSession();
  const settings = useQuery({
    queryKey: settingsKey('notifications', session),
    queryFn: fetchNotificationSettings,
  });
  return (
    <SettingsArea
      title="Document notifications"
      description="Choose which document events you hear about, by email and in the app."
    >
      {settings.isPending ? (
        <FormSkeleton rows={4} label="Loading your settings" />
      ) : settings.isError ? (
        <LoadError error={settings.error} onRetry={() => void settings.refetch()} />
      ) : (
        <NotificationSettingsForm saved={settings.data} />
      )}
    </SettingsArea>
  );
}

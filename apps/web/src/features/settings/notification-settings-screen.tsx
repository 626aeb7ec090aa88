import { useState } from 'react';
import { Group, Paper, Stack, Switch, Table, Text } from '@mantine/core';
import {
  DEFAULT_NOTIFICATION_SETTINGS,
  NOTIFICATION_EVENTS,
  NOTIFICATION_EVENT_LABELS,
  type TNotificationEvent,
  type TNotificationSettings,
} from '@esigns/contracts/settings';
import { FormAlert } from '../profile/screen-states';
import { fetchNotificationSettings, saveNotificationSettings } from './settings-api';
import { SettingsFormScreen, SettingsSaveBar, useSettingsSave } from './settings-form-kit';

type Channel = 'email' | 'in_app';
const CHANNELS: readonly { channel: Channel; label: string }[] = [
  { channel: 'email', label: 'Email' },
  { channel: 'in_app', label: 'In the app' },
];

function NotificationSettingsForm({ saved }: { saved: TNotificationSettings }) {
  const [values, setValues] = useState<TNotificationSettings>(saved);
  const { form, save, saveValues } = useSettingsSave({
    group: 'notifications',
    save: saveNotificationSettings,
    fields: ['events'],
    message: 'Notification choices saved',
  });

  const toggle = (event: TNotificationEvent, channel: Channel, on: boolean) =>
    setValues((current) => ({
      events: { ...current.events, [event]: { ...current.events[event], [channel]: on } },
    }));

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
      <SettingsSaveBar
        isPending={save.isPending}
        onSave={() => saveValues(values)}
        onRestore={() => setValues(DEFAULT_NOTIFICATION_SETTINGS)}
      />
    </Stack>
  );
}

/** /profilesettings/document-notifications: which document events reach the user, and how. */
export function NotificationSettingsScreen() {
  return (
    <SettingsFormScreen
      group="notifications"
      fetch={fetchNotificationSettings}
      title="Document notifications"
      description="Choose which document events you hear about, by email and in the app."
      skeletonRows={4}
    >
      {(saved) => <NotificationSettingsForm saved={saved} />}
    </SettingsFormScreen>
  );
}

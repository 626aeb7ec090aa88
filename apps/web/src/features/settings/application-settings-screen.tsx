import { useState, type FormEvent } from 'react';
import { Button, Group, Paper, Select, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconCalendar, IconCheck, IconClockHour4 } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { DATE_FORMATS, ZApplicationSettings, type TApplicationSettings } from '@esigns/contracts/settings';
import { setDefaultDateFormat } from '../../shared/format/date';
import { useSession } from '../../shared/session/session-store';
import { validateWith } from '../auth/use-auth-form';
import { FormAlert, FormSkeleton, LoadError } from '../profile/screen-states';
import { fetchApplicationSettings, saveApplicationSettings, settingsKey } from './settings-api';
import { SettingsArea } from './settings-area';
import { useFieldErrors } from './use-field-errors';

type TimeFormat = TApplicationSettings['time'];

export const TIME_FORMATS: readonly { value: TimeFormat; label: string }[] = [
  { value: 'hh:mm A', label: '12-hour' },
  { value: 'HH:mm', label: '24-hour' },
];

/** "DD-MM-YYYY (22-11-2026)": each choice shows today's date in that format. */
export function dateFormatOptions(today: Date) {
  return DATE_FORMATS.map((format) => ({
    value: format,
    label: `${format} (${dayjs(today).format(format)})`,
  }));
}

export function timeFormatOptions(today: Date) {
  return TIME_FORMATS.map(({ value, label }) => ({
    value,
    label: `${label} (${dayjs(today).format(value)})`,
  }));
}

function ApplicationSettingsForm({ saved }: { saved: TApplicationSettings }) {
  const session = useSession();
  const queryClient = useQueryClient();
  const [today] = useState(() => new Date());
  const [values, setValues] = useState<TApplicationSettings>(saved);
  const form = useFieldErrors(['date', 'time']);
  const save = useMutation({ mutationFn: saveApplicationSettings });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const result = validateWith(ZApplicationSettings, values);
    if (!form.showChecks(result.errors) || !result.data) return;
    save.mutate(result.data, {
      onSuccess: (next) => {
        queryClient.setQueryData(settingsKey('application', session), next);
        setDefaultDateFormat(next.date);
        notifications.show({ color: 'teal', icon: <IconCheck size={18} />, message: 'Settings saved' });
      },
      onError: form.showError,
    });
  };

  return (
    <form onSubmit={submit} noValidate aria-label="Application settings">
      <Stack gap="md" maw={520}>
        <FormAlert message={form.critical} />
        <Select
          label="Date format"
          description="Every date in the app uses it."
          data={dateFormatOptions(today)}
          value={values.date}
          onChange={(value) => {
            if (!value) return;
            setValues((current) => ({ ...current, date: value as TApplicationSettings['date'] }));
            form.clearError('date');
          }}
          allowDeselect={false}
          leftSection={<IconCalendar size={16} />}
          error={form.errors.date}
        />
        <Select
          label="Time format"
          data={timeFormatOptions(today)}
          value={values.time}
          onChange={(value) => {
            if (!value) return;
            setValues((current) => ({ ...current, time: value as TimeFormat }));
            form.clearError('time');
          }}
          allowDeselect={false}
          leftSection={<IconClockHour4 size={16} />}
          error={form.errors.time}
        />
        <Paper withBorder radius="md" p="md" bg="gray.0" aria-live="polite">
          <Text size="xs" c="dimmed" fw={600} tt="uppercase">
            Preview
          </Text>
          <Text fw={600} size="lg" data-testid="date-preview">
            {dayjs(today).format(values.date)} {dayjs(today).format(values.time)}
          </Text>
        </Paper>
        <Group justify="flex-end">
          <Button type="submit" loading={save.isPending}>
            Save settings
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** /profilesettings/application-settings: the date and time formats. */
export function ApplicationSettingsScreen() {
  const session = useSession();
  const settings = useQuery({
    queryKey: settingsKey('application', session),
    queryFn: fetchApplicationSettings,
  });
  return (
    <SettingsArea title="Application settings" description="How dates and times are written for you.">
      {settings.isPending ? (
        <FormSkeleton rows={2} label="Loading your settings" />
      ) : settings.isError ? (
        <LoadError error={settings.error} onRetry={() => void settings.refetch()} />
      ) : (
        <ApplicationSettingsForm saved={settings.data} />
      )}
    </SettingsArea>
  );
}

import { useState, type FormEvent } from 'react';
import { Paper, Select, Stack, Text } from '@mantine/core';
import { IconCalendar, IconClockHour4, IconWorld } from '@tabler/icons-react';
import dayjs from 'dayjs';
import { DATE_FORMATS, ZApplicationSettings, type TApplicationSettings } from '@esigns/contracts/settings';
import { setDefaultDateFormat } from '../../shared/format/date';
import { validateWith } from '../auth/use-auth-form';
import { FormAlert } from '../profile/screen-states';
import { fetchApplicationSettings, saveApplicationSettings } from './settings-api';
import { SettingsFormScreen, SettingsSaveBar, useSettingsSave } from './settings-form-kit';

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

/** Every IANA zone the browser knows, the browser's own (and the saved one) included. */
export function timeZoneOptions(saved: string): string[] {
  const zones = new Set(Intl.supportedValuesOf('timeZone'));
  zones.add(saved);
  return [...zones].sort();
}

function ApplicationSettingsForm({ saved }: { saved: TApplicationSettings }) {
  const [today] = useState(() => new Date());
  // The zone of mails to this user (and, for the owner, of the sealed PDF): the browser's until chosen.
  const [values, setValues] = useState<TApplicationSettings>(() => ({
    ...saved,
    time_zone: saved.time_zone ?? Intl.DateTimeFormat().resolvedOptions().timeZone,
  }));
  const { form, save, saveValues } = useSettingsSave({
    group: 'application',
    save: saveApplicationSettings,
    fields: ['date', 'time', 'time_zone'],
    message: 'Settings saved',
    onSaved: (next) => setDefaultDateFormat(next.date),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const result = validateWith(ZApplicationSettings, values);
    if (form.showChecks(result.errors) && result.data) saveValues(result.data);
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
        <Select
          label="Time zone"
          description="Dates in your mails, and for the owner in sealed documents, are read in it."
          data={timeZoneOptions(values.time_zone ?? 'UTC')}
          value={values.time_zone ?? null}
          onChange={(value) => {
            if (!value) return;
            setValues((current) => ({ ...current, time_zone: value }));
            form.clearError('time_zone');
          }}
          searchable
          allowDeselect={false}
          leftSection={<IconWorld size={16} />}
          error={form.errors.time_zone}
        />
        <Paper withBorder radius="md" p="md" bg="gray.0" aria-live="polite">
          <Text size="xs" c="dimmed" fw={600} tt="uppercase">
            Preview
          </Text>
          <Text fw={600} size="lg" data-testid="date-preview">
            {dayjs(today).format(values.date)} {dayjs(today).format(values.time)}
          </Text>
        </Paper>
        <SettingsSaveBar isPending={save.isPending} />
      </Stack>
    </form>
  );
}

/** /profilesettings/application-settings: the date and time formats and the time zone. */
export function ApplicationSettingsScreen() {
  return (
    <SettingsFormScreen
      group="application"
      fetch={fetchApplicationSettings}
      title="Application settings"
      description="How dates and times are written for you."
      skeletonRows={2}
    >
      {(saved) => <ApplicationSettingsForm saved={saved} />}
    </SettingsFormScreen>
  );
}

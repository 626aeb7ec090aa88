import { useState, type FormEvent } from 'react';
import { Group, Radio, SegmentedControl, Stack, Text } from '@mantine/core';
import {
  APP_MODES,
  DEFAULT_APP_MODE_SETTINGS,
  ZAppModeSettings,
  type TAppModeSettings,
  type TColorScheme,
} from '@esigns/contracts/settings';
import { validateWith } from '../auth/use-auth-form';
import { FormAlert } from '../profile/screen-states';
import { APP_MODE_LABELS, appModeOf } from './app-mode';
import { fetchAppMode, saveAppMode } from './settings-api';
import { SettingsFormScreen, SettingsSaveBar, useSettingsSave } from './settings-form-kit';

const SCHEME_OPTIONS: { value: TColorScheme; label: string }[] = [
  { value: 'light', label: 'Light' },
  { value: 'dark', label: 'Dark' },
  { value: 'auto', label: 'System' },
];

function AppModeForm({ saved }: { saved: TAppModeSettings }) {
  const [values, setValues] = useState<TAppModeSettings>(() => appModeOf(saved));
  // Saving puts the answer in the cache the sidebar, the dashboard and the colour scheme read.
  const { form, save, saveValues } = useSettingsSave({
    group: 'app-mode',
    save: saveAppMode,
    fields: ['mode', 'color_scheme'],
    message: 'App mode saved',
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const result = validateWith(ZAppModeSettings, values);
    if (form.showChecks(result.errors) && result.data) saveValues(result.data);
  };

  return (
    <Stack component="form" onSubmit={submit} gap="lg" maw={620}>
      <FormAlert message={form.critical ?? null} />
      <Radio.Group
        label="What the app shows"
        description="The sidebar and the dashboard's shortcuts show this part of the app."
        value={values.mode}
        onChange={(mode) => setValues((v) => appModeOf({ ...v, mode }))}
        error={form.errors.mode}
      >
        <Stack gap="xs" mt="xs">
          {APP_MODES.map((mode) => (
            <Radio.Card key={mode} value={mode} p="sm" radius="md" data-testid={`mode-${mode}`}>
              <Group wrap="nowrap" align="flex-start" gap="sm">
                <Radio.Indicator mt={2} />
                <div>
                  <Text fw={600} size="sm">
                    {APP_MODE_LABELS[mode].label}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {APP_MODE_LABELS[mode].description}
                  </Text>
                </div>
              </Group>
            </Radio.Card>
          ))}
        </Stack>
      </Radio.Group>
      <Stack gap={4}>
        <Text fw={500} size="sm" id="color-scheme-label">
          Colour scheme
        </Text>
        <SegmentedControl
          aria-labelledby="color-scheme-label"
          data={SCHEME_OPTIONS}
          value={values.color_scheme}
          onChange={(scheme) => setValues((v) => appModeOf({ ...v, color_scheme: scheme }))}
          fullWidth
        />
        <Text size="xs" c="dimmed">
          System follows your device's light or dark setting.
        </Text>
      </Stack>
      <SettingsSaveBar isPending={save.isPending} onRestore={() => setValues(DEFAULT_APP_MODE_SETTINGS)} />
    </Stack>
  );
}

/** /profilesettings/app-mode: the session's app-mode flag (what the app shows) and colour scheme. */
export function AppModeScreen() {
  return (
    <SettingsFormScreen
      group="app-mode"
      fetch={fetchAppMode}
      title="App mode"
      description="Choose the part of the app you work in and its colours; saved for you in this workspace."
      skeletonRows={4}
    >
      {(saved) => <AppModeForm saved={saved} />}
    </SettingsFormScreen>
  );
}

import { Checkbox, Group, NumberInput, Stack, Switch, Textarea } from '@mantine/core';
import type { TFormSettings } from '@esigns/contracts/form-builders';
import type { SectionProps } from './section-props';

type Reminders = TFormSettings['reminders'];
const DAYS: { key: (keyof Reminders & `${string}_days`) | 'max_reminders'; label: string; max: number }[] = [
  { key: 'first_after_days', label: 'First after (days)', max: 365 },
  { key: 'repeat_every_days', label: 'Then every (days)', max: 365 },
  { key: 'max_reminders', label: 'At most (reminders)', max: 20 },
];

/** Reminders to people who have not finished (and to approvers), and the message shown after submitting. */
export function RemindersSection({ draft, errors, onSettings }: SectionProps) {
  const { reminders } = draft.settings;
  const setReminders = (patch: Partial<Reminders>) => onSettings({ reminders: { ...reminders, ...patch } });
  return (
    <Stack gap="md">
      <Switch
        label="Send reminders"
        description="To people a form was sent to who have not submitted it yet."
        checked={reminders.enabled}
        onChange={(e) => setReminders({ enabled: e.currentTarget.checked })}
      />
      {reminders.enabled && (
        <>
          <Group gap="sm" wrap="wrap">
            {DAYS.map(({ key, label, max }) => (
              <NumberInput
                key={key}
                label={label}
                min={1}
                max={max}
                allowDecimal={false}
                w={170}
                value={reminders[key]}
                onChange={(v) => setReminders({ [key]: typeof v === 'number' ? v : 1 })}
                error={errors[`settings.reminders.${key}`]}
              />
            ))}
          </Group>
          <Checkbox
            label="Remind approvers who have not decided, on the same schedule"
            checked={reminders.remind_approvers}
            onChange={(e) => setReminders({ remind_approvers: e.currentTarget.checked })}
          />
        </>
      )}
      <Textarea
        label="Thank-you message"
        description="Shown once an entry is submitted."
        autosize
        minRows={2}
        maxRows={6}
        value={draft.settings.thank_you_message}
        onChange={(e) => onSettings({ thank_you_message: e.currentTarget.value })}
        error={errors['settings.thank_you_message']}
      />
    </Stack>
  );
}

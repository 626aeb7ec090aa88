import { useState, type ChangeEvent, type FormEvent, type ReactNode } from 'react';
import { Divider, NumberInput, Stack, Switch, Text, type SwitchProps } from '@mantine/core';
import { ZExpirationsReminders, type TExpirationsReminders } from '@esigns/contracts/settings';
import type { FieldErrors } from '../../shared/api/api-error';
import { validateWith } from '../auth/use-auth-form';
import { FormAlert } from '../profile/screen-states';
import { fetchExpirationsReminders, saveExpirationsReminders } from './settings-api';
import { SettingsFormScreen, SettingsSaveBar, useSettingsSave } from './settings-form-kit';

type NumberField = 'expire_after_days' | 'reminder_every_days' | 'warn_before_expiry_days';
type SwitchField = 'expire_documents' | 'send_reminders';
/** As typed: a number input may be empty (''). */
type FormValues = Record<SwitchField, boolean> & Record<NumberField, number | string>;

const NUMBER_FIELDS: readonly NumberField[] = [
  'expire_after_days',
  'reminder_every_days',
  'warn_before_expiry_days',
];
const FIELDS = ['expire_documents', 'send_reminders', ...NUMBER_FIELDS] as const;

/** The typed values as the contract's shape, with "Enter a number" for empty inputs. */
export function checkExpirations(values: FormValues): {
  data: TExpirationsReminders | null;
  errors: FieldErrors | null;
} {
  const empty: FieldErrors = {};
  for (const field of NUMBER_FIELDS) {
    if (values[field] === '' || !Number.isFinite(Number(values[field]))) empty[field] = 'Enter a number';
  }
  if (Object.keys(empty).length) return { data: null, errors: empty };
  return validateWith(ZExpirationsReminders, {
    ...values,
    expire_after_days: Number(values.expire_after_days),
    reminder_every_days: Number(values.reminder_every_days),
    warn_before_expiry_days: Number(values.warn_before_expiry_days),
  });
}

/** A switch and the inputs it governs. */
function SwitchSection({ children, ...props }: SwitchProps & { children: ReactNode }) {
  return (
    <Stack gap="sm">
      <Switch {...props} />
      {children}
    </Stack>
  );
}

function ExpirationRemindersForm({ saved }: { saved: TExpirationsReminders }) {
  const [values, setValues] = useState<FormValues>(saved);
  const { form, save, saveValues } = useSettingsSave({
    group: 'expirations',
    save: saveExpirationsReminders,
    fields: FIELDS,
    message: 'Settings saved',
  });

  const set = <K extends keyof FormValues>(field: K, value: FormValues[K]) => {
    setValues((current) => ({ ...current, [field]: value }));
    form.clearError(field);
  };

  const numberProps = (field: NumberField, min: number, max: number) => ({
    name: field,
    value: values[field],
    onChange: (value: number | string) => set(field, value),
    error: form.errors[field],
    min,
    max,
    allowDecimal: false,
    allowNegative: false,
    clampBehavior: 'none' as const,
    suffix: ' days',
    w: { base: '100%', xs: 220 },
  });

  const switchProps = (field: SwitchField) => ({
    checked: values[field],
    onChange: (event: ChangeEvent<HTMLInputElement>) => set(field, event.currentTarget.checked),
    error: form.errors[field],
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const result = checkExpirations(values);
    if (form.showChecks(result.errors) && result.data) saveValues(result.data);
  };

  return (
    <form onSubmit={submit} noValidate aria-label="Document expiration and reminders">
      <Stack gap="lg" maw={560}>
        <FormAlert message={form.critical} />
        <SwitchSection
          {...switchProps('expire_documents')}
          label="Documents expire"
          description="Unsigned documents can no longer be signed after this many days."
        >
          <NumberInput
            {...numberProps('expire_after_days', 1, 365)}
            label="Expire after"
            disabled={!values.expire_documents}
          />
          <NumberInput
            {...numberProps('warn_before_expiry_days', 0, 30)}
            label="Warn signers before expiry"
            description="0 sends no warning."
            disabled={!values.expire_documents}
          />
        </SwitchSection>
        <Divider />
        <SwitchSection
          {...switchProps('send_reminders')}
          label="Send reminders"
          description="Signers who have not signed yet get a reminder email."
        >
          <NumberInput
            {...numberProps('reminder_every_days', 1, 60)}
            label="Remind every"
            disabled={!values.send_reminders}
          />
        </SwitchSection>
        <Text size="xs" c="dimmed">
          These are the defaults of new documents; you can change them on each document when you send it.
        </Text>
        <SettingsSaveBar isPending={save.isPending} />
      </Stack>
    </form>
  );
}

/** /profilesettings/document-expiration-reminders: expiry and reminder defaults of new documents. */
export function ExpirationRemindersScreen() {
  return (
    <SettingsFormScreen
      group="expirations"
      fetch={fetchExpirationsReminders}
      title="Document expiration and reminders"
      description="When documents you send expire, and how often signers are reminded."
      skeletonRows={4}
    >
      {(saved) => <ExpirationRemindersForm saved={saved} />}
    </SettingsFormScreen>
  );
}

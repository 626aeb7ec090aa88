import { useState, type FormEvent, type ReactNode } from 'react';
import { Button, Divider, Group, NumberInput, Stack, Switch, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconCheck } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ZExpirationsReminders, type TExpirationsReminders } from '@esigns/contracts/settings';
import type { FieldErrors } from '../../shared/api/api-error';
import { useSession } from '../../shared/session/session-store';
import { validateWith } from '../auth/use-auth-form';
import { FormAlert, FormSkeleton, LoadError } from '../profile/screen-states';
import { fetchExpirationsReminders, saveExpirationsReminders, settingsKey } from './settings-api';
import { SettingsArea } from './settings-area';
import { useFieldErrors } from './use-field-errors';

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

function Section({ children }: { children: ReactNode }) {
  return <Stack gap="sm">{children}</Stack>;
}

function ExpirationRemindersForm({ saved }: { saved: TExpirationsReminders }) {
  const session = useSession();
  const queryClient = useQueryClient();
  const [values, setValues] = useState<FormValues>(saved);
  const form = useFieldErrors(FIELDS);
  const save = useMutation({ mutationFn: saveExpirationsReminders });

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

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const result = checkExpirations(values);
    if (!form.showChecks(result.errors) || !result.data) return;
    save.mutate(result.data, {
      onSuccess: (next) => {
        queryClient.setQueryData(settingsKey('expirations', session), next);
        notifications.show({ color: 'teal', icon: <IconCheck size={18} />, message: 'Settings saved' });
      },
      onError: form.showError,
    });
  };

  return (
    <form onSubmit={submit} noValidate aria-label="Document expiration and reminders">
      <Stack gap="lg" maw={560}>
        <FormAlert message={form.critical} />
        <Section>
          <Switch
            label="Documents expire"
            description="Unsigned documents can no longer be signed after this many days."
            checked={values.expire_documents}
            onChange={(event) => set('expire_documents', event.currentTarget.checked)}
            error={form.errors.expire_documents}
          />
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
        </Section>
        <Divider />
        <Section>
          <Switch
            label="Send reminders"
            description="Signers who have not signed yet get a reminder email."
            checked={values.send_reminders}
            onChange={(event) => set('send_reminders', event.currentTarget.checked)}
            error={form.errors.send_reminders}
          />
          <NumberInput
            {...numberProps('reminder_every_days', 1, 60)}
            label="Remind every"
            disabled={!values.send_reminders}
          />
        </Section>
        <Text size="xs" c="dimmed">
          These are the defaults of new documents; you can change them on each document when you send it.
        </Text>
        <Group justify="flex-end">
          <Button type="submit" loading={save.isPending}>
            Save settings
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** /profilesettings/document-expiration-reminders: expiry and reminder defaults of new documents. */
export function ExpirationRemindersScreen() {
  const session = useSession();
  const settings = useQuery({
    queryKey: settingsKey('expirations', session),
    queryFn: fetchExpirationsReminders,
  });
  return (
    <SettingsArea
      title="Document expiration and reminders"
      description="When documents you send expire, and how often signers are reminded."
    >
      {settings.isPending ? (
        <FormSkeleton rows={4} label="Loading your settings" />
      ) : settings.isError ? (
        <LoadError error={settings.error} onRetry={() => void settings.refetch()} />
      ) : (
        <ExpirationRemindersForm saved={settings.data} />
      )}
    </SettingsArea>
  );
}

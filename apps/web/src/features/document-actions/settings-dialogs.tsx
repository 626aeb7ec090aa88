import { useState } from 'react';
import { NumberInput, Select, Stack, Switch, Text } from '@mantine/core';
import { STATUS_TRANSITIONS } from '@esigns/contracts/document-actions';
import type { TDocumentSettingsPatch, TDocumentStatus } from '@esigns/contracts/documents';
import { isApiError } from '../../shared/api/api-error';
import { FormDialog, LoadedInput } from '../../shared/ui/form-dialog';
import type { ActionDialogProps } from './confirm-dialogs';
import { changeStatus, saveDocumentSettings, type TDocumentSettingsView } from './document-actions-api';
import { closeThenDone, useDocumentAction, useDocumentSettings } from './use-document-action';

export const STATUS_LABELS: Record<TDocumentStatus, string> = {
  DRAFT: 'Draft',
  WAITING: 'Waiting for signatures',
  COMPLETED: 'Completed',
  DECLINED: 'Declined',
  REJECTED: 'Rejected',
  VOIDED: 'Voided',
  EXPIRED: 'Expired',
};

const STATUS_HELP: Partial<Record<TDocumentStatus, string>> = {
  EXPIRED: 'Signing stops now; links show that the document has expired.',
  VOIDED: 'Signing stops for good, without a reason mailed to anyone (use Void to give one).',
  WAITING: 'Signing opens again; a new expiry date is set from the document settings.',
};

type Form = {
  expires: boolean;
  expire_after_days: number;
  reminds: boolean;
  reminder_every_days: number;
  warn_before_expiry_days: number;
};

function formOf(view: TDocumentSettingsView): Form {
  return {
    expires: view.settings.expire_after_days !== null,
    expire_after_days: view.settings.expire_after_days ?? 30,
    reminds: view.settings.reminder_every_days !== null,
    reminder_every_days: view.settings.reminder_every_days ?? 3,
    warn_before_expiry_days: view.settings.warn_before_expiry_days,
  };
}

function SettingsForm({
  view,
  onChange,
  form,
  errors,
}: {
  view: TDocumentSettingsView;
  form: Form;
  onChange: (patch: Partial<Form>) => void;
  errors: Record<string, string>;
}) {
  const fromText = view.sent_at ? 'after it was sent' : 'after it is sent';
  return (
    <Stack gap="md">
      <Switch
        label="Expires"
        description={`Recipients can act until the expiry date, counted in days ${fromText}.`}
        checked={form.expires}
        onChange={(e) => onChange({ expires: e.currentTarget.checked })}
      />
      {form.expires && (
        <NumberInput
          label="Expires after (days)"
          min={1}
          max={365}
          value={form.expire_after_days}
          onChange={(value) => onChange({ expire_after_days: typeof value === 'number' ? value : 1 })}
          error={errors.expire_after_days}
        />
      )}
      <Switch
        label="Send reminders"
        description="Recipients who still have to act are reminded by mail."
        checked={form.reminds}
        onChange={(e) => onChange({ reminds: e.currentTarget.checked })}
      />
      {form.reminds && (
        <NumberInput
          label="Remind every (days)"
          min={1}
          max={60}
          value={form.reminder_every_days}
          onChange={(value) => onChange({ reminder_every_days: typeof value === 'number' ? value : 1 })}
          error={errors.reminder_every_days}
        />
      )}
      {form.expires && (
        <NumberInput
          label="Warn before expiry (days)"
          description="0: no warning"
          min={0}
          max={30}
          value={form.warn_before_expiry_days}
          onChange={(value) => onChange({ warn_before_expiry_days: typeof value === 'number' ? value : 0 })}
          error={errors.warn_before_expiry_days}
        />
      )}
    </Stack>
  );
}

export function DocumentSettingsDialog({ document, onClose, onDone }: ActionDialogProps) {
  const view = useDocumentSettings(document._id);
  const [form, setForm] = useState<Form | null>(null);
  const mutation = useDocumentAction(
    (body: TDocumentSettingsPatch) => saveDocumentSettings(document._id, body),
    { title: 'Settings saved', message: () => document.name, onSuccess: closeThenDone({ onClose, onDone }) },
  );
  const current = form ?? (view.data ? formOf(view.data) : null);
  const errors = isApiError(mutation.error) && mutation.error.isValidation ? mutation.error.fieldErrors : {};
  const save = () => {
    if (!current) return;
    mutation.mutate({
      expire_after_days: current.expires ? current.expire_after_days : null,
      reminder_every_days: current.reminds ? current.reminder_every_days : null,
      warn_before_expiry_days: current.warn_before_expiry_days,
    });
  };
  return (
    <FormDialog
      onClose={onClose}
      title="Document settings"
      confirmLabel="Save"
      onConfirm={save}
      isPending={mutation.isPending}
      isConfirmDisabled={!current}
      error={Object.keys(errors).length === 0 ? mutation.error : null}
    >
      <LoadedInput error={view.error} isPending={!view.data || !current} height={160}>
        {() =>
          view.data &&
          current && (
            <SettingsForm
              view={view.data}
              form={current}
              errors={errors}
              onChange={(patch) => setForm({ ...current, ...patch })}
            />
          )
        }
      </LoadedInput>
    </FormDialog>
  );
}

export function ChangeStatusDialog({ document, onClose, onDone }: ActionDialogProps) {
  const targets = STATUS_TRANSITIONS[document.status];
  const [status, setStatus] = useState<TDocumentStatus | null>(targets[0] ?? null);
  const mutation = useDocumentAction((next: TDocumentStatus) => changeStatus(document._id, next), {
    title: 'Status changed',
    message: (saved) => `${document.name}: ${STATUS_LABELS[saved.status]}`,
    onSuccess: closeThenDone({ onClose, onDone }),
  });
  return (
    <FormDialog
      onClose={onClose}
      title="Change status"
      confirmLabel="Change status"
      onConfirm={() => status && mutation.mutate(status)}
      isPending={mutation.isPending}
      isConfirmDisabled={!status}
      intro={
        <Text size="sm" c="dimmed">
          <b>{document.name}</b> is {STATUS_LABELS[document.status].toLowerCase()}.
        </Text>
      }
      error={mutation.error}
    >
      <Select
        label="New status"
        data={targets.map((target) => ({ value: target, label: STATUS_LABELS[target] }))}
        value={status}
        allowDeselect={false}
        onChange={(value) => setStatus(value as TDocumentStatus | null)}
        comboboxProps={{ withinPortal: true }}
      />
      {status && STATUS_HELP[status] && <Text size="sm">{STATUS_HELP[status]}</Text>}
    </FormDialog>
  );
}

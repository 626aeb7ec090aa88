import { useState } from 'react';
import {
  Divider,
  Group,
  Modal,
  NumberInput,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  TextInput,
  Textarea,
} from '@mantine/core';
import type { TDocumentSettings } from '@esigns/contracts/documents';
import { DialogButtons } from '../../shared/ui/form-dialog';

type Draft = Omit<TDocumentSettings, 'signing_order'>;

function toInt(value: number | string, fallback: number): number {
  return typeof value === 'number' && Number.isFinite(value) ? Math.round(value) : fallback;
}

/**
 * Expiry, reminders, the email recipients receive, and terms they must accept. Applied as one
 * change (one undo step) on Save.
 */
export function SettingsDialog({
  opened,
  settings,
  onClose,
  onSave,
}: {
  opened: boolean;
  settings: TDocumentSettings;
  onClose: () => void;
  onSave: (patch: Draft) => void;
}) {
  const [draft, setDraft] = useState<Draft>(() => ({
    expire_after_days: settings.expire_after_days,
    reminder_every_days: settings.reminder_every_days,
    warn_before_expiry_days: settings.warn_before_expiry_days,
    email_subject: settings.email_subject,
    email_message: settings.email_message,
    terms_and_conditions: settings.terms_and_conditions,
  }));
  const set = (patch: Partial<Draft>) => setDraft((d) => ({ ...d, ...patch }));
  const expires = draft.expire_after_days !== null;
  const reminds = draft.reminder_every_days !== null;
  const termsError =
    draft.terms_and_conditions.enabled && !draft.terms_and_conditions.text.trim()
      ? 'Write the terms'
      : undefined;

  return (
    <Modal opened={opened} onClose={onClose} title="Document settings" size="lg" centered>
      <Stack gap="md">
        <Text fw={600} size="sm">
          Expiry and reminders
        </Text>
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
          <Stack gap={6}>
            <Switch
              label="Expires"
              checked={expires}
              onChange={(e) => set({ expire_after_days: e.currentTarget.checked ? 30 : null })}
            />
            <NumberInput
              aria-label="Days until the document expires"
              suffix=" days after sending"
              min={1}
              max={365}
              allowDecimal={false}
              disabled={!expires}
              value={draft.expire_after_days ?? ''}
              onChange={(v) => set({ expire_after_days: Math.min(365, Math.max(1, toInt(v, 30))) })}
            />
          </Stack>
          <Stack gap={6}>
            <Switch
              label="Send reminders"
              checked={reminds}
              onChange={(e) => set({ reminder_every_days: e.currentTarget.checked ? 3 : null })}
            />
            <NumberInput
              aria-label="Days between reminders"
              prefix="Every "
              suffix=" days"
              min={1}
              max={60}
              allowDecimal={false}
              disabled={!reminds}
              value={draft.reminder_every_days ?? ''}
              onChange={(v) => set({ reminder_every_days: Math.min(60, Math.max(1, toInt(v, 3))) })}
            />
          </Stack>
        </SimpleGrid>
        <NumberInput
          label="Warn recipients before expiry"
          suffix=" days before"
          min={0}
          max={30}
          allowDecimal={false}
          disabled={!expires}
          value={draft.warn_before_expiry_days}
          onChange={(v) => set({ warn_before_expiry_days: Math.min(30, Math.max(0, toInt(v, 2))) })}
          maw={260}
        />
        <Divider />
        <Text fw={600} size="sm">
          Email to recipients
        </Text>
        <TextInput
          label="Subject"
          placeholder="Please sign: document name"
          maxLength={200}
          value={draft.email_subject}
          onChange={(e) => set({ email_subject: e.currentTarget.value })}
        />
        <Textarea
          label="Message"
          placeholder="Add a personal note for the recipients"
          autosize
          minRows={3}
          maxRows={8}
          maxLength={5000}
          value={draft.email_message}
          onChange={(e) => set({ email_message: e.currentTarget.value })}
        />
        <Divider />
        <Switch
          label="Recipients must accept terms and conditions"
          checked={draft.terms_and_conditions.enabled}
          onChange={(e) =>
            set({ terms_and_conditions: { ...draft.terms_and_conditions, enabled: e.currentTarget.checked } })
          }
        />
        {draft.terms_and_conditions.enabled && (
          <Textarea
            aria-label="Terms and conditions"
            autosize
            minRows={4}
            maxRows={10}
            maxLength={20000}
            value={draft.terms_and_conditions.text}
            error={termsError}
            onChange={(e) =>
              set({ terms_and_conditions: { ...draft.terms_and_conditions, text: e.currentTarget.value } })
            }
          />
        )}
        <Group justify="flex-end">
          <DialogButtons
            onCancel={onClose}
            confirmLabel="Save settings"
            onConfirm={() => onSave(draft)}
            isConfirmDisabled={Boolean(termsError)}
          />
        </Group>
      </Stack>
    </Modal>
  );
}

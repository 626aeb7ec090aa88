import {
  ActionIcon,
  Badge,
  Button,
  Group,
  NumberInput,
  Paper,
  Select,
  Stack,
  Switch,
  Text,
  TextInput,
  Tooltip,
} from '@mantine/core';
import { IconLock, IconPlus, IconTrash } from '@tabler/icons-react';
import { RECIPIENT_TYPE_LABELS, RECIPIENT_TYPES, type TRecipientType } from '@esigns/contracts/documents';
import { RECIPIENT_STATUS_LOOK } from '../document-lists/document-badges';
import type { CorrectForm, CorrectRecipient } from './correct-state';
import { newRecipient } from './correct-state';

const TYPE_OPTIONS = RECIPIENT_TYPES.map((type) => ({ value: type, label: RECIPIENT_TYPE_LABELS[type] }));

/** The document screen's status colours, and "New" for a recipient this correction adds. */
const STATUS_BADGES: Record<CorrectRecipient['status'], { label: string; color: string }> = {
  NEW: { label: 'New', color: 'grape' },
  ...RECIPIENT_STATUS_LOOK,
};
type Props = {
  form: CorrectForm;
  onChange: (form: CorrectForm) => void;
  /** Field key -> first message (client checks and the server's 422). */
  errors: Record<string, string>;
};

export function recipientDisplayName(
  r: Pick<CorrectRecipient, 'first_name' | 'last_name' | 'email'>,
  index: number,
) {
  return `${r.first_name} ${r.last_name}`.trim() || r.email.trim() || `Recipient ${index + 1}`;
}

/** The recipients of the document: finished ones locked, pending ones editable or removable, new ones added. */
export function CorrectRecipients({ form, onChange, errors }: Props) {
  const update = (index: number, patch: Partial<CorrectRecipient>) =>
    onChange({ ...form, recipients: form.recipients.map((r, i) => (i === index ? { ...r, ...patch } : r)) });
  const remove = (index: number) => {
    const gone = form.recipients[index]!;
    onChange({
      ...form,
      recipients: form.recipients.filter((_, i) => i !== index),
      fields: form.fields.filter((f) => f.recipient_key !== gone.key),
    });
  };
  return (
    <Stack gap="sm">
      {form.recipients.map((r, index) => {
        const badge = STATUS_BADGES[r.status];
        const err = (key: string) => errors[`document_users.${index}.${key}`];
        const name = recipientDisplayName(r, index);
        return (
          <Paper key={r.key} withBorder p="sm" radius="md" aria-label={`Recipient ${name}`} role="group">
            <Group justify="space-between" mb="xs" wrap="nowrap">
              <Group gap="xs" wrap="nowrap">
                {r.isLocked && <IconLock size={16} aria-label="Locked" />}
                <Text fw={600} size="sm" truncate>
                  {name}
                </Text>
                <Badge color={badge.color} variant="light" size="sm">
                  {badge.label}
                </Badge>
              </Group>
              {r.isLocked ? (
                <Text size="xs" c="dimmed">
                  Finished: their signature and values are kept
                </Text>
              ) : (
                <Tooltip label="Remove recipient">
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    aria-label={`Remove ${name}`}
                    onClick={() => remove(index)}
                  >
                    <IconTrash size={16} />
                  </ActionIcon>
                </Tooltip>
              )}
            </Group>
            <Group align="flex-start" gap="xs" wrap="wrap">
              <TextInput
                label="Email"
                withAsterisk
                value={r.email}
                disabled={r.isLocked}
                onChange={(e) => update(index, { email: e.currentTarget.value })}
                error={err('email')}
                style={{ flex: '2 1 220px' }}
              />
              <TextInput
                label="First name"
                value={r.first_name}
                disabled={r.isLocked}
                onChange={(e) => update(index, { first_name: e.currentTarget.value })}
                error={err('first_name')}
                style={{ flex: '1 1 140px' }}
              />
              <TextInput
                label="Last name"
                value={r.last_name}
                disabled={r.isLocked}
                onChange={(e) => update(index, { last_name: e.currentTarget.value })}
                style={{ flex: '1 1 140px' }}
              />
              <Select
                label="Role"
                data={TYPE_OPTIONS}
                value={r.user_type}
                disabled={r.isLocked}
                allowDeselect={false}
                onChange={(value) => value && update(index, { user_type: value as TRecipientType })}
                error={err('user_type')}
                style={{ flex: '1 1 130px' }}
                comboboxProps={{ withinPortal: true }}
              />
              {form.settings.signing_order && (
                <NumberInput
                  label="Order"
                  min={1}
                  max={100}
                  value={r.signing_order}
                  disabled={r.isLocked}
                  onChange={(value) =>
                    update(index, { signing_order: typeof value === 'number' ? value : 1 })
                  }
                  style={{ flex: '0 0 90px' }}
                />
              )}
            </Group>
            {!r.isLocked && (
              <Switch
                mt="xs"
                size="xs"
                label="Ask for a code mailed to them before they open the document"
                checked={r.email_verification}
                onChange={(e) => update(index, { email_verification: e.currentTarget.checked })}
              />
            )}
            {err('fields') && (
              <Text size="sm" c="red" mt={4} role="alert">
                {err('fields')}
              </Text>
            )}
          </Paper>
        );
      })}
      {errors.document_users && (
        <Text size="sm" c="red" role="alert">
          {errors.document_users}
        </Text>
      )}
      <Group>
        <Button
          variant="light"
          leftSection={<IconPlus size={16} />}
          onClick={() => onChange({ ...form, recipients: [...form.recipients, newRecipient(form)] })}
          disabled={form.recipients.length >= 100}
        >
          Add recipient
        </Button>
      </Group>
    </Stack>
  );
}

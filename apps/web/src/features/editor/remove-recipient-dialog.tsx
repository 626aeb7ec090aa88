import { useState } from 'react';
import { Group, Modal, Radio, Select, Stack, Text } from '@mantine/core';
import type { TRecipient } from '@esigns/contracts/documents';
import { canOwnFields, recipientName } from './recipient-labels';
import { DialogButtons } from '../../shared/ui/form-dialog';

/**
 * Removing a recipient who owns fields: give the fields to another recipient, or delete them.
 * (A recipient without fields is removed at once; undo brings them back.)
 */
export function RemoveRecipientDialog({
  recipient,
  fieldCount,
  recipients,
  onClose,
  onConfirm,
}: {
  recipient: TRecipient;
  fieldCount: number;
  recipients: readonly TRecipient[];
  onClose: () => void;
  onConfirm: (reassignTo: string | null) => void;
}) {
  const candidates = recipients.filter((r) => r.key !== recipient.key && canOwnFields(r));
  const [choice, setChoice] = useState<'reassign' | 'delete'>(candidates.length ? 'reassign' : 'delete');
  const [target, setTarget] = useState<string | null>(candidates[0]?.key ?? null);
  const name = recipientName(recipient);
  const fields = fieldCount === 1 ? '1 field' : `${fieldCount} fields`;

  return (
    <Modal opened onClose={onClose} title={`Remove ${name}?`} centered size="md">
      <Stack gap="md">
        <Text size="sm">
          {name} has {fields} on the document. What should happen to {fieldCount === 1 ? 'it' : 'them'}?
        </Text>
        <Radio.Group value={choice} onChange={(value) => setChoice(value as 'reassign' | 'delete')}>
          <Stack gap="sm">
            <Radio
              value="reassign"
              label="Give them to another recipient"
              disabled={candidates.length === 0}
            />
            {choice === 'reassign' && candidates.length > 0 && (
              <Select
                aria-label="New owner of the fields"
                ml={30}
                data={candidates.map((r) => ({
                  value: r.key,
                  label: recipientName(r, recipients.indexOf(r)),
                }))}
                value={target}
                allowDeselect={false}
                onChange={setTarget}
                comboboxProps={{ withinPortal: true }}
              />
            )}
            <Radio value="delete" label={`Delete the ${fields}`} />
          </Stack>
        </Radio.Group>
        <Group justify="flex-end">
          <DialogButtons
            onCancel={onClose}
            confirmLabel="Remove recipient"
            onConfirm={() => onConfirm(choice === 'reassign' ? target : null)}
            isDestructive
          />
        </Group>
      </Stack>
    </Modal>
  );
}

import { useMemo, useState } from 'react';
import { Button, Group, Stack, Switch, Text, Tooltip } from '@mantine/core';
import { IconUserPlus } from '@tabler/icons-react';
import type { TLayoutProblem } from '@esigns/contracts/documents';
import { useEditor } from './editor-context';
import { RecipientRow } from './recipient-row';
import { RemoveRecipientDialog } from './remove-recipient-dialog';
import classes from './editor.module.css';
import { SortableList } from '../../shared/ui/list-screen/sortable';

/**
 * The recipients (documents) or roles (templates), each with its colour. Clicking one makes it
 * the owner of new fields. With the signing order on, rows can be dragged or numbered; equal
 * numbers sign in parallel.
 */
export function RecipientsPanel({ problems }: { problems: TLayoutProblem[] }) {
  const { layout, mode, activeRecipientKey, dispatch, edit, colorOf, editRecipient } = useEditor();
  const [removing, setRemoving] = useState<string | null>(null);
  const recipients = layout.document_users;
  const isOrdered = layout.settings.signing_order;
  const fieldCounts = useMemo(() => {
    const counts = new Map<string, number>();
    for (const f of layout.fields) counts.set(f.recipient_key, (counts.get(f.recipient_key) ?? 0) + 1);
    return counts;
  }, [layout.fields]);
  const flagged = new Set(
    problems.flatMap((p) =>
      p.path[0] === 'document_users' && typeof p.path[1] === 'number' ? [p.path[1]] : [],
    ),
  );
  const noun = mode === 'template' ? 'role' : 'recipient';
  const removingRecipient = recipients.find((r) => r.key === removing);

  const remove = (key: string) => {
    if ((fieldCounts.get(key) ?? 0) > 0) setRemoving(key);
    else edit({ type: 'removeRecipient', key, reassignTo: null });
  };

  return (
    <Stack gap="sm">
      <Group justify="space-between" wrap="nowrap">
        <Text className={classes.sectionTitle}>{mode === 'template' ? 'Roles' : 'Recipients'}</Text>
        <Tooltip
          label="Recipients act one after another, in this order; equal numbers act at the same time"
          multiline
          w={240}
          withArrow
        >
          <Switch
            size="xs"
            label="Signing order"
            labelPosition="left"
            checked={isOrdered}
            onChange={(e) => edit({ type: 'setSigningOrder', enabled: e.currentTarget.checked })}
          />
        </Tooltip>
      </Group>
      {recipients.length === 0 && (
        <Text size="sm" c="dimmed">
          {mode === 'template'
            ? 'Add the roles that fill this template, such as Buyer and Seller.'
            : 'Add the people who need to sign, approve or receive this document.'}
        </Text>
      )}
      <SortableList
        ids={recipients.map((r) => r.key)}
        onMove={(from, to) => edit({ type: 'reorderRecipients', from, to })}
      >
        <Stack gap={8}>
          {recipients.map((recipient, index) => (
            <RecipientRow
              key={recipient.key}
              recipient={recipient}
              index={index}
              color={colorOf(recipient.key)}
              fieldCount={fieldCounts.get(recipient.key) ?? 0}
              isActive={recipient.key === activeRecipientKey}
              hasProblem={flagged.has(index)}
              isOrdered={isOrdered}
              mode={mode}
              onActivate={() => dispatch({ type: 'setActiveRecipient', key: recipient.key })}
              onEdit={() => editRecipient(recipient.key)}
              onRemove={() => remove(recipient.key)}
              onOrder={(order) =>
                edit({ type: 'updateRecipient', key: recipient.key, patch: { signing_order: order } })
              }
            />
          ))}
        </Stack>
      </SortableList>
      <Button
        variant="light"
        leftSection={<IconUserPlus size={16} />}
        onClick={() => editRecipient('')}
        fullWidth
      >
        Add {noun}
      </Button>
      {removingRecipient && (
        <RemoveRecipientDialog
          recipient={removingRecipient}
          fieldCount={fieldCounts.get(removingRecipient.key) ?? 0}
          recipients={recipients}
          onClose={() => setRemoving(null)}
          onConfirm={(reassignTo) => {
            edit({ type: 'removeRecipient', key: removingRecipient.key, reassignTo });
            setRemoving(null);
          }}
        />
      )}
    </Stack>
  );
}

import { ActionIcon, Group, SimpleGrid, Stack, Switch, Text, Tooltip } from '@mantine/core';
import {
  IconArrowAutofitHeight,
  IconArrowAutofitWidth,
  IconLayoutAlignBottom,
  IconLayoutAlignCenter,
  IconLayoutAlignLeft,
  IconLayoutAlignMiddle,
  IconLayoutAlignRight,
  IconLayoutAlignTop,
  type Icon,
} from '@tabler/icons-react';
import type { TField } from '@esigns/contracts/documents';
import { SelectionActions } from './field-controls';
import { useEditor } from './editor-context';
import { RecipientSelect } from './field-properties';
import type { AlignMode } from './geometry';

const ALIGN_BUTTONS: { mode: AlignMode; label: string; icon: Icon }[] = [
  { mode: 'left', label: 'Align left edges', icon: IconLayoutAlignLeft },
  { mode: 'center-x', label: 'Align centres horizontally', icon: IconLayoutAlignCenter },
  { mode: 'right', label: 'Align right edges', icon: IconLayoutAlignRight },
  { mode: 'top', label: 'Align top edges', icon: IconLayoutAlignTop },
  { mode: 'center-y', label: 'Align centres vertically', icon: IconLayoutAlignMiddle },
  { mode: 'bottom', label: 'Align bottom edges', icon: IconLayoutAlignBottom },
  { mode: 'same-width', label: 'Same width as the first selected', icon: IconArrowAutofitWidth },
  { mode: 'same-height', label: 'Same height as the first selected', icon: IconArrowAutofitHeight },
];

/** Several selected fields: align, match sizes, reassign, require, duplicate or delete them together. */
export function SelectionProperties({
  fields,
  onDuplicate,
  onDelete,
}: {
  fields: TField[];
  onDuplicate: () => void;
  onDelete: () => void;
}) {
  const { edit, pages } = useEditor();
  const keys = fields.map((f) => f.key);
  const owners = new Set(fields.map((f) => f.recipient_key));
  const onePage = new Set(fields.map((f) => f.page)).size === 1;
  const allRequired = fields.every((f) => f.required);

  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Text fw={600}>{fields.length} fields selected</Text>
        <SelectionActions noun="fields" onDuplicate={onDuplicate} onDelete={onDelete} />
      </Group>
      <div>
        <Text size="sm" fw={500} mb={6}>
          Align
        </Text>
        <SimpleGrid cols={4} spacing={6}>
          {ALIGN_BUTTONS.map(({ mode, label, icon: AlignIcon }) => (
            <Tooltip key={mode} label={label} withArrow>
              <ActionIcon
                variant="default"
                size="lg"
                aria-label={label}
                onClick={() => edit({ type: 'alignFields', keys, mode, pages })}
              >
                <AlignIcon size={18} stroke={1.6} />
              </ActionIcon>
            </Tooltip>
          ))}
        </SimpleGrid>
        {!onePage && (
          <Text size="xs" c="dimmed" mt={6}>
            Fields are aligned with the others on their own page.
          </Text>
        )}
      </div>
      <RecipientSelect
        value={owners.size === 1 ? (fields[0]?.recipient_key ?? null) : null}
        placeholder="Several recipients"
        onChange={(key) => edit({ type: 'updateFields', keys, patch: { recipient_key: key } })}
      />
      <Switch
        label="Required"
        checked={allRequired}
        onChange={(e) => edit({ type: 'updateFields', keys, patch: { required: e.currentTarget.checked } })}
      />
    </Stack>
  );
}

import { Badge, Group, Kbd, Stack, Text } from '@mantine/core';
import type { TField, TLayoutProblem } from '@esigns/contracts/documents';
import { useEditor } from './editor-context';
import { FieldProperties } from './field-properties';
import { ProblemsList } from './problems-list';
import { SelectionProperties } from './selection-properties';
import classes from './editor.module.css';

const SHORTCUTS: [string, string][] = [
  ['Ctrl Z', 'Undo'],
  ['Ctrl ⇧ Z', 'Redo'],
  ['Ctrl D', 'Duplicate'],
  ['Del', 'Delete'],
  ['← ↑ → ↓', 'Nudge 1 pt (⇧ 10 pt)'],
  ['⇧ click', 'Add to selection'],
];

/** The right-hand panel: the selected field(s), or the document's checks and shortcuts. */
export function PropertiesPanel({
  problems,
  onDuplicate,
  onDelete,
}: {
  problems: TLayoutProblem[];
  onDuplicate: () => void;
  onDelete: () => void;
}) {
  const { layout, selection } = useEditor();
  const selected = selection
    .map((key) => layout.fields.find((f) => f.key === key))
    .filter((f): f is TField => Boolean(f));
  const [only] = selected;

  if (selected.length === 1 && only) {
    return (
      <div className={classes.panelSection} data-testid="field-properties">
        <FieldProperties key={only.key} field={only} onDuplicate={onDuplicate} onDelete={onDelete} />
      </div>
    );
  }
  if (selected.length > 1) {
    return (
      <div className={classes.panelSection}>
        <SelectionProperties fields={selected} onDuplicate={onDuplicate} onDelete={onDelete} />
      </div>
    );
  }
  return (
    <>
      <div className={classes.panelSection}>
        <Group justify="space-between" mb="xs">
          <Text className={classes.sectionTitle}>Checks</Text>
          {problems.length > 0 && (
            <Badge color="orange" variant="light" size="sm">
              {problems.length} to fix
            </Badge>
          )}
        </Group>
        <ProblemsList problems={problems} />
      </div>
      <div className={classes.panelSection}>
        <Text size="sm" c="dimmed" mb="sm">
          Select a field on the page to edit it. Drag on empty space to select several.
        </Text>
        <Stack gap={6}>
          {SHORTCUTS.map(([keys, label]) => (
            <Group key={label} justify="space-between" wrap="nowrap">
              <Text size="xs" c="dimmed">
                {label}
              </Text>
              <Group gap={4} wrap="nowrap">
                {keys.split(' ').map((k) => (
                  <Kbd key={k} size="xs">
                    {k}
                  </Kbd>
                ))}
              </Group>
            </Group>
          ))}
        </Stack>
      </div>
    </>
  );
}

import { ActionIcon, Button, Group, Menu, Paper, Stack, Text } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { CSS } from '@dnd-kit/utilities';
import { PIPELINE_ACTION_LABELS, type TPipelineEntityActions } from '@esigns/contracts/pipelines';
import type { FieldErrors } from '../../shared/api/api-error';
import { DragHandle, MoveButtons, SortableList, arrayMove, useSortable } from '../../shared/ui/list-screen';
import { newAction, type KeyedAction } from './draft';
import { ActionFields } from './action-fields';

type Props = {
  actions: KeyedAction[];
  onChange: (actions: KeyedAction[]) => void;
  options: TPipelineEntityActions | undefined;
  entities: { value: string; label: string }[];
  triggerEntityId: string | null;
  errors: FieldErrors;
};

type ItemProps = Omit<Props, 'actions' | 'onChange'> & {
  action: KeyedAction;
  index: number;
  count: number;
  onAction: (next: KeyedAction) => void;
  onMove: (to: number) => void;
  onRemove: () => void;
};

function ActionItem({ action, index, count, onAction, onMove, onRemove, ...rest }: ItemProps) {
  const { setNodeRef, transform, transition, ...handle } = useSortable({ id: action.key });
  const name = `action ${index + 1}`;
  return (
    <Paper
      ref={setNodeRef}
      withBorder
      p="sm"
      radius="md"
      data-testid="pipeline-action"
      style={{ transform: CSS.Translate.toString(transform), transition }}
    >
      <Group justify="space-between" wrap="nowrap" mb="xs">
        <Group gap={4} wrap="nowrap">
          <DragHandle label={name} handle={handle} />
          <Text size="sm" fw={500}>
            {index + 1}. {PIPELINE_ACTION_LABELS[action.type]}
          </Text>
        </Group>
        <Group gap={2} wrap="nowrap">
          <MoveButtons label={name} index={index} count={count} onMove={onMove} />
          <ActionIcon variant="subtle" color="red" aria-label={`Remove ${name}`} onClick={onRemove}>
            <IconTrash size={16} />
          </ActionIcon>
        </Group>
      </Group>
      <ActionFields action={action} index={index} onChange={onAction} {...rest} />
    </Paper>
  );
}

/** Then: the actions in order (drag or up/down), each with its settings. */
export function ActionsSection({ actions, onChange, ...rest }: Props) {
  const move = (from: number, to: number) => onChange(arrayMove(actions, from, to));
  return (
    <Stack gap="sm">
      {actions.length === 0 && (
        <Text size="sm" c={rest.errors.actions ? 'red' : 'dimmed'}>
          {rest.errors.actions ?? 'Add what the pipeline does.'}
        </Text>
      )}
      <SortableList ids={actions.map((a) => a.key)} onMove={move}>
        {actions.map((action, index) => (
          <ActionItem
            key={action.key}
            action={action}
            index={index}
            count={actions.length}
            onAction={(next) => onChange(actions.map((a, i) => (i === index ? next : a)))}
            onMove={(to) => move(index, to)}
            onRemove={() => onChange(actions.filter((_, i) => i !== index))}
            {...rest}
          />
        ))}
      </SortableList>
      <Group>
        <Menu position="bottom-start">
          <Menu.Target>
            <Button variant="light" size="xs" leftSection={<IconPlus size={14} />}>
              Add action
            </Button>
          </Menu.Target>
          <Menu.Dropdown>
            {(rest.options?.actions ?? []).map((a) => (
              <Menu.Item key={a.value} onClick={() => onChange([...actions, newAction(a.value)])}>
                {a.label}
              </Menu.Item>
            ))}
          </Menu.Dropdown>
        </Menu>
      </Group>
    </Stack>
  );
}

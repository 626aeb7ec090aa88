import { Badge, Box, Group, Paper, Text, ThemeIcon } from '@mantine/core';
import { IconEdit, IconTrash } from '@tabler/icons-react';
import { CSS } from '@dnd-kit/utilities';
import { Link } from 'react-router';
import type { TEntityGroup } from '@esigns/contracts/entity-groups';
import { DragHandle, MoveButtons, RowActions, useSortable } from '../../shared/ui/list-screen';
import { NamedIcon } from '../../shared/ui/named-icon';

export const previewPath = (group: Pick<TEntityGroup, '_id'>) =>
  `/company-entity-groups/${encodeURIComponent(group._id)}/preview`;

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** "3 entities", "1 form template"...: the group's non-empty member kinds. */
export function memberCounts(group: TEntityGroup): string[] {
  return [
    group.entities.length ? plural(group.entities.length, 'entity', 'entities') : '',
    group.formTemplates.length ? plural(group.formTemplates.length, 'form template', 'form templates') : '',
    group.docTemplates.length
      ? plural(group.docTemplates.length, 'document template', 'document templates')
      : '',
    group.globalVariables.length ? plural(group.globalVariables.length, 'variable', 'variables') : '',
  ].filter(Boolean);
}

export type CardProps = {
  group: TEntityGroup;
  index: number;
  count: number;
  canUpdate: boolean;
  canDelete: boolean;
  onMove: (group: TEntityGroup, to: number) => void;
  onEdit: (group: TEntityGroup) => void;
  onDelete: (group: TEntityGroup) => void;
};

/** One group: its icon, name, description and member counts, with its moves and actions. */
export function GroupCard({
  group,
  index,
  count,
  canUpdate,
  canDelete,
  onMove,
  onEdit,
  onDelete,
}: CardProps) {
  const { setNodeRef, transform, transition, isDragging, ...handle } = useSortable({
    id: group._id,
    disabled: !canUpdate,
  });
  const counts = memberCounts(group);
  return (
    <Paper
      ref={setNodeRef}
      withBorder
      radius="md"
      p="md"
      data-testid="entity-group-card"
      style={{
        transform: CSS.Transform.toString(transform),
        transition,
        opacity: isDragging ? 0.6 : 1,
        background: 'var(--mantine-color-white)',
      }}
    >
      <Group wrap="nowrap" align="flex-start" gap="sm">
        {canUpdate && <DragHandle label={group.name} handle={handle} />}
        <ThemeIcon variant="light" size={40} radius="md">
          <NamedIcon name={group.icon ?? 'stack-2'} size={22} />
        </ThemeIcon>
        <Box style={{ flex: 1, minWidth: 0 }}>
          <Text fw={600} component={Link} to={previewPath(group)}>
            {group.name}
          </Text>
          {group.description && (
            <Text size="sm" c="dimmed" lineClamp={2}>
              {group.description}
            </Text>
          )}
          <Group gap={4} mt={6}>
            {counts.length === 0 ? (
              <Text size="xs" c="dimmed">
                No members yet
              </Text>
            ) : (
              counts.map((label) => (
                <Badge key={label} size="sm" variant="light" color="gray">
                  {label}
                </Badge>
              ))
            )}
          </Group>
        </Box>
        <Group gap={4} wrap="nowrap">
          {canUpdate && (
            <MoveButtons label={group.name} index={index} count={count} onMove={(to) => onMove(group, to)} />
          )}
          <RowActions
            name={group.name}
            open={{ to: previewPath(group), label: 'Preview' }}
            items={[
              canUpdate && { label: 'Edit', icon: <IconEdit size={14} />, onClick: () => onEdit(group) },
              canDelete && {
                label: 'Delete',
                icon: <IconTrash size={14} />,
                color: 'red',
                onClick: () => onDelete(group),
              },
            ]}
          />
        </Group>
      </Group>
    </Paper>
  );
}

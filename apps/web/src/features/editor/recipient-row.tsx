import { useState, type CSSProperties } from 'react';
import {
  ActionIcon,
  Avatar,
  Badge,
  Box,
  Group,
  Menu,
  NumberInput,
  Text,
  Tooltip,
  UnstyledButton,
} from '@mantine/core';
import { useSortable } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import {
  IconDotsVertical,
  IconGripVertical,
  IconMailCheck,
  IconPencil,
  IconShieldLock,
  IconTrash,
} from '@tabler/icons-react';
import type { TRecipient } from '@esigns/contracts/documents';
import { RECIPIENT_TYPE_SHORT, recipientDetail, recipientInitials, recipientName } from './recipient-labels';
import classes from './editor.module.css';

/** Order number input: applied on Enter or when it loses focus, so typing "12" does not re-sort at "1". */
function OrderInput({
  value,
  name,
  color,
  onCommit,
}: {
  value: number;
  name: string;
  color: string;
  onCommit: (n: number) => void;
}) {
  const [text, setText] = useState<string | number>(value);
  const [prev, setPrev] = useState(value);
  if (prev !== value) {
    setPrev(value);
    setText(value);
  }
  const commit = () => {
    const n = typeof text === 'number' ? text : Number.parseInt(text, 10);
    if (Number.isInteger(n) && n >= 1 && n <= 100 && n !== value) onCommit(n);
    else setText(value);
  };
  return (
    <NumberInput
      size="xs"
      w={36}
      min={1}
      max={100}
      hideControls
      allowDecimal={false}
      allowNegative={false}
      aria-label={`Signing order of ${name}`}
      value={text}
      onChange={setText}
      onBlur={commit}
      onKeyDown={(e) => {
        if (e.key === 'Enter') commit();
      }}
      styles={{
        input: {
          textAlign: 'center',
          paddingInline: 4,
          fontWeight: 700,
          color,
          borderColor: color,
          borderWidth: 1.5,
          borderRadius: 999,
        },
      }}
    />
  );
}

export function RecipientRow({
  recipient,
  index,
  color,
  fieldCount,
  isActive,
  hasProblem,
  isOrdered,
  mode,
  onActivate,
  onEdit,
  onRemove,
  onOrder,
}: {
  recipient: TRecipient;
  index: number;
  color: string;
  fieldCount: number;
  isActive: boolean;
  hasProblem: boolean;
  isOrdered: boolean;
  mode: 'document' | 'template';
  onActivate: () => void;
  onEdit: () => void;
  onRemove: () => void;
  onOrder: (order: number) => void;
}) {
  const { setNodeRef, attributes, listeners, transform, transition, isDragging } = useSortable({
    id: recipient.key,
    disabled: !isOrdered,
  });
  const name = recipientName(recipient, index);
  const detail = recipientDetail(recipient);
  const style = {
    '--recipient-color': color,
    transform: CSS.Translate.toString(transform),
    transition,
  } as CSSProperties;

  return (
    <div
      ref={setNodeRef}
      className={classes.recipientRow}
      style={style}
      data-active={isActive || undefined}
      data-dragging={isDragging || undefined}
      data-testid="recipient-row"
    >
      {isOrdered && (
        <>
          <span className={classes.dragHandle} {...attributes} {...listeners} aria-label={`Reorder ${name}`}>
            <IconGripVertical size={16} />
          </span>
          <OrderInput value={recipient.signing_order} name={name} color={color} onCommit={onOrder} />
        </>
      )}
      <UnstyledButton
        onClick={onActivate}
        aria-pressed={isActive}
        aria-label={`Add fields for ${name}`}
        style={{ flex: 1, minWidth: 0, display: 'flex', alignItems: 'center', gap: 10 }}
      >
        {!isOrdered && (
          <Avatar size={32} radius="xl" variant="filled" color={color} style={{ flex: 'none' }}>
            {recipientInitials(recipient, index)}
          </Avatar>
        )}
        <Box style={{ minWidth: 0, flex: 1 }}>
          <Text size="sm" fw={600} truncate lh={1.3}>
            {name}
          </Text>
          {detail && (
            <Text size="xs" c="dimmed" truncate lh={1.3}>
              {detail}
            </Text>
          )}
          <Group gap={6} mt={3} wrap="nowrap">
            <Badge
              size="xs"
              variant="light"
              color={hasProblem ? 'orange' : 'gray'}
              radius="sm"
              style={{ flex: 'none', overflow: 'visible' }}
            >
              {RECIPIENT_TYPE_SHORT[recipient.user_type]}
            </Badge>
            <Text size="xs" c="dimmed" truncate>
              {fieldCount === 1 ? '1 field' : `${fieldCount} fields`}
            </Text>
            {recipient.email_verification && (
              <Tooltip label="Verifies email with a code" withArrow>
                <IconMailCheck size={14} color="var(--mantine-color-gray-6)" aria-label="Email code" />
              </Tooltip>
            )}
            {(recipient.has_representative_password || recipient.representative_password) && (
              <Tooltip label="Authorized representative (password)" withArrow>
                <IconShieldLock
                  size={14}
                  color="var(--mantine-color-gray-6)"
                  aria-label="Representative password"
                />
              </Tooltip>
            )}
          </Group>
        </Box>
      </UnstyledButton>
      <Menu position="bottom-end" withinPortal shadow="md">
        <Menu.Target>
          <ActionIcon variant="subtle" color="gray" aria-label={`Actions for ${name}`}>
            <IconDotsVertical size={16} />
          </ActionIcon>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Item leftSection={<IconPencil size={16} />} onClick={onEdit}>
            Edit {mode === 'template' ? 'role' : 'recipient'}
          </Menu.Item>
          <Menu.Item color="red" leftSection={<IconTrash size={16} />} onClick={onRemove}>
            Remove
          </Menu.Item>
        </Menu.Dropdown>
      </Menu>
    </div>
  );
}

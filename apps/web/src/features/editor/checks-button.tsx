import { ActionIcon, Badge, Button, Group, Popover, Text, Tooltip } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck } from '@tabler/icons-react';
import type { TLayoutProblem } from '@esigns/contracts/documents';
import { ProblemsList } from './problems-list';

/** "3 to fix" (or "Ready") in the toolbar, opening the live list of problems. */
export function ChecksButton({
  problems,
  isOpen,
  onOpen,
  isCompact,
}: {
  problems: TLayoutProblem[];
  isOpen: boolean;
  onOpen: (open: boolean) => void;
  isCompact: boolean;
}) {
  const count = problems.length;
  const toggle = () => onOpen(!isOpen);
  let target;
  if (count > 0) {
    target = (
      <Button
        variant="light"
        color="orange"
        size="sm"
        px={isCompact ? 10 : undefined}
        leftSection={<IconAlertTriangle size={16} />}
        onClick={toggle}
        aria-label={`${count} ${count === 1 ? 'problem' : 'problems'} to fix`}
      >
        {isCompact ? count : `${count} to fix`}
      </Button>
    );
  } else if (isCompact) {
    target = (
      <ActionIcon variant="subtle" color="teal" size="lg" aria-label="Ready: no problems" onClick={toggle}>
        <IconCircleCheck size={19} />
      </ActionIcon>
    );
  } else {
    target = (
      <Button
        variant="subtle"
        color="teal"
        size="sm"
        leftSection={<IconCircleCheck size={16} />}
        onClick={toggle}
      >
        Ready
      </Button>
    );
  }
  return (
    <Popover opened={isOpen} onChange={onOpen} position="bottom-end" width={340} shadow="md" withArrow>
      <Popover.Target>
        <Tooltip label="Checks before sending" withArrow disabled={isOpen}>
          {target}
        </Tooltip>
      </Popover.Target>
      <Popover.Dropdown>
        <Group justify="space-between" mb="xs">
          <Text fw={600} size="sm">
            Checks
          </Text>
          {count > 0 && (
            <Badge color="orange" variant="light" size="sm">
              {count}
            </Badge>
          )}
        </Group>
        <ProblemsList problems={problems} onPicked={() => onOpen(false)} />
      </Popover.Dropdown>
    </Popover>
  );
}

import type { ReactNode } from 'react';
import { ActionIcon, Tooltip } from '@mantine/core';

/** An icon button of the editor's toolbar; its name is the tooltip without the shortcut. */
export function ToolButton({
  label,
  onClick,
  disabled,
  children,
}: {
  label: string;
  onClick: () => void;
  disabled?: boolean;
  children: ReactNode;
}) {
  return (
    <Tooltip label={label} withArrow>
      <ActionIcon
        variant="subtle"
        color="gray"
        size="lg"
        aria-label={label.replace(/ \(.*\)$/, '')}
        disabled={disabled}
        onClick={onClick}
      >
        {children}
      </ActionIcon>
    </Tooltip>
  );
}

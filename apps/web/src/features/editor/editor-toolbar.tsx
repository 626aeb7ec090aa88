import type { ReactNode } from 'react';
import { ActionIcon, Box, Group, Menu } from '@mantine/core';
import {
  IconArrowAutofitWidth,
  IconArrowBackUp,
  IconArrowForwardUp,
  IconChevronLeft,
  IconDots,
  IconLayoutSidebar,
  IconLayoutSidebarRight,
  IconSettings,
} from '@tabler/icons-react';
import type { TLayoutProblem } from '@esigns/contracts/documents';
import { ChecksButton } from './checks-button';
import { NameInput } from './name-input';
import { SaveIndicator } from './save-indicator';
import type { Autosave } from './use-autosave';
import { ToolButton } from './tool-button';
import { ZoomControls, ZoomStepItems, type ZoomMode } from './zoom-controls';
import classes from './editor.module.css';

export type { ZoomMode } from './zoom-controls';

/** Back, the palette toggle, the name and the save state, then the space before the tools. */
function ToolbarStart({
  name,
  onRename,
  autosave,
  onBack,
  onTogglePalette,
  isCompact,
}: {
  name: string;
  onRename: (name: string) => void;
  autosave: Autosave<never>;
  onBack?: () => void;
  onTogglePalette?: () => void;
  isCompact: boolean;
}) {
  return (
    <>
      {onBack && (
        <ToolButton label="Back" onClick={onBack}>
          <IconChevronLeft size={20} />
        </ToolButton>
      )}
      {onTogglePalette && (
        <ToolButton label="Recipients and fields" onClick={onTogglePalette}>
          <IconLayoutSidebar size={19} />
        </ToolButton>
      )}
      <NameInput name={name} onRename={onRename} />
      <SaveIndicator
        status={autosave.status}
        error={autosave.error}
        onRetry={() => void autosave.flush()}
        isCompact={isCompact}
      />
      <Box style={{ flex: 1 }} />
    </>
  );
}

/** Back, name, save state; undo/redo, zoom, checks, settings, panels; the screen's next step. */
export function EditorToolbar({
  name,
  onRename,
  autosave,
  canUndo,
  canRedo,
  onUndo,
  onRedo,
  zoom,
  zoomMode,
  onZoom,
  problems,
  isProblemsOpen,
  onProblemsOpen,
  onSettings,
  onBack,
  onTogglePanel,
  onTogglePalette,
  primaryAction,
  isCompact,
  isNarrow = false,
}: {
  name: string;
  onRename: (name: string) => void;
  autosave: Autosave<never>;
  canUndo: boolean;
  canRedo: boolean;
  onUndo: () => void;
  onRedo: () => void;
  zoom: number;
  zoomMode: ZoomMode;
  onZoom: (mode: ZoomMode | 'in' | 'out') => void;
  problems: TLayoutProblem[];
  isProblemsOpen: boolean;
  onProblemsOpen: (open: boolean) => void;
  onSettings: () => void;
  onBack?: () => void;
  /** Shown when the properties panel is folded away (tablets). */
  onTogglePanel?: () => void;
  /** Shown when the recipients and field palette are folded away (phones). */
  onTogglePalette?: () => void;
  primaryAction?: ReactNode;
  isCompact: boolean;
  /** Phones: undo, redo, zoom, settings and properties go into a "more" menu. */
  isNarrow?: boolean;
}) {
  const start = { name, onRename, autosave, onBack, onTogglePalette };
  if (isNarrow) {
    return (
      <header className={classes.toolbar}>
        <ToolbarStart {...start} isCompact />
        <Menu position="bottom-end" withinPortal shadow="md" width={220}>
          <Menu.Target>
            <ActionIcon variant="subtle" color="gray" size="lg" aria-label="More actions">
              <IconDots size={19} />
            </ActionIcon>
          </Menu.Target>
          <Menu.Dropdown>
            <Menu.Item leftSection={<IconArrowBackUp size={16} />} disabled={!canUndo} onClick={onUndo}>
              Undo
            </Menu.Item>
            <Menu.Item leftSection={<IconArrowForwardUp size={16} />} disabled={!canRedo} onClick={onRedo}>
              Redo
            </Menu.Item>
            <Menu.Divider />
            <Menu.Label>Zoom {Math.round(zoom * 100)}%</Menu.Label>
            <ZoomStepItems onZoom={onZoom} />
            <Menu.Item
              leftSection={<IconArrowAutofitWidth size={16} />}
              onClick={() => onZoom('fit')}
              fw={zoomMode === 'fit' ? 600 : undefined}
            >
              Fit width
            </Menu.Item>
            <Menu.Divider />
            <Menu.Item leftSection={<IconSettings size={16} />} onClick={onSettings}>
              Document settings
            </Menu.Item>
            {onTogglePanel && (
              <Menu.Item leftSection={<IconLayoutSidebarRight size={16} />} onClick={onTogglePanel}>
                Field properties
              </Menu.Item>
            )}
          </Menu.Dropdown>
        </Menu>
        <ChecksButton problems={problems} isOpen={isProblemsOpen} onOpen={onProblemsOpen} isCompact />
        {primaryAction}
      </header>
    );
  }
  return (
    <header className={classes.toolbar}>
      <ToolbarStart {...start} isCompact={isCompact} />
      <Group gap={2} wrap="nowrap">
        <ToolButton label="Undo (Ctrl+Z)" disabled={!canUndo} onClick={onUndo}>
          <IconArrowBackUp size={19} />
        </ToolButton>
        <ToolButton label="Redo (Ctrl+Shift+Z)" disabled={!canRedo} onClick={onRedo}>
          <IconArrowForwardUp size={19} />
        </ToolButton>
      </Group>
      <span className={classes.toolbarDivider} />
      <ZoomControls zoom={zoom} zoomMode={zoomMode} onZoom={onZoom} isCompact={isCompact} />
      <span className={classes.toolbarDivider} />
      <ChecksButton
        problems={problems}
        isOpen={isProblemsOpen}
        onOpen={onProblemsOpen}
        isCompact={isCompact}
      />
      <ToolButton label="Document settings" onClick={onSettings}>
        <IconSettings size={19} />
      </ToolButton>
      {onTogglePanel && (
        <ToolButton label="Field properties" onClick={onTogglePanel}>
          <IconLayoutSidebarRight size={19} />
        </ToolButton>
      )}
      {primaryAction}
    </header>
  );
}

import { Button, Group, Menu } from '@mantine/core';
import { IconZoomIn, IconZoomOut } from '@tabler/icons-react';
import { ToolButton } from './tool-button';

export type ZoomMode = 'fit' | number;

/** Zoom in and out as menu items (the menu stays open for another step). */
export function ZoomStepItems({ onZoom }: { onZoom: (step: 'in' | 'out') => void }) {
  return (
    <>
      <Menu.Item leftSection={<IconZoomIn size={16} />} onClick={() => onZoom('in')} closeMenuOnClick={false}>
        Zoom in
      </Menu.Item>
      <Menu.Item
        leftSection={<IconZoomOut size={16} />}
        onClick={() => onZoom('out')}
        closeMenuOnClick={false}
      >
        Zoom out
      </Menu.Item>
    </>
  );
}

const ZOOM_PRESETS = [0.5, 0.75, 1, 1.25, 1.5, 2];

/** Zoom out, the level (a menu: fit width and presets), zoom in; compact keeps only the menu. */
export function ZoomControls({
  zoom,
  zoomMode,
  onZoom,
  isCompact,
}: {
  zoom: number;
  zoomMode: ZoomMode;
  onZoom: (mode: ZoomMode | 'in' | 'out') => void;
  isCompact: boolean;
}) {
  const step = (direction: 'in' | 'out') => (
    <ToolButton label={direction === 'in' ? 'Zoom in' : 'Zoom out'} onClick={() => onZoom(direction)}>
      {direction === 'in' ? <IconZoomIn size={19} /> : <IconZoomOut size={19} />}
    </ToolButton>
  );
  return (
    <Group gap={2} wrap="nowrap">
      {!isCompact && step('out')}
      <Menu position="bottom" withinPortal shadow="md">
        <Menu.Target>
          <Button variant="subtle" color="gray" size="compact-sm" w={60} px={4} aria-label="Zoom level">
            {Math.round(zoom * 100)}%
          </Button>
        </Menu.Target>
        <Menu.Dropdown>
          {isCompact && (
            <>
              <ZoomStepItems onZoom={onZoom} />
              <Menu.Divider />
            </>
          )}
          <Menu.Item onClick={() => onZoom('fit')} fw={zoomMode === 'fit' ? 600 : undefined}>
            Fit width
          </Menu.Item>
          <Menu.Divider />
          {ZOOM_PRESETS.map((z) => (
            <Menu.Item key={z} onClick={() => onZoom(z)} fw={zoomMode === z ? 600 : undefined}>
              {Math.round(z * 100)}%
            </Menu.Item>
          ))}
        </Menu.Dropdown>
      </Menu>
      {!isCompact && step('in')}
    </Group>
  );
}

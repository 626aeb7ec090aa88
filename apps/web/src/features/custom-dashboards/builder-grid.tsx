import { ActionIcon, Box, Group, Menu, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import {
  IconArrowDown,
  IconArrowLeft,
  IconArrowRight,
  IconArrowUp,
  IconArrowsHorizontal,
  IconDots,
  IconGripVertical,
  IconSettings,
  IconTrash,
} from '@tabler/icons-react';
import ReactGridLayout, { useContainerWidth, verticalCompactor, type Layout } from 'react-grid-layout';
import 'react-grid-layout/css/styles.css';
import {
  DASHBOARD_GRID_COLUMNS,
  DASHBOARD_MAX_WIDGET_ROWS,
  type TDashboardWidget,
} from '@esigns/contracts/custom-dashboards';
import { PHONE_QUERY } from '../../shared/ui/list-screen';
import { isComplete, widgetProblem, withLayout } from './builder-state';
import { DashboardGrid, GRID_GAP, ROW_HEIGHT } from './dashboard-grid';
import { WidgetFrame, WIDGET_TYPE_LABELS } from './widget-frame';
import { WidgetContent } from './widget-views';

/** A change of place or size by keyboard or menu: columns and rows to add, kept within the grid. */
export function nudged(
  widget: TDashboardWidget,
  by: { x?: number; y?: number; w?: number; h?: number },
): TDashboardWidget {
  const w = Math.max(1, Math.min(DASHBOARD_GRID_COLUMNS, widget.layout.w + (by.w ?? 0)));
  const h = Math.max(1, Math.min(DASHBOARD_MAX_WIDGET_ROWS, widget.layout.h + (by.h ?? 0)));
  const x = Math.max(0, Math.min(DASHBOARD_GRID_COLUMNS - w, widget.layout.x + (by.x ?? 0)));
  const y = Math.max(0, widget.layout.y + (by.y ?? 0));
  return { ...widget, layout: { x, y, w, h } };
}

const MOVES = [
  { label: 'Move up', icon: IconArrowUp, by: { y: -1 } },
  { label: 'Move down', icon: IconArrowDown, by: { y: 1 } },
  { label: 'Move left', icon: IconArrowLeft, by: { x: -1 } },
  { label: 'Move right', icon: IconArrowRight, by: { x: 1 } },
  { label: 'Wider', icon: IconArrowsHorizontal, by: { w: 1 } },
  { label: 'Narrower', icon: IconArrowsHorizontal, by: { w: -1 } },
  { label: 'Taller', icon: IconArrowDown, by: { h: 1 } },
  { label: 'Shorter', icon: IconArrowUp, by: { h: -1 } },
];

type Handlers = {
  onEdit: (id: string) => void;
  onRemove: (id: string) => void;
  onChange: (widget: TDashboardWidget) => void;
};

/** A widget's controls in the builder: the drag handle, its settings, moves by menu and removal. */
function WidgetControls({
  widget,
  draggable,
  onEdit,
  onRemove,
  onChange,
}: Handlers & { widget: TDashboardWidget; draggable: boolean }) {
  const name = widget.title || WIDGET_TYPE_LABELS[widget.type];
  return (
    <Group gap={2} wrap="nowrap" className="dashboard-widget-controls">
      {draggable && (
        <ActionIcon
          variant="subtle"
          color="gray"
          size="sm"
          className="dashboard-drag-handle"
          aria-label={`Drag ${name}`}
        >
          <IconGripVertical size={14} />
        </ActionIcon>
      )}
      <ActionIcon
        variant="subtle"
        size="sm"
        aria-label={`Configure ${name}`}
        onClick={() => onEdit(widget.id)}
      >
        <IconSettings size={14} />
      </ActionIcon>
      <Menu position="bottom-end" withinPortal>
        <Menu.Target>
          <ActionIcon variant="subtle" color="gray" size="sm" aria-label={`More for ${name}`}>
            <IconDots size={14} />
          </ActionIcon>
        </Menu.Target>
        <Menu.Dropdown>
          {MOVES.map((m) => (
            <Menu.Item
              key={m.label}
              leftSection={<m.icon size={14} />}
              onClick={() => onChange(nudged(widget, m.by))}
            >
              {m.label}
            </Menu.Item>
          ))}
          <Menu.Divider />
          <Menu.Item color="red" leftSection={<IconTrash size={14} />} onClick={() => onRemove(widget.id)}>
            Remove
          </Menu.Item>
        </Menu.Dropdown>
      </Menu>
    </Group>
  );
}

function BuilderWidget({
  widget,
  problem,
  draggable,
  ...handlers
}: Handlers & { widget: TDashboardWidget; problem?: string; draggable: boolean }) {
  return (
    <WidgetFrame
      widget={widget}
      controls={<WidgetControls widget={widget} draggable={draggable} {...handlers} />}
    >
      {problem || !isComplete(widget) ? (
        <Text size="sm" c={problem ? 'red' : 'dimmed'}>
          {problem || widgetProblem(widget)}
        </Text>
      ) : (
        <WidgetContent widget={widget} />
      )}
    </WidgetFrame>
  );
}

/**
 * The builder's grid: 12 columns of 40 px rows; widgets dragged by their handle and resized from
 * their corner (react-grid-layout, packed upwards). Each shows its live data once configured. On
 * a phone the widgets stack and move by their menu.
 */
export function BuilderGrid({
  widgets,
  problems,
  onLayout,
  ...handlers
}: Handlers & {
  widgets: readonly TDashboardWidget[];
  /** The server's refusal of a widget, by id. */
  problems: Readonly<Record<string, string>>;
  onLayout: (widgets: TDashboardWidget[]) => void;
}) {
  const phone = useMediaQuery(PHONE_QUERY) ?? false;
  const { width, containerRef, mounted } = useContainerWidth({ initialWidth: 1100 });
  // On a phone the widgets stack and move by their menu: no drag handle.
  const render = (w: TDashboardWidget) => (
    <BuilderWidget widget={w} problem={problems[w.id]} draggable={!phone} {...handlers} />
  );
  if (phone) return <DashboardGrid widgets={widgets} render={render} />;
  const layout: Layout = widgets.map((w) => ({ i: w.id, ...w.layout, maxH: DASHBOARD_MAX_WIDGET_ROWS }));
  return (
    <Box ref={containerRef} data-testid="builder-grid" mx={-GRID_GAP}>
      {mounted && (
        <ReactGridLayout
          width={width}
          layout={layout}
          gridConfig={{ cols: DASHBOARD_GRID_COLUMNS, rowHeight: ROW_HEIGHT, margin: [GRID_GAP, GRID_GAP] }}
          dragConfig={{ enabled: true, handle: '.dashboard-drag-handle' }}
          resizeConfig={{ enabled: true, handles: ['se'] }}
          compactor={verticalCompactor}
          onLayoutChange={(next) => {
            const moved = withLayout(widgets, next);
            if (moved.some((w, i) => w !== widgets[i])) onLayout(moved);
          }}
        >
          {widgets.map((w) => (
            <div key={w.id}>{render(w)}</div>
          ))}
        </ReactGridLayout>
      )}
    </Box>
  );
}

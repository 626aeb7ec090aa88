import type { ReactNode } from 'react';
import { Box, SimpleGrid } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { TDashboardWidget } from '@esigns/contracts/custom-dashboards';
import { DASHBOARD_GRID_COLUMNS } from '@esigns/contracts/custom-dashboards';
import { PHONE_QUERY } from '../../shared/ui/list-screen';

/** Height of a grid row in pixels (the contract's unit), and the gap between widgets. */
export const ROW_HEIGHT = 40;
export const GRID_GAP = 12;

/** Widgets top to bottom, then left to right: the order they stack in on a phone. */
export function readingOrder(widgets: readonly TDashboardWidget[]): TDashboardWidget[] {
  return [...widgets].sort((a, b) => a.layout.y - b.layout.y || a.layout.x - b.layout.x);
}

/** Widgets whose content is a list grow with it on a phone; charts and cards keep their height. */
const GROWS: ReadonlySet<TDashboardWidget['type']> = new Set(['TABLE', 'TEXT', 'CALENDAR']);
const phoneHeight = (w: TDashboardWidget) => {
  const px = Math.max(3, w.layout.h) * ROW_HEIGHT;
  return GROWS.has(w.type) ? { mih: Math.min(px, 160) } : { h: px };
};

/**
 * The saved layout, read only: a 12-column CSS grid where each widget keeps its place and size;
 * on a phone the widgets stack in one column (cards and charts keep their height, lists grow).
 */
export function DashboardGrid({
  widgets,
  render,
}: {
  widgets: readonly TDashboardWidget[];
  render: (widget: TDashboardWidget) => ReactNode;
}) {
  const phone = useMediaQuery(PHONE_QUERY) ?? false;
  if (phone)
    return (
      <SimpleGrid cols={1} spacing={GRID_GAP} data-testid="dashboard-grid">
        {readingOrder(widgets).map((w) => (
          <Box key={w.id} {...phoneHeight(w)}>
            {render(w)}
          </Box>
        ))}
      </SimpleGrid>
    );
  return (
    <Box
      data-testid="dashboard-grid"
      style={{
        display: 'grid',
        gridTemplateColumns: `repeat(${DASHBOARD_GRID_COLUMNS}, minmax(0, 1fr))`,
        gridAutoRows: ROW_HEIGHT,
        gap: GRID_GAP,
      }}
    >
      {readingOrder(widgets).map((w) => (
        <Box
          key={w.id}
          style={{
            gridColumn: `${w.layout.x + 1} / span ${w.layout.w}`,
            gridRow: `${w.layout.y + 1} / span ${w.layout.h}`,
            minWidth: 0,
          }}
        >
          {render(w)}
        </Box>
      ))}
    </Box>
  );
}

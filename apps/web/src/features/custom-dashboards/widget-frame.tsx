import type { ReactNode } from 'react';
import { Box, Center, Group, Paper, Skeleton, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconChartBar } from '@tabler/icons-react';
import type { UseQueryResult } from '@tanstack/react-query';
import type { TDashboardWidget } from '@esigns/contracts/custom-dashboards';
import { PanelError } from '../dashboard/panel-states';

export const WIDGET_TYPE_LABELS: Record<TDashboardWidget['type'], string> = {
  STAT: 'Stat card',
  CHART: 'Chart',
  TABLE: 'Table',
  CALENDAR: 'Calendar',
  CHECK_IN: 'Check-in',
  TEXT: 'Text',
};

/** A widget's card: its title (and controls, in the builder), then its content filling the rest. */
export function WidgetFrame({
  widget,
  controls,
  children,
}: {
  widget: TDashboardWidget;
  controls?: ReactNode;
  children: ReactNode;
}) {
  const title = widget.title || WIDGET_TYPE_LABELS[widget.type];
  return (
    <Paper
      withBorder
      radius="md"
      p="sm"
      h="100%"
      component="section"
      aria-label={title}
      data-testid="dashboard-widget"
      data-widget-id={widget.id}
      style={{ display: 'flex', flexDirection: 'column', overflow: 'hidden' }}
    >
      <Group justify="space-between" gap="xs" wrap="nowrap" mb={6}>
        <Text fw={600} size="sm" truncate>
          {title}
        </Text>
        {controls}
      </Group>
      <Box style={{ flex: 1, minHeight: 0, overflow: 'auto' }}>{children}</Box>
    </Paper>
  );
}

/** Nothing to show: a quiet icon and a sentence. */
export function WidgetEmpty({ children }: { children: ReactNode }) {
  return (
    <Center h="100%" mih={60}>
      <Stack align="center" gap={4}>
        <ThemeIcon variant="light" color="gray" radius="xl">
          <IconChartBar size={16} />
        </ThemeIcon>
        <Text size="sm" c="dimmed" ta="center">
          {children}
        </Text>
      </Stack>
    </Center>
  );
}

/**
 * A widget's query: its skeleton while loading, its own error with a retry, then `children` with
 * the data. One widget failing never hides the others.
 */
export function WidgetQuery<T>({
  query,
  label,
  skeleton = 'block',
  children,
}: {
  query: Pick<UseQueryResult<T>, 'data' | 'error' | 'isPending' | 'isError' | 'refetch'>;
  label: string;
  skeleton?: 'block' | 'number' | 'rows';
  children: (data: T) => ReactNode;
}) {
  if (query.isError)
    return (
      <Box role="alert" aria-label={`${label} failed`}>
        <PanelError error={query.error} onRetry={() => void query.refetch()} />
      </Box>
    );
  if (query.isPending || query.data === undefined)
    return (
      <Stack gap={6} aria-busy="true" aria-label={`Loading ${label}`} h="100%">
        {skeleton === 'number' && <Skeleton h={36} w="50%" />}
        {skeleton === 'rows' && Array.from({ length: 4 }, (_, i) => <Skeleton key={i} h={14} />)}
        {skeleton === 'block' && <Skeleton h="100%" mih={80} />}
      </Stack>
    );
  return <>{children(query.data)}</>;
}

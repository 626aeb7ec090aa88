import { AreaChart, BarChart, DonutChart, LineChart, PieChart } from '@mantine/charts';
import '@mantine/charts/styles.css';
import { ColorSwatch, Group, Stack, Text, Typography, VisuallyHidden } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { TDashboardWidget } from '@esigns/contracts/custom-dashboards';
import { useTemplateFields } from '../entity-views/filter-builder';
import { WidgetCalendar } from './widget-calendar';
import { WidgetTable } from './widget-table';
import { CheckInCard } from '../dashboard/check-in-card';
import { useDashboardArea } from './dashboard-area';
import { WidgetEmpty, WidgetQuery } from './widget-frame';
import {
  chartPoints,
  fetchChart,
  fetchStat,
  formatMetric,
  statBody,
  type ChartPoint,
  type ChartWidget,
  type StatWidget,
} from './widget-data';

const METRIC_WORDS = {
  COUNT: 'Records',
  SUM: 'Total',
  AVG: 'Average',
  MIN: 'Lowest',
  MAX: 'Highest',
} as const;

function StatView({ widget }: { widget: StatWidget }) {
  const { fields } = useTemplateFields(widget.entity_id);
  const query = useQuery({
    queryKey: ['custom-dashboards', 'widget', 'count', statBody(widget)],
    queryFn: ({ signal }) => fetchStat(widget, signal),
  });
  const field = fields?.find((f) => f.ref === widget.value_field);
  return (
    <WidgetQuery query={query} label={widget.title || 'stat'} skeleton="number">
      {(value) => (
        <Stack gap={0} justify="center" h="100%">
          <Text fz={32} fw={700} lh={1.1} data-testid="stat-value">
            {formatMetric(value, widget.metric === 'COUNT' ? undefined : field)}
          </Text>
          <Text size="xs" c="dimmed">
            {METRIC_WORDS[widget.metric]}
            {field && widget.metric !== 'COUNT' ? ` of ${field.label}` : ''}
          </Text>
        </Stack>
      )}
    </WidgetQuery>
  );
}

const PALETTE = [
  'blue.6',
  'teal.6',
  'orange.6',
  'grape.6',
  'red.6',
  'cyan.6',
  'lime.6',
  'pink.6',
  'indigo.6',
  'yellow.6',
];

/** The chart's numbers as a table for screen readers (and for reading them exactly). */
function ChartDataTable({ title, points, metric }: { title: string; points: ChartPoint[]; metric: string }) {
  return (
    <VisuallyHidden>
      <table aria-label={`${title} data`}>
        <thead>
          <tr>
            <th>Group</th>
            <th>{metric}</th>
          </tr>
        </thead>
        <tbody>
          {points.map((p) => (
            <tr key={p.key ?? ''}>
              <td>{p.label}</td>
              <td>{p.value}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </VisuallyHidden>
  );
}

function ChartGraphic({ widget, points }: { widget: ChartWidget; points: ChartPoint[] }) {
  const label = METRIC_WORDS[widget.metric];
  if (widget.chart === 'PIE' || widget.chart === 'DONUT') {
    const data = points.map((p, i) => ({
      name: p.label,
      value: p.value,
      color: PALETTE[i % PALETTE.length]!,
    }));
    const Chart = widget.chart === 'PIE' ? PieChart : DonutChart;
    return (
      <Group gap="md" justify="center" align="center" h="100%" wrap="nowrap">
        <Chart data={data} withTooltip tooltipDataSource="segment" size={140} style={{ flexShrink: 0 }} />
        <Stack gap={4} aria-hidden style={{ minWidth: 0 }}>
          {data.map((d) => (
            <Group key={d.name} gap={6} wrap="nowrap">
              <ColorSwatch color={`var(--mantine-color-${d.color.replace('.', '-')})`} size={10} />
              <Text size="xs" truncate>
                {d.name}
              </Text>
              <Text size="xs" fw={600}>
                {formatMetric(d.value)}
              </Text>
            </Group>
          ))}
        </Stack>
      </Group>
    );
  }
  const data = points.map((p) => ({ label: p.label, value: p.value }));
  const props = {
    h: '100%',
    mih: 120,
    data,
    dataKey: 'label',
    series: [{ name: 'value', label, color: 'blue.6' }],
    withLegend: false,
    tickLine: 'y' as const,
    // Counts are whole numbers: no 0.5 on the axis.
    yAxisProps: { allowDecimals: widget.metric !== 'COUNT' },
    valueFormatter: (value: number) => formatMetric(value),
  };
  if (widget.chart === 'LINE') return <LineChart {...props} curveType="monotone" />;
  if (widget.chart === 'AREA') return <AreaChart {...props} curveType="monotone" />;
  return <BarChart {...props} />;
}

function ChartView({ widget }: { widget: ChartWidget }) {
  const { fields } = useTemplateFields(widget.entity_id);
  const query = useQuery({
    queryKey: ['custom-dashboards', 'widget', 'chart', widget],
    queryFn: ({ signal }) => fetchChart(widget, signal),
  });
  const field = fields?.find((f) => f.ref === widget.group_by);
  return (
    <WidgetQuery query={query} label={widget.title || 'chart'}>
      {(rows) => {
        const points = chartPoints(rows, widget, field);
        if (points.length === 0) return <WidgetEmpty>No records to chart yet.</WidgetEmpty>;
        return (
          <Stack h="100%" gap={0} data-testid="chart">
            <ChartGraphic widget={widget} points={points} />
            <ChartDataTable
              title={widget.title || 'Chart'}
              points={points}
              metric={METRIC_WORDS[widget.metric]}
            />
          </Stack>
        );
      }}
    </WidgetQuery>
  );
}

function TextView({ html }: { html: string }) {
  if (!html.trim()) return <WidgetEmpty>No text yet.</WidgetEmpty>;
  // The server sanitises the HTML when the dashboard is saved.
  return (
    <Typography>
      <div dangerouslySetInnerHTML={{ __html: html }} />
    </Typography>
  );
}

/** A widget's content, reading its data through the record query engine. */
export function WidgetContent({ widget }: { widget: TDashboardWidget }) {
  const area = useDashboardArea();
  switch (widget.type) {
    case 'STAT':
      return <StatView widget={widget} />;
    case 'CHART':
      return <ChartView widget={widget} />;
    case 'TABLE':
      return <WidgetTable widget={widget} />;
    case 'CALENDAR':
      return <WidgetCalendar widget={widget} />;
    case 'CHECK_IN':
      return area === 'staff' ? <CheckInCard /> : <WidgetEmpty>Check-in is for your team.</WidgetEmpty>;
    case 'TEXT':
      return <TextView html={widget.html} />;
  }
}

import { useState } from 'react';
import { Box, Group, Paper, Text, VisuallyHidden } from '@mantine/core';
import { useElementSize } from '@mantine/hooks';
import type { TStatsPoint } from '@esigns/contracts/dashboard';
import { formatDate } from '../../shared/format/date';
import { labelStride, linePath, niceTicks } from './chart-scale';

const MARGIN = { top: 12, right: 12, bottom: 26, left: 34 };
const SENT_COLOR = 'var(--mantine-primary-color-filled)';
const COMPLETED_COLOR = 'var(--mantine-color-teal-6)';

function LegendItem({ color, label, value }: { color: string; label: string; value: number }) {
  return (
    <Group gap={6} wrap="nowrap">
      <Box w={10} h={10} style={{ borderRadius: 3, background: color }} />
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text size="sm" fw={600}>
        {value.toLocaleString()}
      </Text>
    </Group>
  );
}

/** Up to this many days the chart shows bars (two per day); longer ranges show lines. */
export const MAX_BAR_POINTS = 45;

/**
 * Documents sent and completed per day, with a hover read-out: side-by-side bars per day, or for
 * long ranges the sent series as a filled area and the completed series as a line. Plain SVG,
 * sized to its container.
 */
export function SentCompletedChart({
  points,
  height = 220,
}: {
  points: readonly TStatsPoint[];
  height?: number;
}) {
  const { ref, width: measured } = useElementSize();
  const [hover, setHover] = useState<number | null>(null);
  const width = measured > 0 ? measured : 600;
  const plotW = Math.max(10, width - MARGIN.left - MARGIN.right);
  const plotH = height - MARGIN.top - MARGIN.bottom;
  const max = points.reduce((m, p) => Math.max(m, p.sent, p.completed), 0);
  const ticks = niceTicks(max);
  const top = ticks.at(-1) ?? 1;
  const isBars = points.length <= MAX_BAR_POINTS;
  // Bars sit in equal bands; lines run from the first day at the left edge to the last at the right.
  const step = isBars
    ? plotW / Math.max(1, points.length)
    : points.length > 1
      ? plotW / (points.length - 1)
      : 0;
  const x = (i: number) =>
    MARGIN.left + (isBars ? step * (i + 0.5) : points.length > 1 ? i * step : plotW / 2);
  const barW = Math.max(2, Math.min(14, step * 0.34));
  const y = (v: number) => MARGIN.top + plotH - (v / top) * plotH;
  const sent = points.map((p, i) => ({ x: x(i), y: y(p.sent) }));
  const completed = points.map((p, i) => ({ x: x(i), y: y(p.completed) }));
  const baseline = MARGIN.top + plotH;
  const area =
    sent.length > 0
      ? `${linePath(sent)} L${sent.at(-1)!.x.toFixed(1)},${baseline} L${sent[0]!.x.toFixed(1)},${baseline} Z`
      : '';
  const stride = labelStride(points.length, plotW);
  const totalSent = points.reduce((s, p) => s + p.sent, 0);
  const totalCompleted = points.reduce((s, p) => s + p.completed, 0);
  const hovered = hover === null ? undefined : points[hover];

  return (
    <Box>
      <Group gap="lg" mb="xs">
        <LegendItem color={SENT_COLOR} label="Sent" value={totalSent} />
        <LegendItem color={COMPLETED_COLOR} label="Completed" value={totalCompleted} />
      </Group>
      <Box ref={ref} pos="relative" onMouseLeave={() => setHover(null)}>
        <svg
          width={width}
          height={height}
          role="img"
          aria-label={`Documents sent and completed per day: ${totalSent} sent, ${totalCompleted} completed`}
          data-testid="sent-completed-chart"
          style={{ display: 'block', overflow: 'visible' }}
        >
          {ticks.map((tick) => (
            <g key={tick}>
              <line
                x1={MARGIN.left}
                x2={MARGIN.left + plotW}
                y1={y(tick)}
                y2={y(tick)}
                stroke="var(--mantine-color-gray-2)"
              />
              <text
                x={MARGIN.left - 8}
                y={y(tick)}
                textAnchor="end"
                dominantBaseline="middle"
                fontSize={11}
                fill="var(--mantine-color-dimmed)"
              >
                {tick}
              </text>
            </g>
          ))}
          {/* Every `stride`-th day and the last, without the one before the last if they would touch. */}
          {points.map((p, i) =>
            i % stride === 0 || i === points.length - 1 ? (
              i !== points.length - 1 && points.length - 1 - i < stride ? null : (
                <text
                  key={p.date}
                  x={x(i)}
                  y={height - 6}
                  textAnchor={
                    isBars
                      ? 'middle'
                      : i === 0 && points.length > 1
                        ? 'start'
                        : i === points.length - 1
                          ? 'end'
                          : 'middle'
                  }
                  fontSize={11}
                  fill="var(--mantine-color-dimmed)"
                >
                  {formatDate(p.date)}
                </text>
              )
            ) : null,
          )}
          {isBars ? (
            points.map((p, i) => (
              <g key={`b${p.date}`}>
                <rect
                  x={x(i) - barW - 1}
                  y={y(p.sent)}
                  width={barW}
                  height={baseline - y(p.sent)}
                  rx={2}
                  fill={SENT_COLOR}
                />
                <rect
                  x={x(i) + 1}
                  y={y(p.completed)}
                  width={barW}
                  height={baseline - y(p.completed)}
                  rx={2}
                  fill={COMPLETED_COLOR}
                />
              </g>
            ))
          ) : (
            <>
              <path d={area} fill={SENT_COLOR} fillOpacity={0.12} />
              <path
                d={linePath(sent)}
                fill="none"
                stroke={SENT_COLOR}
                strokeWidth={2}
                strokeLinejoin="round"
              />
              <path
                d={linePath(completed)}
                fill="none"
                stroke={COMPLETED_COLOR}
                strokeWidth={2}
                strokeLinejoin="round"
              />
            </>
          )}
          {hovered && hover !== null && (
            <rect
              x={isBars ? x(hover) - step / 2 : x(hover) - 0.5}
              y={MARGIN.top}
              width={isBars ? step : 1}
              height={plotH}
              fill="var(--mantine-color-gray-5)"
              fillOpacity={isBars ? 0.12 : 0.8}
              pointerEvents="none"
            />
          )}
          {points.map((p, i) => (
            <rect
              key={`h${p.date}`}
              x={x(i) - Math.max(step, 8) / 2}
              y={MARGIN.top}
              width={Math.max(step, 8)}
              height={plotH}
              fill="transparent"
              onMouseEnter={() => setHover(i)}
            />
          ))}
        </svg>
        {hovered && hover !== null && (
          <Paper
            shadow="sm"
            withBorder
            p={8}
            radius="sm"
            data-testid="chart-tooltip"
            style={{
              position: 'absolute',
              top: 0,
              left: Math.min(Math.max(x(hover) - 70, 0), Math.max(width - 140, 0)),
              width: 140,
              pointerEvents: 'none',
            }}
          >
            <Text size="xs" fw={600}>
              {formatDate(hovered.date)}
            </Text>
            <Text size="xs">Sent: {hovered.sent}</Text>
            <Text size="xs">Completed: {hovered.completed}</Text>
          </Paper>
        )}
      </Box>
      <VisuallyHidden>
        <table>
          <caption>Documents sent and completed per day</caption>
          <thead>
            <tr>
              <th>Day</th>
              <th>Sent</th>
              <th>Completed</th>
            </tr>
          </thead>
          <tbody>
            {points.map((p) => (
              <tr key={p.date}>
                <td>{formatDate(p.date)}</td>
                <td>{p.sent}</td>
                <td>{p.completed}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </VisuallyHidden>
    </Box>
  );
}

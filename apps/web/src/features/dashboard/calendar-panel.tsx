import { useMemo, useState } from 'react';
import {
  ActionIcon,
  Anchor,
  Badge,
  Box,
  Button,
  Group,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Tooltip,
  UnstyledButton,
} from '@mantine/core';
import { useElementSize } from '@mantine/hooks';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { Link } from 'react-router';
import {
  CALENDAR_EVENT_LABELS,
  type TCalendarEvent,
  type TCalendarEventType,
} from '@esigns/contracts/dashboard';
import { formatDate } from '../../shared/format/date';
import { useSession } from '../../shared/session/session-store';
import { DASHBOARD_KEYS, fetchCalendar } from './dashboard-api';
import { localDay, monthGrid, shiftMonth } from './month-grid';
import { PanelError } from './panel-states';
import classes from './dashboard.module.css';

export const EVENT_COLORS: Record<TCalendarEventType, string> = {
  DOCUMENT_SENT: 'blue',
  DOCUMENT_COMPLETED: 'teal',
  DOCUMENT_EXPIRES: 'red',
  REMINDER_DUE: 'orange',
  REQUEST_DUE: 'grape',
};

const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];

function EventLine({ event }: { event: TCalendarEvent }) {
  return (
    <Group gap="sm" wrap="nowrap" align="flex-start" data-testid="calendar-event">
      <Badge color={EVENT_COLORS[event.type]} variant="light" size="sm" miw={96} style={{ flexShrink: 0 }}>
        {CALENDAR_EVENT_LABELS[event.type]}
      </Badge>
      <Box style={{ minWidth: 0 }}>
        <Anchor component={Link} to={event.link} size="sm" fw={500} lineClamp={1}>
          {event.title}
        </Anchor>
        <Text size="xs" c="dimmed">
          {event.description} · {formatDate(event.date, 'HH:mm')}
        </Text>
      </Box>
    </Group>
  );
}

/**
 * A month of the caller's document dates (sent, completed, expiry, next reminder) and document
 * request due dates, with previous/next month; a day's events are listed under the grid.
 */
export function CalendarPanel({ today = dayjs().format('YYYY-MM-DD') }: { today?: string }) {
  const session = useSession();
  const [month, setMonth] = useState(() => shiftMonth(today, 0));
  const [picked, setPicked] = useState<string | null>(null);
  const grid = useMemo(() => monthGrid(month), [month]);
  const { ref, width } = useElementSize();
  const roomy = width >= 520;
  const query = useQuery({
    queryKey: DASHBOARD_KEYS.calendar(session, grid.from, grid.to),
    queryFn: ({ signal }) => fetchCalendar(grid.from, grid.to, signal),
    placeholderData: keepPreviousData,
  });
  const byDay = useMemo(() => {
    const map = new Map<string, TCalendarEvent[]>();
    for (const event of query.isPlaceholderData ? [] : (query.data?.events ?? [])) {
      const day = localDay(event.date);
      map.set(day, [...(map.get(day) ?? []), event]);
    }
    return map;
  }, [query.data, query.isPlaceholderData]);
  const inMonth = (day: string) => day.slice(0, 7) === month.slice(0, 7);
  const selected =
    picked && grid.days.includes(picked)
      ? picked
      : inMonth(today)
        ? today
        : (grid.days.find((d) => inMonth(d) && byDay.has(d)) ?? month);
  const selectedEvents = byDay.get(selected) ?? [];

  const go = (by: number) => {
    setMonth((m) => shiftMonth(m, by));
    setPicked(null);
  };

  return (
    <Stack gap="sm" data-testid="calendar">
      <Group justify="space-between" wrap="nowrap">
        <Text fw={600} data-testid="calendar-month">
          {dayjs(month).format('MMMM YYYY')}
        </Text>
        <Group gap={4} wrap="nowrap">
          <Button
            size="xs"
            variant="default"
            onClick={() => {
              setMonth(shiftMonth(today, 0));
              setPicked(today);
            }}
          >
            Today
          </Button>
          <Tooltip label="Previous month">
            <ActionIcon variant="default" aria-label="Previous month" onClick={() => go(-1)}>
              <IconChevronLeft size={16} />
            </ActionIcon>
          </Tooltip>
          <Tooltip label="Next month">
            <ActionIcon variant="default" aria-label="Next month" onClick={() => go(1)}>
              <IconChevronRight size={16} />
            </ActionIcon>
          </Tooltip>
        </Group>
      </Group>
      <Box ref={ref}>
        <SimpleGrid cols={7} spacing={0} className={classes.calendarGrid} role="grid" aria-label="Calendar">
          {WEEKDAYS.map((name) => (
            <Text key={name} size="xs" c="dimmed" ta="center" py={4} fw={500} role="columnheader">
              {roomy ? name : name.charAt(0)}
            </Text>
          ))}
          {grid.days.map((day) => {
            const events = byDay.get(day) ?? [];
            const isToday = day === today;
            return (
              <UnstyledButton
                key={day}
                role="gridcell"
                aria-selected={day === selected}
                aria-label={`${formatDate(day)}: ${events.length === 0 ? 'no events' : `${events.length} event${events.length === 1 ? '' : 's'}`}`}
                className={classes.calendarDay}
                data-outside={!inMonth(day) || undefined}
                data-selected={day === selected || undefined}
                data-today={isToday || undefined}
                data-testid={`day-${day}`}
                onClick={() => setPicked(day)}
                mih={roomy ? 76 : 44}
              >
                <Text size="xs" fw={isToday ? 700 : 500} className={classes.dayNumber}>
                  {Number(day.slice(8))}
                </Text>
                {roomy ? (
                  <Stack gap={2} mt={2}>
                    {events.slice(0, 2).map((event) => (
                      <Text
                        key={event._id}
                        size="10px"
                        lh={1.4}
                        px={4}
                        truncate
                        className={classes.eventChip}
                        data-color={EVENT_COLORS[event.type]}
                        style={{
                          background: `var(--mantine-color-${EVENT_COLORS[event.type]}-light)`,
                          color: `var(--mantine-color-${EVENT_COLORS[event.type]}-light-color)`,
                        }}
                      >
                        {event.title}
                      </Text>
                    ))}
                    {events.length > 2 && (
                      <Text size="10px" c="dimmed" px={4}>
                        +{events.length - 2} more
                      </Text>
                    )}
                  </Stack>
                ) : (
                  <Group gap={2} justify="center" mt={2}>
                    {events.slice(0, 3).map((event) => (
                      <Box
                        key={event._id}
                        w={5}
                        h={5}
                        style={{
                          borderRadius: '50%',
                          background: `var(--mantine-color-${EVENT_COLORS[event.type]}-6)`,
                        }}
                      />
                    ))}
                  </Group>
                )}
              </UnstyledButton>
            );
          })}
        </SimpleGrid>
      </Box>
      <Stack gap={6} data-testid="calendar-day">
        <Text size="sm" fw={600}>
          {dayjs(selected).format('dddd')}, {formatDate(selected)}
        </Text>
        {query.isPending || query.isPlaceholderData ? (
          <Skeleton h={36} />
        ) : query.isError ? (
          <PanelError inline error={query.error} onRetry={() => void query.refetch()} />
        ) : selectedEvents.length === 0 ? (
          <Text size="sm" c="dimmed">
            Nothing due, sent or completed on this day.
          </Text>
        ) : (
          selectedEvents.map((event) => <EventLine key={event._id} event={event} />)
        )}
      </Stack>
    </Stack>
  );
}

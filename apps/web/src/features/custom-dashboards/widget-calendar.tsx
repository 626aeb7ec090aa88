import { useState } from 'react';
import { ActionIcon, Badge, Group, Stack, Text } from '@mantine/core';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { formatDate } from '../../shared/format/date';
import { valueOf } from '../entity-views/record-cells';
import { WidgetEmpty, WidgetQuery } from './widget-frame';
import { calendarQuery, fetchTableRows, type CalendarWidget } from './widget-data';

/** A month of records by the widget's date field, as an agenda: days with their records. */
export function WidgetCalendar({ widget }: { widget: CalendarWidget }) {
  const [month, setMonth] = useState(() => dayjs().format('YYYY-MM'));
  const query = calendarQuery(widget, month);
  const rows = useQuery({
    queryKey: ['custom-dashboards', 'widget', 'calendar', query],
    queryFn: ({ signal }) => fetchTableRows(query, signal),
  });
  const shift = (by: number) => setMonth(dayjs(`${month}-01`).add(by, 'month').format('YYYY-MM'));
  return (
    <Stack gap={6} h="100%">
      <Group justify="space-between" wrap="nowrap">
        <ActionIcon variant="subtle" aria-label="Previous month" onClick={() => shift(-1)}>
          <IconChevronLeft size={16} />
        </ActionIcon>
        <Text size="sm" fw={500}>
          {dayjs(`${month}-01`).format('MMMM YYYY')}
        </Text>
        <ActionIcon variant="subtle" aria-label="Next month" onClick={() => shift(1)}>
          <IconChevronRight size={16} />
        </ActionIcon>
      </Group>
      <WidgetQuery query={rows} label={widget.title || 'calendar'} skeleton="rows">
        {(page) => {
          if (page.data.length === 0) return <WidgetEmpty>Nothing this month.</WidgetEmpty>;
          const days = new Map<string, { id: string; title: string }[]>();
          for (const record of page.data) {
            const raw = String(valueOf(record, widget.date_field) ?? '');
            // A date-time is read in the viewer's time zone; a date is the day itself.
            const day = raw.length > 10 ? dayjs(raw).format('YYYY-MM-DD') : raw;
            days.set(day, [...(days.get(day) ?? []), { id: record._id, title: record.title || 'Untitled' }]);
          }
          return (
            <Stack gap={4} component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
              {[...days].map(([day, records]) => (
                <Group key={day} component="li" gap="xs" wrap="nowrap" align="flex-start">
                  <Badge variant="light" w={72} style={{ flexShrink: 0 }}>
                    {day ? formatDate(day, 'D MMM') : 'No date'}
                  </Badge>
                  <Text size="sm">{records.map((r) => r.title).join(', ')}</Text>
                </Group>
              ))}
            </Stack>
          );
        }}
      </WidgetQuery>
    </Stack>
  );
}

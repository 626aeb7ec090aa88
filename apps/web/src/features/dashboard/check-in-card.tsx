import { Box, Button, Group, Skeleton, Stack, Text, Tooltip } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconLogin2, IconLogout2 } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import dayjs from 'dayjs';
import type { TCheckInDay, TCheckInStatus } from '@esigns/contracts/dashboard';
import { formatDate } from '../../shared/format/date';
import { useSession } from '../../shared/session/session-store';
import { errorText } from '../../shared/ui/page-kit';
import { DASHBOARD_KEYS, fetchCheckIn, recordCheckIn } from './dashboard-api';
import { PanelError } from './panel-states';

/** "7h 05m", "45m". */
export function formatMinutes(minutes: number): string {
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  return hours > 0 ? `${hours}h ${String(rest).padStart(2, '0')}m` : `${rest}m`;
}

/** A time of day, 24-hour like every time of the app (ARCHITECTURE.md "Dates"). */
const time = (iso: string | null) => (iso ? formatDate(iso, 'HH:mm') : '—');

function WeekBars({ days }: { days: readonly TCheckInDay[] }) {
  const week = [...days].reverse();
  const longest = Math.max(60, ...week.map((d) => d.worked_minutes));
  return (
    <Group gap={6} align="flex-end" h={56} wrap="nowrap" aria-label="Hours worked over the last 7 days">
      {week.map((day) => (
        <Tooltip
          key={day.day}
          label={`${formatDate(day.day)}: ${day.sessions === 0 ? 'no check-in' : formatMinutes(day.worked_minutes)}${day.is_open ? ' (not checked out)' : ''}`}
        >
          <Stack gap={2} align="center" style={{ flex: 1 }}>
            <Box
              w="100%"
              h={Math.max(3, Math.round((day.worked_minutes / longest) * 40))}
              style={{
                borderRadius: 3,
                background:
                  day.sessions === 0 ? 'var(--mantine-color-gray-2)' : 'var(--mantine-primary-color-filled)',
                opacity: day.sessions === 0 ? 1 : 0.85,
              }}
            />
            <Text size="10px" c="dimmed">
              {dayjs(day.day).format('dd')}
            </Text>
          </Stack>
        </Tooltip>
      ))}
    </Group>
  );
}

/** Today's check-in: check in / check out, today's times, and the week at a glance. */
export function CheckInCard() {
  const session = useSession();
  const queryClient = useQueryClient();
  const key = DASHBOARD_KEYS.checkIn(session);
  const query = useQuery({ queryKey: key, queryFn: ({ signal }) => fetchCheckIn(signal) });
  const record = useMutation({
    mutationFn: recordCheckIn,
    onSuccess: (result) => {
      const { result: outcome, ...status } = result;
      queryClient.setQueryData<TCheckInStatus>(key, status);
      if (outcome !== 'UNCHANGED') {
        notifications.show({
          color: 'teal',
          message:
            outcome === 'CHECKED_IN' ? `Checked in at ${time(new Date().toISOString())}` : 'Checked out',
        });
      }
    },
    onError: (error) => notifications.show({ color: 'red', message: errorText(error) }),
  });

  if (query.isPending) {
    return (
      <Stack gap="sm" aria-label="Loading check-in">
        <Skeleton h={16} w="40%" />
        <Skeleton h={36} />
        <Skeleton h={56} />
      </Stack>
    );
  }
  if (query.isError) {
    return (
      <Stack gap="xs" align="flex-start">
        <Text fw={600}>Check-in</Text>
        <PanelError error={query.error} onRetry={() => void query.refetch()} />
      </Stack>
    );
  }
  const status = query.data;
  const isIn = status.state === 'CHECKED_IN';
  const first = status.sessions[0];
  const last = status.sessions.at(-1);
  const openSince = isIn && last ? last.check_in_at : null;

  return (
    <Stack gap="sm" data-testid="check-in">
      <Group justify="space-between" align="flex-start" wrap="nowrap">
        <Box>
          <Text fw={600}>Check-in</Text>
          <Text size="xs" c="dimmed">
            {dayjs(status.today).format('dddd')}, {formatDate(status.today)}
          </Text>
        </Box>
        <Text size="sm" c={isIn ? 'teal' : 'dimmed'} fw={500} data-testid="check-in-state">
          {isIn ? 'Checked in' : status.state === 'CHECKED_OUT' ? 'Checked out' : 'Not checked in'}
        </Text>
      </Group>
      <Group grow gap="xs">
        <Box>
          <Text size="xs" c="dimmed">
            First in
          </Text>
          <Text fw={600}>{time(first?.check_in_at ?? null)}</Text>
        </Box>
        <Box>
          <Text size="xs" c="dimmed">
            Last out
          </Text>
          <Text fw={600}>{isIn ? '—' : time(last?.check_out_at ?? null)}</Text>
        </Box>
        <Box>
          <Text size="xs" c="dimmed">
            Worked
          </Text>
          <Text fw={600}>{formatMinutes(status.worked_minutes_today)}</Text>
        </Box>
      </Group>
      <Button
        fullWidth
        color={isIn ? 'red' : undefined}
        variant={isIn ? 'light' : 'filled'}
        leftSection={isIn ? <IconLogout2 size={18} /> : <IconLogin2 size={18} />}
        loading={record.isPending}
        onClick={() => record.mutate(isIn ? 'check_out' : 'check_in')}
      >
        {isIn ? 'Check out' : status.state === 'CHECKED_OUT' ? 'Check in again' : 'Check in'}
      </Button>
      {openSince && (
        <Text size="xs" c="dimmed" ta="center">
          In since {time(openSince)}
        </Text>
      )}
      <WeekBars days={status.last_7_days} />
    </Stack>
  );
}

import { useState, type ReactNode } from 'react';
import {
  Button,
  Grid,
  Group,
  Paper,
  SegmentedControl,
  Skeleton,
  Stack,
  Text,
  type PaperProps,
} from '@mantine/core';
import { IconAdjustmentsHorizontal } from '@tabler/icons-react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import type { PermissionSlug } from '@esigns/contracts/permissions';
import { DEFAULT_DASHBOARD_STATS } from '@esigns/contracts/settings';
import { usePageTitle } from '../../shared/branding/use-page-title';
import { useSession } from '../../shared/session/session-store';
import { fetchDashboardStats, settingsKey } from '../settings/settings-api';
import { PageFrame, errorText } from '../../shared/ui/page-kit';
import { useCan } from '../../shared/permissions/use-can';
import { CalendarPanel } from './calendar-panel';
import { CheckInCard } from './check-in-card';
import { DASHBOARD_KEYS, fetchDocumentStats } from './dashboard-api';
import { DashboardLiveUpdates } from './dashboard-live';
import { DashboardShortcuts } from './dashboard-shortcuts';
import { RecentActivities } from './recent-activities';
import { RecentNotes } from './recent-notes';
import { SentCompletedChart } from './sent-completed-chart';
import { StatCards } from './stat-cards';

const RANGES = [
  { value: '7', label: '7 days' },
  { value: '30', label: '30 days' },
  { value: '90', label: '90 days' },
];

function greeting(hour: number): string {
  if (hour < 12) return 'Good morning';
  if (hour < 18) return 'Good afternoon';
  return 'Good evening';
}

/** One bordered tile of the dashboard. */
function Tile({ children, ...props }: PaperProps & { children: ReactNode }) {
  return (
    <Paper withBorder radius="md" p="md" {...props}>
      {children}
    </Paper>
  );
}

/**
 * What the counts cover: the numbers count every document the user sees, which for those who
 * see the company's documents (an owner, or `documents:view-all` / `manage-all`: a manager by
 * default) is more than their own.
 */
function standing(can: (slug: PermissionSlug) => boolean): string {
  const seesAll = can('documents:view-all') || can('documents:manage-all');
  return seesAll ? "Here is where the company's documents stand." : 'Here is where your documents stand.';
}

/**
 * /dashboard: the document counts chosen in dashboard settings, documents sent and completed over
 * time, recent activity, the team's recent notes, the calendar and the day's check-in. Document events pushed over the
 * socket refresh it without a reload.
 */
export function DashboardScreen() {
  usePageTitle('Dashboard');
  const session = useSession();
  const { can } = useCan();
  const [days, setDays] = useState(30);
  const settings = useQuery({ queryKey: settingsKey('dashboard', session), queryFn: fetchDashboardStats });
  const stats = useQuery({
    queryKey: DASHBOARD_KEYS.stats(session, days),
    queryFn: ({ signal }) => fetchDocumentStats(days, signal),
    placeholderData: keepPreviousData,
  });
  // Until the settings load (or if they cannot), the default cards show.
  const cards = settings.data?.cards ?? (settings.isPending ? [] : DEFAULT_DASHBOARD_STATS.cards);
  const firstName = session.user?.first_name;

  return (
    <PageFrame
      title="Dashboard"
      description={`${greeting(new Date().getHours())}${firstName ? `, ${firstName}` : ''}. ${standing(can)}`}
      actions={
        <>
          <Button
            component={Link}
            to="/profilesettings/dashboard-settings"
            variant="default"
            leftSection={<IconAdjustmentsHorizontal size={16} />}
          >
            Customise
          </Button>
          <DashboardShortcuts />
        </>
      }
    >
      <DashboardLiveUpdates />
      {stats.isError && !stats.data ? (
        <Tile>
          <Group justify="space-between">
            <Text size="sm" c="red">
              {errorText(stats.error)}
            </Text>
            <Button size="xs" variant="light" onClick={() => void stats.refetch()}>
              Try again
            </Button>
          </Group>
        </Tile>
      ) : (
        <StatCards cards={cards} stats={stats.data} />
      )}
      <Grid gap="md">
        <Grid.Col span={{ base: 12, md: 8 }}>
          <Tile h="100%">
            <Stack gap="sm">
              <Group justify="space-between" wrap="wrap" gap="xs">
                <Text fw={600}>Documents sent and completed</Text>
                <SegmentedControl
                  size="xs"
                  data={RANGES}
                  value={String(days)}
                  onChange={(value) => setDays(Number(value))}
                  aria-label="Chart range"
                />
              </Group>
              {stats.data ? (
                <SentCompletedChart points={stats.data.series.points} />
              ) : stats.isError ? (
                <Text size="sm" c="dimmed">
                  The chart could not be loaded.
                </Text>
              ) : (
                <Skeleton h={250} />
              )}
            </Stack>
          </Tile>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 4 }}>
          <Tile h="100%">
            <CheckInCard />
          </Tile>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 5 }}>
          <Stack gap="md" h="100%">
            <Tile style={{ flex: 1 }}>
              <RecentActivities />
            </Tile>
            {can('documents:notes') && (
              <Tile>
                <RecentNotes />
              </Tile>
            )}
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 7 }}>
          <Tile h="100%">
            <CalendarPanel />
          </Tile>
        </Grid.Col>
      </Grid>
    </PageFrame>
  );
}

import type { ComponentType } from 'react';
import { Group, Paper, SimpleGrid, Skeleton, Text, ThemeIcon, UnstyledButton } from '@mantine/core';
import {
  IconAlertTriangle,
  IconBan,
  IconCircleCheck,
  IconClockExclamation,
  IconFileText,
  IconHourglassHigh,
  IconPencil,
  IconThumbDown,
  IconUserExclamation,
  type IconProps,
} from '@tabler/icons-react';
import { Link } from 'react-router';
import { DASHBOARD_CARD_FILTER, DASHBOARD_CARD_STAT, type TDocumentStats } from '@esigns/contracts/dashboard';
import type { TDocumentListFilter } from '@esigns/contracts/documents';
import type { TDashboardCard } from '@esigns/contracts/settings';
import { DASHBOARD_CARD_LABELS } from '../settings/dashboard-settings-screen';
import classes from './dashboard.module.css';

const CARD_LOOK: Record<TDashboardCard, { icon: ComponentType<IconProps>; color: string }> = {
  'waiting-for-me': { icon: IconUserExclamation, color: 'orange' },
  'waiting-for-others': { icon: IconHourglassHigh, color: 'blue' },
  completed: { icon: IconCircleCheck, color: 'teal' },
  drafts: { icon: IconPencil, color: 'gray' },
  'expiring-soon': { icon: IconClockExclamation, color: 'yellow' },
  declined: { icon: IconThumbDown, color: 'red' },
  rejected: { icon: IconAlertTriangle, color: 'red' },
  voided: { icon: IconBan, color: 'dark' },
  expired: { icon: IconFileText, color: 'grape' },
};

/**
 * The documents list tab a card opens (`/documents/all?status=...`, the lists' own address state);
 * expiring documents open the documents waiting for others, soonest expiry first.
 */
export function documentsListPath(card: TDashboardCard): string {
  const filter: TDocumentListFilter = DASHBOARD_CARD_FILTER[card];
  const query = new URLSearchParams(filter === 'all-documents' ? {} : { status: filter });
  if (card === 'expiring-soon') query.set('sort', 'expires_at');
  const search = query.toString();
  return search ? `/documents/all?${search}` : '/documents/all';
}

/** One line under a card's number: what it counts. */
function hintOf(card: TDashboardCard, stats: TDocumentStats): string {
  if (card === 'expiring-soon') {
    const days = stats.expiring_window_days;
    return `Expire within ${days} day${days === 1 ? '' : 's'}`;
  }
  return DASHBOARD_CARD_LABELS[card].description.replace(/\.$/, '');
}

/**
 * The counts chosen in dashboard settings, in their order; each opens the matching documents
 * list tab.
 */
export function StatCards({
  cards,
  stats,
}: {
  cards: readonly TDashboardCard[];
  stats: TDocumentStats | undefined;
}) {
  if (cards.length === 0) return null;
  return (
    <SimpleGrid
      cols={{ base: Math.min(cards.length, 2), sm: Math.min(cards.length, 3), md: Math.min(cards.length, 5) }}
      spacing={{ base: 'xs', sm: 'md' }}
      data-testid="stat-cards"
    >
      {cards.map((card) => {
        const look = CARD_LOOK[card];
        const label = DASHBOARD_CARD_LABELS[card].label;
        const count = stats ? stats[DASHBOARD_CARD_STAT[card]] : undefined;
        return (
          <UnstyledButton
            key={card}
            component={Link}
            to={documentsListPath(card)}
            aria-label={count === undefined ? label : `${label}: ${count}`}
            data-testid={`stat-${card}`}
          >
            <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }} h="100%" className={classes.statCard}>
              <Group justify="space-between" align="flex-start" wrap="nowrap">
                <Text size="sm" c="dimmed" fw={500}>
                  {label}
                </Text>
                <ThemeIcon variant="light" color={look.color} radius="md" size="lg">
                  <look.icon size={20} stroke={1.6} />
                </ThemeIcon>
              </Group>
              {count === undefined ? (
                <Skeleton h={34} w={60} mt={4} />
              ) : (
                <Text fz={30} fw={700} lh={1.2} mt={4} data-testid={`stat-${card}-count`}>
                  {count.toLocaleString()}
                </Text>
              )}
              <Text size="xs" c="dimmed" mt={4} lineClamp={2}>
                {stats ? hintOf(card, stats) : '\u00a0'}
              </Text>
            </Paper>
          </UnstyledButton>
        );
      })}
    </SimpleGrid>
  );
}

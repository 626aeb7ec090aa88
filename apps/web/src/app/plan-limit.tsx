import { Anchor, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconArrowUpRight } from '@tabler/icons-react';
import { isApiError } from '../shared/api/api-error';

/** The notification's id: a second refusal replaces the first instead of stacking. */
export const PLAN_LIMIT_NOTICE_ID = 'plan-limit-reached';

type LimitData = { upgradePlan?: { name?: string } | null };

/**
 * A 402 from any call (a plan limit reached, `error_code` PLAN_LIMIT_REACHED) shows the server's
 * message and an "Upgrade" link to the plans: one place (the query client's caches) for the
 * whole app. Answers whether it was one.
 */
export function showPlanLimitNotice(error: unknown): boolean {
  if (!isApiError(error) || error.status !== 402) return false;
  const body = error.body as { data?: LimitData } | undefined;
  const upgrade = body?.data?.upgradePlan?.name;
  notifications.show({
    id: PLAN_LIMIT_NOTICE_ID,
    color: 'orange',
    title: 'Plan limit reached',
    autoClose: 12_000,
    message: (
      <Stack gap={4}>
        <Text size="sm">{error.message}</Text>
        <Anchor href="/plans-list" size="sm" fw={600} data-testid="upgrade-link">
          {upgrade ? `Upgrade to ${upgrade}` : 'Upgrade'} <IconArrowUpRight size={14} />
        </Anchor>
      </Stack>
    ),
  });
  return true;
}

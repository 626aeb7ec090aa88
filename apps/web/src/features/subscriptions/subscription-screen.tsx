import { Badge, Button, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import type { TPlanInfo } from '@esigns/contracts/subscriptions';
import { formatDate } from '../../shared/format/date';
import { ConfirmDialog, QueryFailure } from '../../shared/ui/page-kit';
import { ProfileArea } from '../profile/profile-area';
import { priceText } from './plan-format';
import { SUBSCRIPTION_KEYS, cancelSubscription, fetchPlanInfo } from './subscriptions-api';
import { TransactionsTable } from './transactions-table';
import { UsageBars } from './usage-bars';

const STATUS: Record<TPlanInfo['status'], { label: string; color: string }> = {
  ACTIVE: { label: 'Active', color: 'teal' },
  PENDING_PAYMENT: { label: 'Awaiting payment', color: 'orange' },
  PAST_DUE: { label: 'Payment overdue', color: 'orange' },
  CANCELED: { label: 'Cancelled', color: 'gray' },
  EXPIRED: { label: 'Expired', color: 'red' },
};

function PlanSummary({ info, onCancel }: { info: TPlanInfo; onCancel: () => void }) {
  const status = STATUS[info.status];
  const isPaid = !info.plan.is_free && info.current_period_end !== null;
  return (
    <Paper withBorder p="lg" radius="md" data-testid="current-plan">
      <Stack gap="xs">
        <Group justify="space-between" wrap="wrap">
          <Group gap="sm">
            <Title order={3} size="h4">
              {info.plan.name}
            </Title>
            <Badge color={status.color} data-testid="plan-status">
              {status.label}
            </Badge>
          </Group>
          <Group gap="xs">
            <Button component={Link} to="/plans-list" disabled={!info.is_owner}>
              Change plan
            </Button>
            {isPaid && info.status === 'ACTIVE' && !info.cancel_at_period_end && (
              <Button variant="default" color="red" onClick={onCancel} disabled={!info.is_owner}>
                Cancel renewal
              </Button>
            )}
          </Group>
        </Group>
        {info.interval && <Text size="sm">{priceText(info.plan, info.interval)}</Text>}
        {info.current_period_end && (
          <Text size="sm" c="dimmed" data-testid="period-end">
            {info.status === 'EXPIRED'
              ? `Ended ${formatDate(info.current_period_end)}: Free limits apply.`
              : info.cancel_at_period_end
                ? `Ends ${formatDate(info.current_period_end)} (not renewing).`
                : `Renews ${formatDate(info.current_period_end)}.`}
          </Text>
        )}
        {info.pending && (
          <Text size="sm" c="orange">
            {info.pending.plan.name} ({info.pending.interval === 'year' ? 'yearly' : 'monthly'}) starts once
            its payment is confirmed.
          </Text>
        )}
        {!info.is_owner && (
          <Text size="sm" c="dimmed">
            Only the company’s owner changes the plan.
          </Text>
        )}
      </Stack>
    </Paper>
  );
}

/** /profile/subscription: the plan, its status and period, usage per limit, change/cancel, payments. */
export function SubscriptionScreen() {
  const queryClient = useQueryClient();
  const [confirming, setConfirming] = useState(false);
  const info = useQuery({ queryKey: SUBSCRIPTION_KEYS.info, queryFn: ({ signal }) => fetchPlanInfo(signal) });
  const cancel = useMutation({
    mutationFn: cancelSubscription,
    onSuccess: () => {
      setConfirming(false);
      void queryClient.invalidateQueries({ queryKey: SUBSCRIPTION_KEYS.all });
      notifications.show({
        color: 'teal',
        title: 'Renewal cancelled',
        message: 'Your plan runs until its period ends.',
      });
    },
  });
  return (
    <ProfileArea
      title="Subscription"
      description="Your company's plan, what it allows and what you use."
      actions={
        <>
          {info.data?.is_operator && (
            <Button component={Link} to="/operator/billing" variant="default">
              Billing operations
            </Button>
          )}
          <Button component={Link} to="/profile/paymentsCards" variant="default">
            Billing details
          </Button>
        </>
      }
    >
      {info.isError ? (
        <QueryFailure query={info} title="Could not load your subscription" />
      ) : !info.data ? (
        <Skeleton h={320} />
      ) : (
        <Stack gap="lg">
          <PlanSummary info={info.data} onCancel={() => setConfirming(true)} />
          <Paper withBorder p="lg" radius="md">
            <Title order={4} mb="md">
              Usage
            </Title>
            <UsageBars usage={info.data.usage} />
          </Paper>
          <Paper withBorder p="lg" radius="md">
            <Title order={4} mb="md">
              Payments
            </Title>
            <TransactionsTable />
          </Paper>
        </Stack>
      )}
      <ConfirmDialog
        opened={confirming}
        title="Cancel renewal"
        confirmLabel="Cancel renewal"
        onConfirm={() => cancel.mutate()}
        onClose={() => setConfirming(false)}
        isPending={cancel.isPending}
        error={cancel.error}
      >
        Your plan stays until its period ends, then the company moves to Free. Nothing is deleted.
      </ConfirmDialog>
    </ProfileArea>
  );
}

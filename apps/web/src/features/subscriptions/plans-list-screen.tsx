import { useState } from 'react';
import { Alert, Button, Group, SegmentedControl, SimpleGrid, Skeleton } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconCheck } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import type { BillingInterval, TPlan } from '@esigns/contracts/subscriptions';
import { usePageTitle } from '../../shared/branding/use-page-title';
import { PageFrame, QueryFailure } from '../../shared/ui/page-kit';
import { CheckoutDialog } from './checkout-dialog';
import { PlanCard } from './plan-card';
import { SUBSCRIPTION_KEYS, fetchPlanInfo, fetchPlans } from './subscriptions-api';

/** Leaves the app for Stripe Checkout (a function so tests can replace it). */
export const leaveFor = { url: (url: string) => window.location.assign(url) };

/**
 * /plans-list: the plans as cards (monthly / yearly prices), the current one marked; the owner
 * chooses one (promo code, then Stripe Checkout or wire instructions; Free at once).
 */
export function PlansListScreen() {
  usePageTitle('Plans');
  const queryClient = useQueryClient();
  const [interval, setInterval] = useState<BillingInterval>('month');
  const [chosen, setChosen] = useState<TPlan | null>(null);
  const plans = useQuery({ queryKey: SUBSCRIPTION_KEYS.plans, queryFn: ({ signal }) => fetchPlans(signal) });
  const info = useQuery({ queryKey: SUBSCRIPTION_KEYS.info, queryFn: ({ signal }) => fetchPlanInfo(signal) });
  const failed = plans.isError ? plans : info.isError ? info : null;
  const isOwner = info.data?.is_owner ?? false;
  const currentId = info.data && info.data.status !== 'EXPIRED' ? info.data.plan._id : null;

  const activated = () => {
    setChosen(null);
    void queryClient.invalidateQueries({ queryKey: SUBSCRIPTION_KEYS.all });
    notifications.show({
      color: 'teal',
      icon: <IconCheck size={18} />,
      title: 'Plan updated',
      message: 'Your plan has changed.',
    });
  };

  return (
    <PageFrame
      title="Plans"
      description="Prices in Indian rupees, taxes extra. Change or cancel at any time from your subscription."
      actions={
        <Group gap="sm">
          <SegmentedControl
            value={interval}
            onChange={(value) => setInterval(value as BillingInterval)}
            data={[
              { label: 'Monthly', value: 'month' },
              { label: 'Yearly', value: 'year' },
            ]}
            aria-label="Billing interval"
          />
          <Button component={Link} to="/profile/subscription" variant="default">
            My subscription
          </Button>
        </Group>
      }
    >
      {failed ? (
        <QueryFailure query={failed} title="Could not load the plans" />
      ) : !plans.data || !info.data ? (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }}>
          {[0, 1, 2, 3].map((i) => (
            <Skeleton key={i} h={380} radius="md" />
          ))}
        </SimpleGrid>
      ) : (
        <>
          {!isOwner && (
            <Alert color="gray" data-testid="owner-only">
              Only the company’s owner changes its plan.
            </Alert>
          )}
          {info.data.status === 'EXPIRED' && (
            <Alert color="orange" title="Your plan has expired">
              Free limits apply until you choose a plan again.
            </Alert>
          )}
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }}>
            {plans.data.map((plan) => (
              <PlanCard
                key={plan._id}
                plan={plan}
                interval={interval}
                isCurrent={plan._id === currentId}
                isPending={info.data?.pending?.plan._id === plan._id}
                canChoose={isOwner}
                isBusy={false}
                onChoose={setChosen}
              />
            ))}
          </SimpleGrid>
        </>
      )}
      <CheckoutDialog
        plan={chosen}
        interval={interval}
        onClose={() => setChosen(null)}
        onActivated={activated}
        onAwaitingPayment={() => void queryClient.invalidateQueries({ queryKey: SUBSCRIPTION_KEYS.all })}
        onRedirect={(url) => leaveFor.url(url)}
      />
    </PageFrame>
  );
}

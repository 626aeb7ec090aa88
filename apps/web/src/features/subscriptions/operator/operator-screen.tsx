import { Skeleton, Tabs } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { usePageTitle } from '../../../shared/branding/use-page-title';
import { PageFrame, QueryFailure, StateMessage } from '../../../shared/ui/page-kit';
import { SUBSCRIPTION_KEYS, fetchPlanInfo } from '../subscriptions-api';
import { PlansOverview } from './plans-overview';
import { PromoCodes } from './promo-codes';
import { WirePayments } from './wire-payments';

const TABS = ['wires', 'promo-codes', 'plans'] as const;
type Tab = (typeof TABS)[number];

/**
 * /operator/billing: the instance operators' console (OPERATOR_EMAILS): companies' wire payments
 * to mark paid or failed, promo codes, and the plans on sale. Anyone else sees why it is closed.
 */
export function OperatorBillingScreen() {
  usePageTitle('Billing operations');
  const [params, setParams] = useSearchParams();
  const tab: Tab = TABS.find((t) => t === params.get('tab')) ?? 'wires';
  const info = useQuery({ queryKey: SUBSCRIPTION_KEYS.info, queryFn: ({ signal }) => fetchPlanInfo(signal) });
  if (info.isError) return <QueryFailure query={info} title="Could not load your access" />;
  if (!info.data) return <Skeleton h={240} />;
  if (!info.data.is_operator) {
    return (
      <StateMessage icon={<IconLock size={28} />} title="For instance operators" testId="not-operator">
        Only the addresses listed in the instance’s OPERATOR_EMAILS manage plans, promo codes and wire
        payments.
      </StateMessage>
    );
  }
  return (
    <PageFrame
      title="Billing operations"
      description="Mark companies’ wire payments, manage promo codes and see the plans on sale."
    >
      <Tabs
        value={tab}
        onChange={(value) => setParams(value && value !== 'wires' ? { tab: value } : {}, { replace: true })}
      >
        <Tabs.List mb="md">
          <Tabs.Tab value="wires">Wire payments</Tabs.Tab>
          <Tabs.Tab value="promo-codes">Promo codes</Tabs.Tab>
          <Tabs.Tab value="plans">Plans</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="wires">{tab === 'wires' && <WirePayments />}</Tabs.Panel>
        <Tabs.Panel value="promo-codes">{tab === 'promo-codes' && <PromoCodes />}</Tabs.Panel>
        <Tabs.Panel value="plans">{tab === 'plans' && <PlansOverview />}</Tabs.Panel>
      </Tabs>
    </PageFrame>
  );
}

import { Anchor, Button, Group, SimpleGrid, Stack, Text, Timeline, Title } from '@mantine/core';
import { IconArrowLeft, IconEdit } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import type { TPayButtonPaymentDetail } from '@esigns/contracts/pay-buttons';
import { usePageTitle } from '../../shared/branding/use-page-title';
import { formatDateTime } from '../../shared/format/date';
import { useCan } from '../../shared/permissions/use-can';
import { NoAccess, PageFrame, Panel, QueryFailure } from '../../shared/ui/page-kit';
import { SkeletonStack } from '../../shared/ui/list-screen';
import { PAY_KEYS, fetchPayment, money } from './pay-buttons-api';
import { StatusBadge } from './payments-status-screen';

export const statusUpdatePath = (id: string) =>
  `/entity-payment-status-update?payment=${encodeURIComponent(id)}`;

function Fact({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <Stack gap={2} miw={0}>
      <Text size="xs" c="dimmed" fw={600}>
        {label}
      </Text>
      <Text size="sm" style={{ overflowWrap: 'anywhere' }} component="div">
        {children}
      </Text>
    </Stack>
  );
}

/** What a payment was for, how much, who paid, through what. */
export function PaymentFacts({ payment }: { payment: TPayButtonPaymentDetail }) {
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" p="md" data-testid="payment-facts">
      <Fact label="Amount">{money(payment.amount)}</Fact>
      <Fact label="Status">
        <StatusBadge status={payment.status} />
      </Fact>
      <Fact label="For">
        {payment.target_kind === 'RECORD' ? 'Record' : 'Form submission'} {payment.target_id}
      </Fact>
      <Fact label="Button">{payment.field_key}</Fact>
      <Fact label="Payer">
        {[payment.payer.name, payment.payer.email].filter(Boolean).join(' · ') ||
          (payment.payer.kind === 'STAFF_MANUAL' ? 'Recorded by staff' : '—')}
      </Fact>
      <Fact label="Provider">{payment.provider ?? '—'}</Fact>
      <Fact label="Transaction">{payment.transaction_id ?? '—'}</Fact>
      <Fact label="Paid at">{payment.paid_at ? formatDateTime(payment.paid_at) : '—'}</Fact>
    </SimpleGrid>
  );
}

function History({ payment }: { payment: TPayButtonPaymentDetail }) {
  return (
    <Timeline bulletSize={14} lineWidth={2} p="md" pt={0} data-testid="payment-history">
      {payment.events.map((event) => (
        <Timeline.Item
          key={event._id}
          title={`${event.from_status ? `${event.from_status} → ` : ''}${event.to_status}`}
        >
          <Text size="xs" c="dimmed">
            {formatDateTime(event.created_at)} ·{' '}
            {event.source === 'MANUAL'
              ? 'by hand'
              : event.source === 'GATEWAY'
                ? 'payment provider'
                : 'started'}
          </Text>
          {event.reason && <Text size="sm">{event.reason}</Text>}
        </Timeline.Item>
      ))}
    </Timeline>
  );
}

/** /payments/{paymentDetailsId}: one pay-button payment, its facts and its history. */
export function PaymentDetailsScreen() {
  usePageTitle('Payment');
  const { paymentDetailsId = '' } = useParams();
  const rights = useCan();
  const payment = useQuery({
    queryKey: PAY_KEYS.payment(paymentDetailsId),
    queryFn: ({ signal }) => fetchPayment(paymentDetailsId, signal),
    enabled: rights.can('payments:view'),
  });
  const back = (
    <Button
      component={Link}
      to="/payments-status"
      variant="default"
      leftSection={<IconArrowLeft size={16} />}
    >
      All payments
    </Button>
  );
  if (!rights.isLoading && !rights.can('payments:view')) {
    return (
      <PageFrame title="Payment">
        <NoAccess>Your user type cannot see payments.</NoAccess>
      </PageFrame>
    );
  }
  return (
    <PageFrame
      title={payment.data?.description || 'Payment'}
      actions={
        <Group gap="xs">
          {back}
          {payment.data && rights.can('payments:configure') && (
            <Button
              component={Link}
              to={statusUpdatePath(payment.data._id)}
              leftSection={<IconEdit size={16} />}
            >
              Update status
            </Button>
          )}
        </Group>
      }
    >
      {payment.isError ? (
        <QueryFailure query={payment} title="Could not open the payment" />
      ) : !payment.data ? (
        <SkeletonStack count={2} height={120} />
      ) : (
        <Stack gap="lg" maw={900}>
          <Panel>
            <PaymentFacts payment={payment.data} />
          </Panel>
          <Panel>
            <Title order={4} size="h5" p="md" pb="sm">
              History
            </Title>
            <History payment={payment.data} />
          </Panel>
          <Anchor component={Link} to="/payments-status" size="sm">
            Back to the payments
          </Anchor>
        </Stack>
      )}
    </PageFrame>
  );
}

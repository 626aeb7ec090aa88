import { Alert, Button, Group, Loader, Stack, Text } from '@mantine/core';
import { IconCircleCheck, IconCircleX, IconClockHour4 } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router';
import { FINAL_TXN_STATUSES, formatMoney, type TTransaction } from '@esigns/contracts/payments';
import { usePageTitle } from '../../shared/branding/use-page-title';
import { PageFrame, Panel, QueryFailure, StateMessage } from '../../shared/ui/page-kit';
import { PAYMENT_KEYS, fetchTransaction } from './payments-api';

/** How often the page asks again while the payment is not settled. */
export const POLL_MS = 2_000;

const isFinal = (txn: TTransaction | undefined) => !!txn && FINAL_TXN_STATUSES.includes(txn.status);

function Outcome({ txn }: { txn: TTransaction }) {
  const amount = formatMoney(txn.amount);
  if (txn.status === 'PAID' || txn.status === 'REFUNDED') {
    return (
      <StateMessage
        icon={<IconCircleCheck size={28} />}
        color="teal"
        title={txn.status === 'PAID' ? 'Payment received' : 'Payment refunded'}
        testId="payment-paid"
      >
        <Text c="dimmed" size="sm">{`${amount} from ${txn.payer.email}`}</Text>
        {txn.invoiceId && (
          <Button component={Link} to={`/invoice?id=${txn.invoiceId}`} mt="sm">
            View the invoice
          </Button>
        )}
      </StateMessage>
    );
  }
  if (isFinal(txn)) {
    return (
      <StateMessage
        icon={<IconCircleX size={28} />}
        color="red"
        title="The payment did not go through"
        testId="payment-failed"
      >
        <Text c="dimmed" size="sm">
          {txn.failureReason ?? `The payment of ${amount} was ${txn.status.toLowerCase()}.`}
        </Text>
      </StateMessage>
    );
  }
  return (
    <StateMessage
      icon={<IconClockHour4 size={28} />}
      color="yellow"
      title="Waiting for the payment"
      testId="payment-pending"
    >
      <Group gap="xs">
        <Loader size="xs" />
        <Text c="dimmed" size="sm">{`${amount}: this page updates when the payment is confirmed.`}</Text>
      </Group>
      {txn.provider === 'MANUAL' && txn.instructions && (
        <Alert color="blue" title="Wire transfer" maw={480} ta="left" mt="sm">
          <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
            {txn.instructions}
          </Text>
          <Text size="sm" mt="xs">{`Reference: ${txn._id}`}</Text>
        </Alert>
      )}
    </StateMessage>
  );
}

/** /paymentStatus?txn=: where a checkout returns; asks again until the payment is settled. */
export function PaymentStatusScreen() {
  usePageTitle('Payment status');
  const [params] = useSearchParams();
  const id = params.get('txn') ?? '';
  const query = useQuery({
    queryKey: PAYMENT_KEYS.transaction(id),
    queryFn: ({ signal }) => fetchTransaction(id, signal),
    enabled: id !== '',
    refetchInterval: (q) => (isFinal(q.state.data) ? false : POLL_MS),
  });
  return (
    <PageFrame title="Payment status">
      {id === '' ? (
        <Panel>
          <StateMessage icon={<IconCircleX size={28} />} color="gray" title="No payment named">
            <Text c="dimmed" size="sm">
              Open this page from a payment&apos;s return link.
            </Text>
          </StateMessage>
        </Panel>
      ) : query.isError ? (
        <QueryFailure query={query} title="Could not load the payment" />
      ) : query.data ? (
        <Panel>
          <Stack>
            <Outcome txn={query.data} />
          </Stack>
        </Panel>
      ) : (
        <Panel>
          <StateMessage icon={<Loader size="sm" />} title="Loading the payment" />
        </Panel>
      )}
    </PageFrame>
  );
}

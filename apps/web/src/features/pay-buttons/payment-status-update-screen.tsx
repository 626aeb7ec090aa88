import { useState } from 'react';
import { Alert, Button, Group, Select, Stack, Text, Textarea } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { MANUAL_PAY_STATUSES, type TPayButtonPaymentDetail } from '@esigns/contracts/pay-buttons';
import { usePageTitle } from '../../shared/branding/use-page-title';
import { useCan } from '../../shared/permissions/use-can';
import { ErrorAlert, NoAccess, PageFrame, Panel, QueryFailure, errorText } from '../../shared/ui/page-kit';
import { SkeletonStack } from '../../shared/ui/list-screen';
import { PAY_KEYS, fetchPayment, fetchPayments, money, updatePaymentStatus } from './pay-buttons-api';
import { PaymentFacts } from './payment-details-screen';
import { paymentPath } from './payments-status-screen';

type ManualStatus = (typeof MANUAL_PAY_STATUSES)[number];

/** The statuses a payment in `status` may be set to by hand (REFUNDED only once paid). */
export function allowedStatuses(status: TPayButtonPaymentDetail['status']): ManualStatus[] {
  if (status === 'PAID') return ['REFUNDED'];
  return MANUAL_PAY_STATUSES.filter((s) => s !== 'REFUNDED' && s !== status);
}

/** Open payments to choose from when the screen is opened without one. */
function PendingPicker({ onPick }: { onPick: (id: string) => void }) {
  const pending = useQuery({
    queryKey: PAY_KEYS.payments({ status: 'PENDING', page: 1, limit: 100 }),
    queryFn: ({ signal }) => fetchPayments({ status: 'PENDING', page: 1, limit: 100 }, signal),
  });
  if (pending.isError) return <QueryFailure query={pending} title="Could not load the open payments" />;
  const data = (pending.data?.data ?? []).map((p) => ({
    value: p._id,
    label: `${p.description || p.field_key} · ${money(p.amount)} · ${p.payer.email ?? ''}`,
  }));
  return (
    <Panel>
      <Select
        p="md"
        label="Payment waiting for confirmation"
        placeholder={
          pending.isPending ? 'Loading…' : data.length ? 'Choose a payment' : 'No payment is waiting'
        }
        data={data}
        searchable
        onChange={(value) => value && onPick(value)}
      />
    </Panel>
  );
}

function StatusForm({ payment }: { payment: TPayButtonPaymentDetail }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const choices = allowedStatuses(payment.status);
  const [status, setStatus] = useState<ManualStatus | null>(choices[0] ?? null);
  const [reason, setReason] = useState('');
  const save = useMutation({
    mutationFn: () => updatePaymentStatus(payment._id, { status: status!, reason: reason.trim() }),
    onSuccess: (updated) => {
      notifications.show({ color: 'teal', message: `Payment marked ${updated.status.toLowerCase()}` });
      void queryClient.invalidateQueries({ queryKey: PAY_KEYS.all });
      void navigate(paymentPath(updated._id));
    },
  });
  const tooShort = reason.trim().length < 3;
  return (
    <Stack gap="md" p="md">
      <Select
        label="New status"
        data={choices.map((s) => ({ value: s, label: s.charAt(0) + s.slice(1).toLowerCase() }))}
        value={status}
        onChange={(value) => setStatus(value as ManualStatus | null)}
        allowDeselect={false}
      />
      <Textarea
        label="Reason"
        description="Kept in the payment's history, e.g. the bank reference of a wire transfer."
        value={reason}
        onChange={(e) => setReason(e.currentTarget.value)}
        maxLength={500}
        rows={3}
        required
      />
      {save.error && <ErrorAlert>{errorText(save.error)}</ErrorAlert>}
      <Group>
        <Button onClick={() => save.mutate()} loading={save.isPending} disabled={!status || tooShort}>
          Update status
        </Button>
        <Button component={Link} to={paymentPath(payment._id)} variant="default">
          Cancel
        </Button>
      </Group>
    </Stack>
  );
}

/**
 * /entity-payment-status-update?payment=<id>: staff set a pay-button payment's status by hand
 * (a wire transfer received, a refund) with a reason; without a payment, the open ones to pick.
 */
export function PaymentStatusUpdateScreen() {
  usePageTitle('Update payment status');
  const rights = useCan();
  const [params, setParams] = useSearchParams();
  const id = params.get('payment') ?? '';
  const payment = useQuery({
    queryKey: PAY_KEYS.payment(id),
    queryFn: ({ signal }) => fetchPayment(id, signal),
    enabled: Boolean(id) && rights.can('payments:configure'),
  });
  const title = 'Update payment status';
  if (!rights.isLoading && !rights.can('payments:configure')) {
    return (
      <PageFrame title={title}>
        <NoAccess>Your user type cannot change payments.</NoAccess>
      </PageFrame>
    );
  }
  return (
    <PageFrame title={title} description="For payments made outside the app, such as a wire transfer.">
      <Stack gap="lg" maw={760}>
        {!id ? (
          <PendingPicker onPick={(picked) => setParams({ payment: picked })} />
        ) : payment.isError ? (
          <QueryFailure query={payment} title="Could not open the payment" />
        ) : !payment.data ? (
          <SkeletonStack count={2} height={120} />
        ) : (
          <>
            <Panel>
              <PaymentFacts payment={payment.data} />
            </Panel>
            <Panel>
              {allowedStatuses(payment.data.status).length === 0 ? (
                <Alert color="gray" m="md">
                  This payment's status no longer changes.
                </Alert>
              ) : (
                <StatusForm payment={payment.data} />
              )}
            </Panel>
            <Text size="xs" c="dimmed">
              Marking a wire payment paid also confirms its transaction and issues its invoice.
            </Text>
          </>
        )}
      </Stack>
    </PageFrame>
  );
}

import { Anchor, Badge, Box, Text } from '@mantine/core';
import { IconCreditCard } from '@tabler/icons-react';
import { Link } from 'react-router';
import { PAY_BUTTON_PAYMENT_STATUSES, type TPayButtonPayment } from '@esigns/contracts/pay-buttons';
import { usePageTitle } from '../../shared/branding/use-page-title';
import { formatDateTime } from '../../shared/format/date';
import { useCan } from '../../shared/permissions/use-can';
import { ListScreen, ListView, useListQuery, type ListColumn } from '../../shared/ui/list-screen';
import { PAY_KEYS, STATUS_COLORS, fetchPayments, money } from './pay-buttons-api';

export const PAYMENTS_PAGE_SIZE = 10;

export const paymentPath = (id: string) => `/payments/${encodeURIComponent(id)}`;

const STATUS_OPTIONS = [
  { value: '', label: 'Any status' },
  ...PAY_BUTTON_PAYMENT_STATUSES.map((s) => ({ value: s, label: s.charAt(0) + s.slice(1).toLowerCase() })),
];

export function StatusBadge({ status }: { status: TPayButtonPayment['status'] }) {
  return (
    <Badge color={STATUS_COLORS[status]} variant="light">
      {status.charAt(0) + status.slice(1).toLowerCase()}
    </Badge>
  );
}

const COLUMNS: ListColumn<TPayButtonPayment>[] = [
  {
    key: 'payment',
    header: 'Payment',
    cell: (row) => (
      <Box miw={0}>
        <Anchor component={Link} to={paymentPath(row._id)} fw={500} size="sm">
          {row.description || row.field_key}
        </Anchor>
        <Text size="xs" c="dimmed">
          {row.target_kind === 'RECORD' ? 'Record' : 'Form submission'} · {row.provider ?? '—'}
        </Text>
      </Box>
    ),
  },
  { key: 'amount', header: 'Amount', width: 130, cell: (row) => <Text size="sm">{money(row.amount)}</Text> },
  { key: 'status', header: 'Status', width: 120, cell: (row) => <StatusBadge status={row.status} /> },
  {
    key: 'payer',
    header: 'Payer',
    width: 220,
    cell: (row) => (
      <Text size="sm" lineClamp={1}>
        {row.payer.name || row.payer.email || (row.payer.kind === 'STAFF_MANUAL' ? 'Recorded by staff' : '—')}
      </Text>
    ),
  },
  {
    key: 'created',
    header: 'Started',
    width: 170,
    cell: (row) => <Text size="sm">{formatDateTime(row.created_at)}</Text>,
  },
];

/**
 * /payments-status: the company's pay-button payments (records and form submissions), newest
 * first, with a status filter and a search by payer, description or transaction.
 */
export function PaymentsStatusScreen() {
  usePageTitle('Payments');
  const rights = useCan();
  const list = useListQuery({
    pageSize: PAYMENTS_PAGE_SIZE,
    filters: { status: '' as string },
    queryKey: PAY_KEYS.payments,
    queryFn: (params, signal) => fetchPayments({ ...params, status: params.status as never }, signal),
  });
  return (
    <ListScreen
      title="Payments"
      description="Payments made with the pay buttons of your records and forms."
      rights={rights}
      canView={rights.can('payments:view')}
      list={list}
      noAccess="Your user type cannot see payments."
      search={{ label: 'Search payments', placeholder: 'Payer, description or transaction', width: 280 }}
      selects={[{ key: 'status', label: 'Filter by status', data: STATUS_OPTIONS, width: 160 }]}
    >
      <ListView
        list={list}
        errorTitle="Could not load the payments"
        empty={{
          icon: IconCreditCard,
          title: 'No payments yet',
          text: 'Payments appear here once someone pays a pay button.',
          filtered: { title: 'No payment matches', text: 'Try another search or status.' },
        }}
        columns={COLUMNS}
        card={(row) => ({
          title: (
            <Anchor component={Link} to={paymentPath(row._id)} fw={500} size="sm">
              {row.description || row.field_key}
            </Anchor>
          ),
          meta: (
            <>
              <StatusBadge status={row.status} />
              <Text size="sm">{money(row.amount)}</Text>
              <Text size="xs" c="dimmed">
                {formatDateTime(row.created_at)}
              </Text>
            </>
          ),
        })}
        rowTestId="payment-row"
        minWidth={760}
        skeletonRows={4}
      />
    </ListScreen>
  );
}

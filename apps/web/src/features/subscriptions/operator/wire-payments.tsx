import { useState } from 'react';
import { Badge, Button, Group, SegmentedControl, Stack, Text, Textarea } from '@mantine/core';
import { IconBuildingBank } from '@tabler/icons-react';
import { notifications } from '@mantine/notifications';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TOperatorTransaction } from '@esigns/contracts/subscriptions';
import { formatDate } from '../../../shared/format/date';
import { FormDialog } from '../../../shared/ui/form-dialog';
import { ListView, type ListColumn } from '../../../shared/ui/list-screen';
import { moneyText } from '../plan-format';
import { SUBSCRIPTION_KEYS } from '../subscriptions-api';
import { OPERATOR_KEYS, fetchWireTransactions, markWire, type WireStatus } from './operator-api';

const STATUS_COLORS: Record<string, string> = { PENDING: 'orange', PAID: 'teal', FAILED: 'red' };

function FailDialog({ txn, onClose }: { txn: TOperatorTransaction; onClose: () => void }) {
  const [reason, setReason] = useState('');
  const mark = useMarkWire(onClose);
  return (
    <FormDialog
      onClose={onClose}
      title="Mark the wire failed"
      confirmLabel="Mark failed"
      isDestructive
      isPending={mark.isPending}
      error={mark.error}
      form={{
        id: 'wire-fail',
        label: 'Mark the wire failed',
        onSubmit: () => mark.mutate({ txn, status: 'FAILED', reason }),
      }}
      intro={
        <Text size="sm">
          {txn.payerCompanyName ?? 'The company'} keeps its current plan; the plan change is dropped.
        </Text>
      }
    >
      <Textarea
        label="Reason (shown to the company)"
        value={reason}
        maxLength={500}
        onChange={(event) => setReason(event.currentTarget.value)}
      />
    </FormDialog>
  );
}

function useMarkWire(onDone?: () => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({
      txn,
      status,
      reason,
    }: {
      txn: TOperatorTransaction;
      status: 'PAID' | 'FAILED';
      reason?: string;
    }) => markWire(txn._id, status, reason),
    onSuccess: (_result, { txn, status }) => {
      void queryClient.invalidateQueries({ queryKey: OPERATOR_KEYS.all });
      void queryClient.invalidateQueries({ queryKey: SUBSCRIPTION_KEYS.all });
      notifications.show({
        color: status === 'PAID' ? 'teal' : 'orange',
        title: status === 'PAID' ? 'Marked paid' : 'Marked failed',
        message: `${txn.payerCompanyName ?? 'The company'}: ${moneyText(txn.amount.amountMinor, txn.amount.currency)}`,
      });
      onDone?.();
    },
  });
}

function WireActions({ txn, onFail }: { txn: TOperatorTransaction; onFail: () => void }) {
  const mark = useMarkWire();
  if (txn.status !== 'PENDING') return null;
  return (
    <Group gap="xs" wrap="nowrap">
      <Button size="xs" loading={mark.isPending} onClick={() => mark.mutate({ txn, status: 'PAID' })}>
        Mark paid
      </Button>
      <Button size="xs" variant="default" color="red" onClick={onFail}>
        Mark failed
      </Button>
    </Group>
  );
}

function StatusBadge({ txn }: { txn: TOperatorTransaction }) {
  return (
    <Stack gap={2}>
      <Badge color={STATUS_COLORS[txn.status] ?? 'gray'} variant="light">
        {txn.status}
      </Badge>
      {txn.failureReason && (
        <Text size="xs" c="dimmed">
          {txn.failureReason}
        </Text>
      )}
    </Stack>
  );
}

const amountOf = (txn: TOperatorTransaction) => moneyText(txn.amount.amountMinor, txn.amount.currency);
const purposeOf = (txn: TOperatorTransaction) => txn.lines.map((line) => line.description).join(', ');

function company(txn: TOperatorTransaction) {
  return (
    <>
      <Text size="sm" fw={500}>
        {txn.payerCompanyName ?? '—'}
      </Text>
      <Text size="xs" c="dimmed">
        {txn.payer.email}
      </Text>
    </>
  );
}

/** The companies' wire plan payments: what waits to be marked paid or failed, and what was. */
export function WirePayments() {
  const [status, setStatus] = useState<WireStatus>('PENDING');
  const [page, setPage] = useState(1);
  const [failing, setFailing] = useState<TOperatorTransaction | null>(null);
  const query = useQuery({
    queryKey: OPERATOR_KEYS.wires(status, page),
    queryFn: ({ signal }) => fetchWireTransactions(status, page, signal),
    placeholderData: keepPreviousData,
  });
  const columns: ListColumn<TOperatorTransaction>[] = [
    { key: 'date', header: 'Date', cell: (txn) => formatDate(txn.createdAt) },
    { key: 'company', header: 'Company', cell: company },
    { key: 'for', header: 'For', cell: purposeOf },
    { key: 'amount', header: 'Amount', cell: amountOf },
    { key: 'status', header: 'Status', cell: (txn) => <StatusBadge txn={txn} /> },
    {
      key: 'actions',
      header: '',
      label: 'Actions',
      cell: (txn) => <WireActions txn={txn} onFail={() => setFailing(txn)} />,
    },
  ];
  return (
    <Stack gap="md">
      <SegmentedControl
        aria-label="Show wire payments"
        value={status}
        onChange={(value) => {
          setStatus(value as WireStatus);
          setPage(1);
        }}
        data={[
          { value: 'PENDING', label: 'Waiting' },
          { value: 'PAID', label: 'Paid' },
          { value: 'FAILED', label: 'Failed' },
        ]}
        style={{ alignSelf: 'flex-start' }}
      />
      <ListView
        list={{
          query,
          rows: query.data?.data ?? [],
          pager: {
            page,
            limit: 20,
            total: query.data?.total ?? 0,
            totalPages: query.data?.total_pages ?? 0,
            onPage: setPage,
          },
        }}
        errorTitle="Could not load the wire payments"
        empty={{
          icon: IconBuildingBank,
          title: status === 'PENDING' ? 'No wire payment is waiting' : 'None',
          testId: 'no-wires',
        }}
        columns={columns}
        minWidth={760}
        rowTestId="wire-row"
        card={(txn) => ({
          title: <div>{company(txn)}</div>,
          meta: (
            <>
              <Text size="sm">{amountOf(txn)}</Text>
              <StatusBadge txn={txn} />
              <Text size="xs" c="dimmed">
                {formatDate(txn.createdAt)} · {purposeOf(txn)}
              </Text>
            </>
          ),
          footer: <WireActions txn={txn} onFail={() => setFailing(txn)} />,
        })}
      />
      {failing && <FailDialog txn={failing} onClose={() => setFailing(null)} />}
    </Stack>
  );
}

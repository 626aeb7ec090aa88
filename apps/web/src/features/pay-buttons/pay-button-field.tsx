import { useState } from 'react';
import { Alert, Badge, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { IconCircleCheck, IconCreditCard } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TFormFieldOf } from '@esigns/contracts/nocode-fields';
import type { TStartPaymentResult } from '@esigns/contracts/pay-buttons';
import { isApiError } from '../../shared/api/api-error';
import { formatCurrency } from '../../shared/format/currency';
import { formatDateTime } from '../../shared/format/date';
import { errorText } from '../../shared/ui/page-kit';
import { usePayButtonScope, type PayButtonScopeValue } from './pay-button-scope';
import { PAY_KEYS, fetchPayStates, money, startPay, stateOf, type PayTarget } from './pay-buttons-api';

type PayButtonFieldType = TFormFieldOf<'PAY_BUTTON'>;

/** "Pay now · ₹500.00" for a fixed amount; the amount field's value is the server's to read. */
export function payLabel(field: PayButtonFieldType): string {
  const amount = field.amount !== undefined ? formatCurrency(field.amount, field.currency) : '';
  return amount ? `${field.button_label} · ${amount}` : field.button_label;
}

/** Where the payer comes back to: this page, as it is. */
const here = () => `${window.location.pathname}${window.location.search}`.slice(0, 480);

function Preview({ field, note }: { field: PayButtonFieldType; note: string }) {
  return (
    <Stack gap={4}>
      <Text size="sm" fw={500}>
        {field.label}
      </Text>
      <Button disabled variant="light" leftSection={<IconCreditCard size={16} />} w="fit-content">
        {payLabel(field)}
      </Button>
      <Text size="xs" c="dimmed">
        {note}
      </Text>
    </Stack>
  );
}

function LivePayButton({
  field,
  scope,
  target,
}: {
  field: PayButtonFieldType;
  scope: PayButtonScopeValue;
  target: PayTarget;
}) {
  const queryClient = useQueryClient();
  const options = scope.guestHeaders ? { headers: scope.guestHeaders, skipAuthRefresh: true } : {};
  const states = useQuery({
    queryKey: PAY_KEYS.status(target),
    queryFn: ({ signal }) => fetchPayStates(target, { ...options, signal }),
  });
  const [started, setStarted] = useState<TStartPaymentResult | null>(null);
  const [email, setEmail] = useState('');
  const pay = useMutation({
    mutationFn: () =>
      startPay(target, field.key, here(), {
        ...options,
        guest: Boolean(scope.guestHeaders),
        payerEmail: email.trim() || undefined,
      }),
    onSuccess: (result) => {
      if (result.redirect_url) {
        window.location.assign(result.redirect_url);
        return;
      }
      setStarted(result);
      void queryClient.invalidateQueries({ queryKey: PAY_KEYS.status(target) });
    },
  });
  const state = stateOf(states.data, target, field.key);
  if (state?.paid) {
    return (
      <Stack gap={4} data-testid={`pay-button-${field.key}`}>
        <Text size="sm" fw={500}>
          {field.label}
        </Text>
        <Group gap="xs">
          <Badge color="teal" size="lg" leftSection={<IconCircleCheck size={14} />}>
            Paid {state.amount ? money(state.amount) : ''}
          </Badge>
          {state.paid_at && (
            <Text size="xs" c="dimmed">
              {formatDateTime(state.paid_at)}
            </Text>
          )}
        </Group>
        {state.transaction_id && (
          <Text size="xs" c="dimmed">
            Transaction {state.transaction_id}
          </Text>
        )}
      </Stack>
    );
  }
  const pending = started ?? (state?.status === 'PENDING' ? state : null);
  // An anonymous guest has no email: the server asks for one to send the receipt to.
  const askEmail = email !== '' || (isApiError(pay.error) && Boolean(pay.error.fieldErrors.payer_email));
  return (
    <Stack gap={4} data-testid={`pay-button-${field.key}`}>
      <Text size="sm" fw={500}>
        {field.label}
      </Text>
      {field.description && (
        <Text size="xs" c="dimmed">
          {field.description}
        </Text>
      )}
      {askEmail && (
        <TextInput
          label="Email for the receipt"
          type="email"
          value={email}
          onChange={(e) => setEmail(e.currentTarget.value)}
          maw={360}
        />
      )}
      <Button
        leftSection={<IconCreditCard size={16} />}
        w="fit-content"
        loading={pay.isPending}
        disabled={scope.readOnly || states.isLoading}
        onClick={() => pay.mutate()}
      >
        {payLabel(field)}
      </Button>
      {state?.status && state.status !== 'PENDING' && (
        <Text size="xs" c="dimmed">
          The last payment was {state.status.toLowerCase()}; you can try again.
        </Text>
      )}
      {pending && (
        <Alert color="yellow" variant="light" title="Payment pending">
          {started?.instructions ?? 'Waiting for the payment to be confirmed.'}
        </Alert>
      )}
      {pay.error && !(askEmail && email) && (
        <Text size="xs" c="red" role="alert">
          {errorText(pay.error)}
        </Text>
      )}
    </Stack>
  );
}

/**
 * A PAY_BUTTON field: "Pay ₹X" where it can be paid (a saved record, a form step of a saved
 * submission), "Paid" with the transaction once paid; a disabled preview elsewhere.
 */
export function PayButtonField({ field }: { field: PayButtonFieldType }) {
  const scope = usePayButtonScope();
  if (!scope) return <Preview field={field} note="Payments are collected on saved records and forms." />;
  if (!scope.target) return <Preview field={field} note="Save this step first to pay." />;
  return <LivePayButton field={field} scope={scope} target={scope.target} />;
}
